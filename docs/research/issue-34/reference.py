#!/usr/bin/python3
"""Reference trajectory of a granconv scenario (the same force law as vv_stepper.py)
by scipy's DOP853, restarted at every contact event: a gap crossing zero, and for
a non-tensile law the total force of a closed contact crossing zero (clipping).

usage: reference.py SCENARIO.json T_END EVERY OUT.csv [RTOL]
Writes t, x_1..x_n, v_1..v_n at t = 0, EVERY, ..., T_END (%.17g).
"""
import sys
import numpy as np
from scipy.integrate import solve_ivp

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import vv_stepper  # noqa: E402


def make(path):
    m, k, gamma, K, (alpha, beta), clip, wall, x0, v0 = vv_stepper.load(path)
    if wall:
        raise SystemExit("reference.py: walls are not covered")
    n = len(m)

    def link_forces(x, v):
        d, dd = x[:-1] - x[1:], v[:-1] - v[1:]
        dp = np.maximum(d, 0.0)
        f = k * dp**alpha
        if beta is not None:
            f = f + np.where(d > 0, beta * gamma * k * dp ** (beta - 1) * dd, 0.0)
        return d, f

    def rhs(t, y):
        x, v = y[:n], y[n:]
        d, f = link_forces(x, v)
        if clip:
            f = np.maximum(f, 0.0)
        F = -K * x
        F[: n - 1] -= f
        F[1:] += f
        return np.concatenate((v, F / m))

    events = []
    for j in range(n - 1):
        events.append(lambda t, y, j=j: y[j] - y[j + 1])  # the gap
        if clip:  # the unclipped total force of a closed contact
            events.append(lambda t, y, j=j: link_forces(y[:n], y[n:])[1][j] if y[j] > y[j + 1] else 1.0)
    return rhs, events, np.concatenate((x0, v0)), n


def solve(path, t_end, every, rtol=1e-13, times=None):
    rhs, events, y, n = make(path)
    if times is None:
        times = np.arange(round(t_end / every) + 1) * every
    t_end = times[-1]
    out = np.empty((len(times), 2 * n))
    t = 0.0
    # After an event the same function must cross in the other direction next: a direction per event.
    direction = []
    for g in events:
        val = g(0.0, y)
        direction.append(-1.0 if val >= 0 else 1.0)
    filled = 0
    count = 0
    while t < t_end:
        for g, dr in zip(events, direction):
            g.terminal, g.direction = True, dr
        te = times[filled:]
        if t_end == t:
            out[filled:] = y
            break
        sol = solve_ivp(rhs, (t, t_end), y, method="DOP853", rtol=rtol, atol=rtol * 1e-3,
                        events=events, dense_output=True)
        if sol.status < 0:
            raise SystemExit(f"reference.py: {sol.message}")
        t_stop = sol.t[-1]
        inside = te[te <= t_stop] if sol.status == 0 else te[te < t_stop]
        for tt in inside:
            out[filled] = sol.sol(tt) if tt != t else y
            filled += 1
        if sol.status == 1:
            hit = [i for i, ev in enumerate(sol.t_events) if len(ev)]
            for i in hit:
                direction[i] = -direction[i]
            count += 1
            y = sol.y_events[hit[0]][0]
            t = sol.t_events[hit[0]][0]
        else:
            t, y = t_stop, sol.y[:, -1]
    return times, out, count


if __name__ == "__main__":
    path, t_end, every, dest = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
    rtol = float(sys.argv[5]) if len(sys.argv) > 5 else 1e-13
    shift = float(sys.argv[6]) if len(sys.argv) > 6 else 0.0  # output at t - shift (t > 0): half-step velocities
    times = np.arange(round(t_end / every) + 1) * every
    times[1:] -= shift
    _, out, count = solve(path, t_end, every, rtol, times)
    n = out.shape[1] // 2
    with open(dest, "w") as f:
        f.write("t," + ",".join(f"x{i + 1}" for i in range(n)) + "," + ",".join(f"v{i + 1}" for i in range(n)) + "\n")
        for t, r in zip(times, out):
            f.write(",".join("%.17g" % z for z in np.concatenate(([t], r))) + "\n")
    sys.stderr.write(f"reference.py: {count} events\n")
