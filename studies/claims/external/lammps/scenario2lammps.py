#!/usr/bin/python3
"""Map a granconv scenario file onto LAMMPS: writes the SETUP include that
chain.lmp reads (atoms, radii, masses, velocities, pair style and coefficients).

usage: scenario2lammps.py SCENARIO.json SETUP.lmp [--pair gran/hertz/history|granular]
                          [--radius R] [--non-tensile]

The mapping (granconv chain law f = k d^{3/2} + beta gamma k d^{beta-1} d', d > 0):
  LAMMPS gran/hertz/history and granular 'hertz ... damping viscoelastic' compute
      F = sqrt(d R_eff) (kn d + m_eff gn d'),  R_eff = R_i R_j/(R_i+R_j), m_eff = m_i m_j/(m_i+m_j)
  so  k = kn sqrt(R_eff)  and  (3/2) gamma k = gn m_eff sqrt(R_eff)   (law kk, beta = 3/2):
      kn = k / sqrt(R_eff),   gn = 3 gamma kn / (2 m_eff).
  'hertz-dashpot' (beta = 1, F_d = gamma k d'): granular 'damping mass_velocity', eta0 = gamma k / m_eff.
  '<law>-nontensile' (the total force clipped at 0): the same with LAMMPS's keyword limit_damping.
  The scenario's rest state (neighbours touching) is X_i = sum of (R_j + R_{j+1}) for j < i; the
  displacement x_i = X_i - X_i(rest). Beads given by masses get equal radii R (a free length scale:
  LAMMPS's force depends on R only through kn sqrt(R_eff), which the mapping keeps equal to k).
Errors: one line on stderr, status 2, no output file.
"""
import json, math, os, sys

LAWS = {"hertz": None, "kk": 1.5, "hertz-dashpot": 1.0}  # law -> beta (None: undamped)


def fail(msg):
    sys.stderr.write(f"scenario2lammps: {msg}\n")
    sys.exit(2)


def g(x):
    return "%.17g" % x


