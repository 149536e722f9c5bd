#!/usr/bin/python3
"""This project's own integrator outside granconv: symplectic Euler
(v += h a(x), then x += h v) on a Hertz chain given as a granconv scenario
file, written in granconv's external-scheme protocol (docs/external-codes.md).
usage: euler_stepper.py SCENARIO.json H T_END EVERY OUT.csv"""
import json, sys

scenario, h, t_end, every, out = sys.argv[1], *map(float, sys.argv[2:5]), sys.argv[5]
s = json.load(open(scenario))
m, k = s["masses"], s["contacts"]["stiffness"]
n = len(m)
x, v = [0.0] * n, [0.0] * n
v[s["initial"]["impact"]["bead"]] = s["initial"]["impact"]["speed"]
per_out, outputs = round(every / h), round(t_end / every)
rows = [[0.0] + x + v]
for step in range(1, per_out * outputs + 1):
    f = [0.0] * n
    for j in range(n - 1):
        d = x[j] - x[j + 1]
        if d > 0:
            f[j] -= k * d ** 1.5
            f[j + 1] += k * d ** 1.5
    v = [v[i] + h * f[i] / m[i] for i in range(n)]
    x = [x[i] + h * v[i] for i in range(n)]
    if step % per_out == 0:
        rows.append([step * h] + x + v)
with open(out, "w") as f:
    f.write(",".join(["t"] + [f"x{i + 1}" for i in range(n)] + [f"v{i + 1}" for i in range(n)]) + "\n")
    f.writelines(",".join("%.17g" % z for z in r) + "\n" for r in rows)
