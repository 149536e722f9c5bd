#!/usr/bin/python3
"""Round-off of absolute coordinates: the LAMMPS replica (absolute X, LAMMPS arithmetic) against the same
scheme in displacement coordinates (vv_stepper's arithmetic), largest difference over all steps.
usage: floor.py SETUP.lmp SCENARIO.json T_END H1,H2,..."""
import math, sys
import numpy as np
sys.path.insert(0, "lammps"); sys.path.insert(0, ".")
import replica, compare_steppers
setup, scen, t_end, hs = sys.argv[1], sys.argv[2], float(sys.argv[3]), [float(h) for h in sys.argv[4].split(",")]
accel, x0, v0 = compare_steppers.accel_fn(scen)
for h in hs:
    X, rad, rmass, v, kn, gamman = replica.parse_setup(setup)
    rest = list(X)
    n = round(t_end / h)
    dtf = 0.5 * h
    f = replica.forces(X, v, rad, rmass, kn, gamman)
    x, u = x0.copy(), v0.copy(); a = accel(x, u)
    worst_x = worst_v = 0.0; xmax = max(map(abs, X))
    for step in range(n):
        for i in range(len(X)):
            v[i] += dtf / rmass[i] * f[i]; X[i] += h * v[i]
        f = replica.forces(X, v, rad, rmass, kn, gamman)
        for i in range(len(X)):
            v[i] += dtf / rmass[i] * f[i]
        u = u + 0.5 * h * a; x = x + h * u; a = accel(x, u); u = u + 0.5 * h * a
        worst_x = max(worst_x, max(abs(X[i] - rest[i] - x[i]) for i in range(len(X))))
        worst_v = max(worst_v, max(abs(v[i] - u[i]) for i in range(len(X))))
        xmax = max(xmax, max(map(abs, X)))
    eps = 2.220446049250313e-16
    print(f"h={h:g} n={n} max|X|={xmax:.3g}  max dx={worst_x:.3e}  max dv={worst_v:.3e}  "
          f"sqrt(n) eps|X|={math.sqrt(n)*eps*xmax:.3e}  n eps|X|={n*eps*xmax:.3e}  dx/(sqrt(n) eps|X|)={worst_x/(math.sqrt(n)*eps*xmax):.1f}")
