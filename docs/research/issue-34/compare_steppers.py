#!/usr/bin/python3
"""Step-by-step identification: LAMMPS fix nve/sphere (or a YADE CSV) against
hand-written steppers in displacement coordinates.

usage: compare_steppers.py SCENARIO.json H T_END LAMMPS_DUMP|YADE_CSV
Prints, for each candidate scheme, the largest |x| and |v| difference over all
output times, next to the round-off scale sqrt(n) eps max|X| of absolute coordinates.
"""
import math, sys
import numpy as np

sys.path.insert(0, __file__.rsplit("/", 1)[0])
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/lammps")
import vv_stepper  # noqa: E402
import lammps_dump  # noqa: E402


def accel_fn(path):
    m, k, gamma, K, (alpha, beta), clip, wall, x0, v0 = vv_stepper.load(path)
    n = len(m)

    def accel(x, v):
        d, dd = x[:-1] - x[1:], v[:-1] - v[1:]
        dp = np.maximum(d, 0.0)
        f = k * dp**alpha
        if beta is not None:
            f = f + np.where(d > 0, beta * gamma * k * dp ** (beta - 1) * dd, 0.0)
            if clip:
                f = np.maximum(f, 0.0)
        F = -K * x
        F[: n - 1] -= f
        F[1:] += f
        return F / m
    return accel, x0, v0


def lammps_vv(accel, x, v, h, nsteps):  # one force per step, F(x_{n+1}, v_{n+1/2})
    out = [(x.copy(), v.copy())]
    a = accel(x, v)
    for _ in range(nsteps):
        v = v + 0.5 * h * a
        x = x + h * v
        a = accel(x, v)
        v = v + 0.5 * h * a
        out.append((x.copy(), v.copy()))
    return out


def granconv_vv(accel, x, v, h, nsteps):  # schemes/dem_schemes.hpp velocity-verlet: F(x_n, v_n) recomputed
    out = [(x.copy(), v.copy())]
    for _ in range(nsteps):
        v = v + 0.5 * h * accel(x, v)
        x = x + h * v
        v = v + 0.5 * h * accel(x, v)
        out.append((x.copy(), v.copy()))
    return out


def leapfrog(accel, x, v, h, nsteps):  # dem_schemes.hpp leapfrog, half-kick start, synchronised output v
    out = [(x.copy(), v.copy())]
    vh = v - 0.5 * h * accel(x, v)  # v_{-1/2}
    for _ in range(nsteps):
        a = accel(x, vh)
        vh = vh + h * a            # v_{n+1/2}
        x = x + h * vh
        a1 = accel(x, vh)
        out.append((x.copy(), vh + 0.5 * h * a1))
    return out


def leapfrog_v0(accel, x, v, h, nsteps):  # YADE: v_{-1/2} = v_0, output the half-step velocity v_{n+1/2}
    out = [(x.copy(), v.copy())]
    for _ in range(nsteps):
        v = v + h * accel(x, v)
        x = x + h * v
        out.append((x.copy(), v.copy()))
    return out


def main():
    path, h, t_end, traj = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
    accel, x0, v0 = accel_fn(path)
    nsteps = round(t_end / h)
    if traj.endswith(".csv"):
        rows = np.loadtxt(traj, delimiter=",", skiprows=1, ndmin=2)
        absmax = float("nan")
    else:
        frames = lammps_dump.read_dump(traj)
        rows = np.array(lammps_dump.to_rows(frames, list(x0)))
        absmax = max(max(abs(X) for X in f[2]) for f in frames)
    n = len(x0)
    every = round((rows[1, 0] - rows[0, 0]) / h)
    for name, fn in [("lammps-vv (1 force/step)", lammps_vv), ("granconv velocity-verlet", granconv_vv),
                     ("granconv leapfrog half-kick", leapfrog), ("leapfrog v0, half-step v", leapfrog_v0)]:
        ref = fn(accel, x0.copy(), v0.copy(), h, nsteps)[::every]
        X = np.array([r[0] for r in ref]); V = np.array([r[1] for r in ref])
        dx = np.abs(X - rows[:, 1:n + 1]).max(); dv = np.abs(V - rows[:, n + 1:]).max()
        print(f"{name:30s} max|dx| = {dx:.3e}  max|dv| = {dv:.3e}")
    print(f"rows {len(rows)}, steps {nsteps}, max|X| {absmax:.3g}, "
          f"sqrt(n) eps max|X| = {math.sqrt(nsteps) * 2.220446049250313e-16 * absmax:.3e}")


if __name__ == "__main__":
    main()