def main(argv):
    args, opts, rest = [], {}, list(argv[1:])
    while rest:
        a = rest.pop(0)
        if a == "--non-tensile":
            opts["non_tensile"] = True
        elif a in ("--pair", "--radius"):
            if not rest:
                fail(f"{a} needs a value")
            opts[a[2:]] = rest.pop(0)
        elif a.startswith("--"):
            fail(f"unknown option {a}")
        else:
            args.append(a)
    if len(args) != 2:
        fail("usage: scenario2lammps.py SCENARIO.json SETUP.lmp [--pair gran/hertz/history|granular] [--radius R]")
    src, out = args
    pair = opts.get("pair") or "gran/hertz/history"
    if pair not in ("gran/hertz/history", "granular"):
        fail(f"--pair must be gran/hertz/history or granular (got {pair!r})")
    try:
        with open(src) as f:
            s = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"{src}: {e}")
    if s.get("wall") or s.get("local_springs"):
        fail(f"{src}: walls and local springs are not mapped yet (fix wall/gran, fix spring/self)")
    c = s["contacts"]
    if "radii" in s:
        radii = [float(r) for r in s["radii"]]
        masses = [s["density"] * 4.0 / 3.0 * math.pi * r * r * r for r in radii]  # as models/sphere_chains.hpp
    else:
        masses = [float(m) for m in s["masses"]]
        radii = None
    n = len(masses)
    c = c if isinstance(c, list) else [c] * (n - 1)
    law = c[0]["law"]
    if law.endswith("-nontensile"):  # the total clipped at 0: LAMMPS's limit_damping
        law, opts["non_tensile"] = law[: -len("-nontensile")], True
    if law not in LAWS or any(ci["law"] != c[0]["law"] for ci in c):
        fail(f"{src}: law {law!r} has no LAMMPS counterpart here (mapped: {', '.join(LAWS)})")
    beta = LAWS[law]
    if beta == 1.0 and pair != "granular":
        fail(f"{src}: law hertz-dashpot needs --pair granular (damping mass_velocity)")
    gamma = [float(ci.get("damping", 0.0)) for ci in c]
    x0, v0 = [0.0] * n, [0.0] * n
    ini = s["initial"]
    if "impact" in ini:
        v0[ini["impact"]["bead"]] = float(ini["impact"]["speed"])
    else:
        x0, v0 = [float(x) for x in ini["positions"]], [float(v) for v in ini["velocities"]]
    if radii is None:
        k = [float(ci["stiffness"]) for ci in c]
        if "radius" in opts:
            R = float(opts["radius"])
        else:  # a power of two (exact rest positions) at least 4x the largest two-body Hertz overlap
            vmax = max(abs(a - b) for a in v0 for b in v0) or 1.0
            d_est = max((1.25 * min(masses) * vmax ** 2 / min(k)) ** 0.4, max(map(abs, x0)) * 2 or 0.0)
            R = 2.0 ** math.ceil(math.log2(2 * d_est))
        radii = [R] * n
        reff = [R / 2] * (n - 1)
        kn = [kj / math.sqrt(R / 2) for kj in k]
    else:
        E, nu = s["young_modulus"], s["poisson_ratio"]
        e_star = 1.0 / ((1 - nu * nu) / E + (1 - nu * nu) / E)  # models/sphere_chains.hpp effective_modulus
        reff = [radii[j] * radii[j + 1] / (radii[j] + radii[j + 1]) for j in range(n - 1)]
        kn = [4.0 / 3.0 * e_star] * (n - 1)
    meff = [masses[j] * masses[j + 1] / (masses[j] + masses[j + 1]) for j in range(n - 1)]
    if beta == 1.5 or beta is None:
        eta = [3.0 * gamma[j] * kn[j] / (2.0 * meff[j]) for j in range(n - 1)]  # gn (viscoelastic)
    else:
        eta = [gamma[j] * kn[j] * math.sqrt(reff[j]) / meff[j] for j in range(n - 1)]  # mass_velocity
    X = [0.0]
    for j in range(n - 1):
        X.append(X[-1] + radii[j] + radii[j + 1])
    lines = [f"# from {os.path.basename(src)}: law {law}, {n} beads, pair {pair}",
             f"# rest positions X_i (displacement x_i = X_i - rest): {' '.join(g(x) for x in X)}"]
    span = X[-1] + radii[0] + radii[-1]
    rmax = max(radii)
    lines += ["boundary        m f f",
              f"region          box block {g(-2 * rmax)} {g(span)} {g(-4 * rmax)} {g(4 * rmax)} "
              f"{g(-4 * rmax)} {g(4 * rmax)} units box",
              f"create_box      {n if pair == 'granular' else 1} box"]
    for i in range(n):
        lines.append(f"create_atoms    {i + 1 if pair == 'granular' else 1} single {g(X[i] + x0[i])} 0 0 units box")
    for i in range(n):
        lines.append(f"set             atom {i + 1} diameter {g(2 * radii[i])}")
        lines.append(f"set             atom {i + 1} mass {g(masses[i])}")
        lines.append(f"set             atom {i + 1} vx {g(v0[i])} vy 0 vz 0")
    tail = " limit_damping" if opts.get("non_tensile") else ""
    if pair == "gran/hertz/history":
        if any(abs(a - kn[0]) > 1e-15 * kn[0] for a in kn) or any(abs(a - eta[0]) > 1e-15 * abs(eta[0]) for a in eta):
            fail(f"{src}: kn {kn} or gamman {eta} differ between contacts; gran/hertz/history has one of each "
                 "(use --pair granular)")
        lines += [f"# k_j = kn sqrt(R_eff_j) = {' '.join(g(kn[j] * math.sqrt(reff[j])) for j in range(n - 1))}",
                  f"pair_style      gran/hertz/history {g(kn[0])} 0.0 {g(eta[0])} 0.0 0.0 0{tail}",
                  "pair_coeff      * *"]
    else:
        damping = "viscoelastic" if beta != 1.0 else "mass_velocity"
        lines += ["pair_style      granular",
                  f"pair_coeff      * * hertz {g(kn[0])} 0.0 tangential linear_nohistory 0.0 0.0 damping {damping}{tail}"]
        for j in range(n - 1):
            lines.append(f"pair_coeff      {j + 1} {j + 2} hertz {g(kn[j])} {g(eta[j])} tangential linear_nohistory "
                         f"0.0 0.0 damping {damping}{tail}")
    lines += [f"neighbor        {g(0.5 * rmax)} bin", "neigh_modify    delay 0 every 1 check yes"]
    tmp = out + ".part"
    try:
        with open(tmp, "w") as f:
            f.write("\n".join(lines) + "\n")
        os.replace(tmp, out)
    except OSError as e:
        fail(f"cannot write {out}: {e.strerror}")


if __name__ == "__main__":
    try:
        main(sys.argv)
    except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError) as e:
        fail(f"bad scenario: {type(e).__name__}: {e}")
