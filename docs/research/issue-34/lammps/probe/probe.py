#!/usr/bin/python3
"""Black-box probe of LAMMPS's normal contact force: run 0 at a given overlap and
relative velocity, compare fx with candidate formulas. Usage: probe.py"""
import math, subprocess, sys

def lammps_force(style, d, v1, v2, r1=0.5, r2=0.5, rho1=1000.0, rho2=1000.0):
    subprocess.run(["lmp", "-nocite", "-log", "none", "-screen", "none", "-in", "probe.in",
                    "-var", "style", style, "-var", "d", repr(d), "-var", "v1", repr(v1), "-var", "v2", repr(v2),
                    "-var", "r1", repr(r1), "-var", "r2", repr(r2), "-var", "rho1", repr(rho1), "-var", "rho2", repr(rho2)],
                   check=True)
    rows = [l.split() for l in open("probe.dump").read().splitlines()[9:]]
    return float(rows[0][4]), float(rows[1][4]), float(rows[0][1]), float(rows[1][1])

def hertz_history(kn, gn, d, v1, v2, r1, r2, m1, m2):
    reff, meff = r1 * r2 / (r1 + r2), m1 * m2 / (m1 + m2)
    return math.sqrt(d * reff) * (kn * d + meff * gn * (v1 - v2))  # force pushing 2 to +x

cases = [(0.01, 0.0, 0.0), (0.01, 1.0, -1.0), (0.01, -1.0, 1.0), (0.001, -0.5, 0.0), (0.02, 0.3, 0.1)]
for (r1, r2, rho1, rho2) in [(0.5, 0.5, 1000.0, 1000.0), (0.5, 0.3, 1000.0, 3000.0)]:
    for kn, gn, extra in [(1000.0, 0.0, ""), (1000.0, 10.0, ""), (1000.0, 10.0, " limit_damping")]:
        style = f"gran/hertz/history {kn!r} 0.0 {gn!r} 0.0 0.0 0{extra}"
        for d, v1, v2 in cases:
            f1, f2, m1, m2 = lammps_force(style, d, v1, v2, r1, r2, rho1, rho2)
            pred = hertz_history(kn, gn, d, v1, v2, r1, r2, m1, m2)
            clip = max(pred, 0.0)
            print(f"R=({r1},{r2}) rho=({rho1},{rho2}) {style:48s} d={d:<6} v=({v1:+},{v2:+}) "
                  f"F_lmp={f2:+.17g} formula={pred:+.17g} rel={abs(f2-pred)/max(abs(pred),1e-300):.2e} "
                  f"clipped_rel={abs(f2-clip)/max(abs(clip),1e-300):.2e} f1+f2={f1+f2:.1e}")
