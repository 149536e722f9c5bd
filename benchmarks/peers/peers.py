#!/usr/bin/python3
"""Side-by-side reference solves: granconv's CVODE reference against SciPy's
solve_ivp (DOP853, LSODA, Radau) on the same Kuwabara-Kono chains.

    benchmarks/peers/peers.py [--granconv build/app/granconv] [--sizes 25,200,1000]
                              [--rtols 1e-10,1e-13] [--budget 120] [--markdown]

Problems (JVB eq. (2), k = 1, beta = 3/2, impact x = 0, v = (1, 0, ...)):
  N = 25:  the dimer of JVB section 4 (masses 1 and 0.59, gamma = 0.06, T = 30);
  N >= 26: the homogeneous chain, gamma = 0.06, T = N.
Every run's final state is compared with one tight common reference (granconv at
rtol 1e-15, atol 1e-16, with its own error estimate printed). Times are wall
times of the whole solve (for granconv: the command, process start included,
reference cache off). The ratio column is the run's time over granconv's at
the same rtol: ratios are only meaningful from one run on one machine.
SciPy absent: the script says so and exits 0 after the granconv rows.
"""
import argparse
import json
import subprocess
import sys
import time

try:
    import numpy as np
    from scipy.integrate import solve_ivp
    from scipy.sparse import diags
except ImportError:  # pragma: no cover - depends on the machine
    np = None


def problem(n):
    if n == 25:
        return {"scenario": "dimer", "params": ["n=25", "gamma=0.06"], "t": 30.0,
                "m": [1.0 if i % 2 == 0 else 0.59 for i in range(n)], "gamma": 0.06}
    return {"scenario": "chain", "params": [f"n={n}", "gamma=0.06"], "t": float(n),
            "m": [1.0] * n, "gamma": 0.06}


def granconv(exe, p, rtol, atol):
    cmd = [exe, "reference", "--scenario", p["scenario"], "--t", repr(p["t"]), "--rtol", repr(rtol),
           "--atol", repr(atol), "--json"]
    for a in p["params"]:
        cmd += ["--param", a]
    start = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    seconds = time.perf_counter() - start
    j = json.loads(out)
    return seconds, [c for pair in zip(j["x"], j["v"]) for c in pair], j["provenance"]


def rhs_factory(p):
    """y = (x_0, v_0, x_1, v_1, ...), the interleaved state granconv uses."""
    m = np.asarray(p["m"])
    g = p["gamma"]

    def rhs(_t, y):
        x, v = y[0::2], y[1::2]
        d = x[:-1] - x[1:]
        dd = v[:-1] - v[1:]
        dp = np.maximum(d, 0.0)
        s = np.sqrt(dp)
        f = dp * s + 1.5 * g * s * dd
        f[d <= 0] = 0.0
        acc = np.zeros_like(x)
        acc[:-1] -= f
        acc[1:] += f
        out = np.empty_like(y)
        out[0::2] = v
        out[1::2] = acc / m
        return out

    return rhs


def scipy_run(method, p, rtol, atol):
    n = len(p["m"])
    y0 = np.zeros(2 * n)
    y0[1] = 1.0
    kw = {}
    if method == "Radau":  # neighbours only: a band of half-width 3 in the interleaved state
        kw["jac_sparsity"] = diags([1.0] * 7, list(range(-3, 4)), shape=(2 * n, 2 * n))
    if method == "LSODA":
        kw["lband"] = kw["uband"] = 3
    start = time.perf_counter()
    sol = solve_ivp(rhs_factory(p), (0.0, p["t"]), y0, method=method, rtol=rtol, atol=atol, **kw)
    seconds = time.perf_counter() - start
    if not sol.success:
        raise RuntimeError(sol.message)
    return seconds, list(sol.y[:, -1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--granconv", default="build/app/granconv")
    ap.add_argument("--sizes", default="25,200,1000")
    ap.add_argument("--rtols", default="1e-10,1e-13")
    ap.add_argument("--budget", type=float, default=120.0,
                    help="skip a SciPy method at larger N once one of its runs took longer than this (s)")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rtols = [float(r) for r in args.rtols.split(",")]
    if np is None:
        print("SciPy (Debian python3-scipy) is not installed: only granconv rows are printed.", file=sys.stderr)

    print("| N | solver | rtol | time [s] | final-state error | time / granconv |")
    print("|---|---|---|---|---|---|")
    slow = set()
    for n in sizes:
        p = problem(n)
        _, truth, prov = granconv(args.granconv, p, 1e-15, 1e-16)
        err_est = prov.get("error_estimate")
        for rtol in rtols:
            atol = rtol * 1e-3
            t_ref, y, _ = granconv(args.granconv, p, rtol, atol)
            e = max(abs(a - b) for a, b in zip(y, truth))
            print(f"| {n} | granconv (CVODE) | {rtol:g} | {t_ref:.3f} | {e:.2e} | 1 |", flush=True)
            if np is None:
                continue
            for method in ("DOP853", "LSODA", "Radau"):
                if method in slow:
                    print(f"| {n} | scipy {method} | {rtol:g} | skipped (over {args.budget:g} s at a smaller N) | | |")
                    continue
                try:
                    t, y = scipy_run(method, p, rtol, atol)
                except Exception as ex:  # a failed peer is a row, not a crash
                    print(f"| {n} | scipy {method} | {rtol:g} | failed: {ex} | | |")
                    continue
                e = max(abs(a - b) for a, b in zip(y, truth))
                print(f"| {n} | scipy {method} | {rtol:g} | {t:.3f} | {e:.2e} | {t / t_ref:.2f} |", flush=True)
                if t > args.budget:
                    slow.add(method)
        print(f"| {n} | (tight reference: rtol 1e-15, its error estimate {err_est}) | | | | |")


if __name__ == "__main__":
    main()
