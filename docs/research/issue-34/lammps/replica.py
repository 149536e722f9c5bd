#!/usr/bin/python3
"""LAMMPS fix nve/sphere + pair gran/hertz/history on a chain along x, re-done in
Python with LAMMPS's own arithmetic (absolute coordinates, its order of
operations) to test bit-for-bit agreement with a dump.

usage: replica.py SETUP.lmp H NSTEPS DUMP      (SETUP.lmp from scenario2lammps.py, gran/hertz/history)
"""
import math, sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import lammps_dump  # noqa: E402


def parse_setup(path):
    X, r, m, v = [], {}, {}, {}
    for line in open(path):
        w = line.split()
        if not w or w[0].startswith("#"):
            continue
        if w[0] == "create_atoms":
            X.append(float(w[3]))
        elif w[0] == "set" and w[3] == "diameter":
            r[int(w[2])] = 0.5 * float(w[4])
        elif w[0] == "set" and w[3] == "mass":
            m[int(w[2])] = float(w[4])
        elif w[0] == "set" and w[3] == "vx":
            v[int(w[2])] = float(w[4])
        elif w[0] == "pair_style":
            assert w[1] == "gran/hertz/history", "replica covers gran/hertz/history only"
            kn, gamman = float(w[2]), float(w[4])
    n = len(X)
    return X, [r[i + 1] for i in range(n)], [m[i + 1] for i in range(n)], [v[i + 1] for i in range(n)], kn, gamman


def forces(x, v, rad, rmass, kn, gamman):
    n = len(x)
    f = [0.0] * n
    for i in range(n - 1):  # pair (i, j = i+1): PairGranHertzHistory::compute, 1D
        j = i + 1
        delx = x[i] - x[j]
        rsq = delx * delx
        radsum = rad[i] + rad[j]
        if rsq >= radsum * radsum:
            continue
        r = math.sqrt(rsq)
        rinv = 1.0 / r
        rsqinv = 1.0 / rsq
        vr1 = v[i] - v[j]
        vnnr = vr1 * delx
        meff = rmass[i] * rmass[j] / (rmass[i] + rmass[j])
        damp = meff * gamman * vnnr * rsqinv
        ccel = kn * (radsum - r) * rinv - damp
        polyhertz = math.sqrt((radsum - r) * rad[i] * rad[j] / radsum)
        ccel *= polyhertz
        fx = delx * ccel
        f[i] += fx
        f[j] -= fx
    return f


def main():
    X, rad, rmass, v, kn, gamman = parse_setup(sys.argv[1])
    dt, nsteps = float(sys.argv[2]), int(sys.argv[3])
    frames = lammps_dump.read_dump(sys.argv[4])
    every = frames[1][1] - frames[0][1]
    dtf = 0.5 * dt * 1.0  # force->ftm2v = 1 in units si
    f = forces(X, v, rad, rmass, kn, gamman)  # Verlet::setup
    worst = 0.0
    bitwise = True
    for step in range(1, nsteps + 1):
        for i in range(len(X)):  # FixNVESphere::initial_integrate
            dtfm = dtf / rmass[i]
            v[i] += dtfm * f[i]
            X[i] += dt * v[i]
        f = forces(X, v, rad, rmass, kn, gamman)
        for i in range(len(X)):  # FixNVESphere::final_integrate
            dtfm = dtf / rmass[i]
            v[i] += dtfm * f[i]
        if step % every == 0:
            _, s, Xd, vd = frames[step // every]
            assert s == step
            if Xd != X or vd != v:
                bitwise = False
            worst = max(worst, max(abs(a - b) for a, b in zip(Xd, X)), max(abs(a - b) for a, b in zip(vd, v)))
    print(f"{sys.argv[4]}: {nsteps} steps, bit-for-bit: {bitwise}, largest difference {worst:.3e}")


if __name__ == "__main__":
    main()
