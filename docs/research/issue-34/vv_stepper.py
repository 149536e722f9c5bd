#!/usr/bin/python3
"""Velocity Verlet as DEM codes run it (LAMMPS fix nve/sphere): one force
evaluation per step, the force of step n+1 taken at (x_{n+1}, v_{n+1/2}).

usage: vv_stepper.py SCENARIO.json H T_END EVERY OUT.csv
Writes "t,x_1..x_n,v_1..v_n" (displacements from the touching rest state) at
t = 0, EVERY, 2 EVERY, ..., T_END, each value with %.17g. Errors: one line on
stderr, status 2, no output file.
"""
import json, math, os, sys
import numpy as np

LAWS = {  # law -> (alpha, beta) of f = k d^alpha + beta gamma k d^(beta-1) d', d > 0
    "hertz": (1.5, None), "kk": (1.5, 1.5), "hertz-dashpot": (1.5, 1.0),
    "hunt-crossley": (1.5, 2.5), "spring-dashpot": (1.0, 1.0),
    "tsuji": (1.5, 1.25)}  # proposed (issue 34); "<law>-nontensile": f clipped at 0


def fail(msg):
    sys.stderr.write(f"vv_stepper: {msg}\n")
    sys.exit(2)


def steps_of(a, h, what):
    n = round(a / h)
    if n < 1 or abs(n * h - a) > 1e-9 * a:
        fail(f"{what} = {a!r} is not an integer multiple of h = {h!r}")
    return n


def load(path):
    with open(path) as f:
        s = json.load(f)
    if "radii" in s:
        r = np.array(s["radii"], float)
        m = s["density"] * 4.0 / 3.0 * math.pi * r**3
    else:
        r, m = None, np.array(s["masses"], float)
    n, wall = len(m), bool(s.get("wall", False))
    links = n - 1 + wall
    c = s["contacts"]
    c = c if isinstance(c, list) else [c] * links
    law = c[0]["law"]
    clip = law.endswith("-nontensile")
    if clip:
        law = law[: -len("-nontensile")]
    if law not in LAWS or any(ci["law"] != c[0]["law"] for ci in c):
        fail(f"{path}: contact law {law!r} is not supported (one of {', '.join(LAWS)})")
    if "young_modulus" in s:  # Hertz K = (4/3) E* sqrt(R*); one material, the wall's too
        e_star = s["young_modulus"] / (2 * (1 - s["poisson_ratio"] ** 2))
        r_star = r[:-1] * r[1:] / (r[:-1] + r[1:])
        k = 4.0 / 3.0 * e_star * np.sqrt(np.append(r_star, r[-1]) if wall else r_star)
    else:
        k = np.array([ci["stiffness"] for ci in c], float)
    gamma = np.array([ci.get("damping", 0.0) for ci in c], float)
    K = np.broadcast_to(np.array(s.get("local_springs", 0.0), float), (n,)).copy()
    ini = s["initial"]
    x0, v0 = np.zeros(n), np.zeros(n)
    if "impact" in ini:
        v0[ini["impact"]["bead"]] = ini["impact"]["speed"]
    else:
        x0, v0 = np.array(ini["positions"], float), np.array(ini["velocities"], float)
    return m, k, gamma, K, LAWS[law], clip, wall, x0, v0


def main(argv):
    if len(argv) != 6:
        fail("usage: vv_stepper.py SCENARIO.json H T_END EVERY OUT.csv")
    try:
        m, k, gamma, K, (alpha, beta), clip, wall, x, v = load(argv[1])
        h, t_end, every = (float(a) for a in argv[2:5])
    except (OSError, ValueError, KeyError, TypeError, IndexError) as e:
        fail(f"bad input: {e}")
    if not all(math.isfinite(a) and a > 0 for a in (h, t_end, every)):
        fail("h, t_end and every must be finite and > 0")
    per_out, n_out = steps_of(every, h, "every"), steps_of(t_end, every, "t_end")
    n = len(m)

    def accel(x, v):  # m_i a_i = -K_i x_i + f_{i-1} - f_i
        xr, vr = (np.append(x, 0.0), np.append(v, 0.0)) if wall else (x, v)
        d, dd = xr[:-1] - xr[1:], vr[:-1] - vr[1:]
        dp = np.maximum(d, 0.0)
        f = k * dp**alpha
        if beta is not None:
            f += np.where(d > 0, beta * gamma * k * dp ** (beta - 1) * dd, 0.0)
            if clip:
                f = np.maximum(f, 0.0)
        F = -K * x
        F[: n - 1] -= f[: n - 1]
        F[1:] += f[: n - 1]
        if wall:
            F[-1] -= f[-1]
        return F / m

    rows = [np.concatenate(([0.0], x, v))]
    a = accel(x, v)  # LAMMPS's setup: the first force at (x_0, v_0)
    for step in range(1, per_out * n_out + 1):
        v = v + 0.5 * h * a          # initial_integrate: v_{n+1/2}
        x = x + h * v                #                    x_{n+1}
        a = accel(x, v)              # forces at (x_{n+1}, v_{n+1/2})
        v = v + 0.5 * h * a          # final_integrate:   v_{n+1}
        if not (np.all(np.isfinite(x)) and np.all(np.isfinite(v))):
            fail(f"diverged at step {step} (t = {step * h:.17g})")
        if step % per_out == 0:
            rows.append(np.concatenate(([step * h], x, v)))
    out = argv[5]
    tmp = out + ".part"
    try:
        with open(tmp, "w") as f:
            f.write("t," + ",".join(f"x{i + 1}" for i in range(n)) + "," +
                    ",".join(f"v{i + 1}" for i in range(n)) + "\n")
            for r in rows:
                f.write(",".join("%.17g" % z for z in r) + "\n")
        os.replace(tmp, out)
    except OSError as e:
        if os.path.exists(tmp):
            os.remove(tmp)
        fail(f"cannot write {out}: {e.strerror}")


if __name__ == "__main__":
    main(sys.argv)
