#!/usr/bin/python3
"""Read a LAMMPS 'dump custom' trajectory (id x y z vx vy vz, 'dump_modify time yes')
into granconv's protocol rows: t, x_1..x_n, v_1..v_n, x the displacement along the
axis from the rest positions.

Rest positions: rest_i = X_i(0) - x0_i, the first frame minus the scenario's
initial displacement (zero for an impact). Checks: every frame has the same atom
ids 1..n; the off-axis components y, z, vy, vz are zero; all values finite.

usage as a script: lammps_dump.py DUMP SCENARIO.json OUT.csv
"""
import json, math, os, sys


def read_dump(path, max_bytes=1 << 28):
    if os.path.getsize(path) > max_bytes:
        raise ValueError(f"{path}: over {max_bytes} bytes")
    frames, lines = [], open(path).read().splitlines()
    i = 0
    while i < len(lines):
        t = step = None
        while lines[i].startswith("ITEM: TIME") or lines[i].startswith("ITEM: TIMESTEP"):
            if lines[i] == "ITEM: TIME":
                t = float(lines[i + 1])
            else:
                step = int(lines[i + 1])
            i += 2
        if lines[i] != "ITEM: NUMBER OF ATOMS":
            raise ValueError(f"{path}:{i + 1}: expected ITEM: NUMBER OF ATOMS")
        n = int(lines[i + 1])
        i += 2
        if not lines[i].startswith("ITEM: BOX BOUNDS"):
            raise ValueError(f"{path}:{i + 1}: expected ITEM: BOX BOUNDS")
        i += 4
        cols = lines[i].split()[2:]
        if cols[:7] != ["id", "x", "y", "z", "vx", "vy", "vz"]:
            raise ValueError(f"{path}:{i + 1}: columns {cols}, expected id x y z vx vy vz")
        atoms = [lines[i + 1 + a].split() for a in range(n)]
        i += 1 + n
        ids = [int(a[0]) for a in atoms]
        if ids != list(range(1, n + 1)):
            raise ValueError(f"{path}: frame at step {step}: atom ids {ids[:5]}... are not 1..{n} in order")
        vals = [[float(z) for z in a[1:7]] for a in atoms]
        for a in vals:
            if not all(math.isfinite(z) for z in a):
                raise ValueError(f"{path}: step {step}: a value is not finite")
            if a[1] != 0 or a[2] != 0 or a[4] != 0 or a[5] != 0:
                raise ValueError(f"{path}: step {step}: an off-axis component is not zero")
        frames.append((t, step, [a[0] for a in vals], [a[3] for a in vals]))
    return frames


def to_rows(frames, x0):
    rest = [X - x for X, x in zip(frames[0][2], x0)]
    return [[t] + [X - r for X, r in zip(Xs, rest)] + vs for t, _, Xs, vs in frames]


def initial_displacements(scenario):
    s = json.load(open(scenario))
    n = len(s["masses"] if "masses" in s else s["radii"])
    return [float(x) for x in s["initial"].get("positions", [0.0] * n)]


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: lammps_dump.py DUMP SCENARIO.json OUT.csv")
    rows = to_rows(read_dump(sys.argv[1]), initial_displacements(sys.argv[2]))
    n = (len(rows[0]) - 1) // 2
    with open(sys.argv[3] + ".part", "w") as f:
        f.write("t," + ",".join(f"x{i + 1}" for i in range(n)) + "," + ",".join(f"v{i + 1}" for i in range(n)) + "\n")
        for r in rows:
            f.write(",".join("%.17g" % z for z in r) + "\n")
    os.replace(sys.argv[3] + ".part", sys.argv[3])
