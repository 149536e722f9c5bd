#!/usr/bin/python3
"""The first-order error of the damped runs is the lagged damping velocity: check against the
modified equation x'' = F(x, v - (h/2) F(x, v)) (the force at the half-kicked velocity).
usage: mechanism.py SCENARIO.json H
Prints, at the output times (every 0.25): the stepper's error |x_h - x|, the modified-equation
prediction |x_mod - x|, and the remainder |x_h - x_mod| (expected O(h^2))."""
import sys
import numpy as np
sys.path.insert(0, ".")
import reference, vv_stepper, compare_steppers
from scipy.integrate import solve_ivp

path, h = sys.argv[1], float(sys.argv[2])
m, k, gamma, K, (alpha, beta), clip, wall, x0, v0 = vv_stepper.load(path)
import json
t_end = json.load(open(path))["t_end"]
n = len(m)
accel, _, _ = compare_steppers.accel_fn(path)
times, ref, _ = reference.solve(path, t_end, 0.25)

def rhs_mod(t, y):
    x, v = y[:n], y[n:]
    a = accel(x, v)
    return np.concatenate((v, accel(x, v - 0.5 * h * a)))

events = [lambda t, y, j=j: y[j] - y[j + 1] for j in range(n - 1)]
# restart at every gap event, as reference.py does
y, t, out, filled, direction = np.concatenate((x0, v0)), 0.0, np.empty_like(ref), 0, [-1.0] * (n - 1)
while t < t_end:
    for g, d in zip(events, direction):
        g.terminal, g.direction = True, d
    sol = solve_ivp(rhs_mod, (t, t_end), y, method="DOP853", rtol=1e-13, atol=1e-16, events=events, dense_output=True)
    te = times[filled:]
    inside = te[te <= sol.t[-1]] if sol.status == 0 else te[te < sol.t[-1]]
    for tt in inside:
        out[filled] = sol.sol(tt); filled += 1
    if sol.status == 1:
        hit = [i for i, e in enumerate(sol.t_events) if len(e)]
        for i in hit:
            direction[i] = -direction[i]
        t, y = sol.t_events[hit[0]][0], sol.y_events[hit[0]][0]
    else:
        break
num = np.array([r[0] for r in compare_steppers.lammps_vv(accel, x0.copy(), v0.copy(), h, round(t_end / h))[::round(0.25 / h)]])
e_num = np.abs(num - ref[:, :n]).max(axis=1)
e_mod = np.abs(out[:, :n] - ref[:, :n]).max(axis=1)
e_rem = np.abs(num - out[:, :n]).max(axis=1)
print(f"# {path} h = {h:g}: t, |x_h - x|, |x_mod - x|, |x_h - x_mod|")
for t, a, b, c in zip(times, e_num, e_mod, e_rem):
    if round(t / 0.25) % 4 == 0:
        print(f"{t:5.2f} {a:.4e} {b:.4e} {c:.4e}")
