#!/usr/bin/python3
"""A DEM integrator outside granconv: the external-scheme protocol's minimal
example (docs/external-codes.md). Velocity Verlet as DEM codes run it (LAMMPS
fix nve/sphere): one force per step, the force of step n+1 taken at
(x_{n+1}, v_{n+1/2}).

usage: dem_stepper.py SCENARIO.json H T_END EVERY OUT.csv [--kick-fraction F | --stiffness-scale S]
Writes "t,x1..xn,v1..vn" (displacements from the touching rest state) at
t = 0, EVERY, ..., T_END with %.17g. The options are the claims' negative
twins: --kick-fraction F splits each step's kick F : 1-F instead of 1/2 : 1/2
(a perturbed method, first order); --stiffness-scale S multiplies every k by S
(a perturbed model). Errors: one line on stderr, status 2, no output file.
"""
import json, os, sys
import numpy as np

LAWS = {"hertz": (1.5, None), "kk": (1.5, 1.5), "hertz-dashpot": (1.5, 1.0),
        "hunt-crossley": (1.5, 2.5), "spring-dashpot": (1.0, 1.0), "tsuji": (1.5, 1.25)}


def fail(msg):
    sys.stderr.write(f"dem_stepper: {msg}\n")
    sys.exit(2)


def main(argv):
    args, kick, scale = argv[1:], 0.5, 1.0
    if len(args) == 7 and args[5] in ("--kick-fraction", "--stiffness-scale"):
        kick, scale = (float(args[6]), scale) if args[5] == "--kick-fraction" else (kick, float(args[6]))
        args = args[:5]
    if len(args) != 5:
        fail("usage: dem_stepper.py SCENARIO.json H T_END EVERY OUT.csv [--kick-fraction F | --stiffness-scale S]")
    try:
        s = json.load(open(args[0]))
        h, t_end, every = (float(a) for a in args[1:4])
        m = np.array(s["masses"], float)
        c = s["contacts"] if isinstance(s["contacts"], list) else [s["contacts"]] * (len(m) - 1)
        law = c[0]["law"].removesuffix("-nontensile")
        clip = c[0]["law"].endswith("-nontensile")
        alpha, beta = LAWS[law]
        k = scale * np.array([ci["stiffness"] for ci in c], float)
        gamma = np.array([ci.get("damping", 0.0) for ci in c], float)
        x, v = np.zeros(len(m)), np.zeros(len(m))
        v[s["initial"]["impact"]["bead"]] = s["initial"]["impact"]["speed"]
    except (OSError, ValueError, KeyError, TypeError, IndexError) as e:
        fail(f"scenario not supported (masses, one law of {', '.join(LAWS)}, an impact): {e!r}")
    per_out, n_out = round(every / h), round(t_end / every)
    if per_out < 1 or abs(per_out * h - every) > 1e-9 * every or abs(n_out * every - t_end) > 1e-9 * t_end:
        fail(f"every = {every!r} must be a whole number of steps h = {h!r}, and t_end = {t_end!r} of every")

    def accel(x, v):  # f_j = k d^alpha + beta gamma k d^(beta-1) d' on the overlap d of contact j
        d, dd = x[:-1] - x[1:], v[:-1] - v[1:]
        dp = np.maximum(d, 0.0)
        f = k * dp**alpha
        if beta is not None:
            f = f + np.where(d > 0, beta * gamma * k * dp ** (beta - 1) * dd, 0.0)
            f = np.maximum(f, 0.0) if clip else f
        F = np.zeros(len(m))
        F[:-1] -= f
        F[1:] += f
        return F / m

    rows, a = [np.concatenate(([0.0], x, v))], accel(x, v)
    for step in range(1, per_out * n_out + 1):
        v = v + kick * h * a
        x = x + h * v
        a = accel(x, v)
        v = v + (1 - kick) * h * a
        if step % per_out == 0:
            rows.append(np.concatenate(([step * h], x, v)))
    n = len(m)
    with open(args[4] + ".part", "w") as f:
        f.write(",".join(["t"] + [f"x{i + 1}" for i in range(n)] + [f"v{i + 1}" for i in range(n)]) + "\n")
        f.writelines(",".join("%.17g" % z for z in r) + "\n" for r in rows)
    os.replace(args[4] + ".part", args[4])


if __name__ == "__main__":
    main(sys.argv)
