#!/usr/bin/python3
"""Side-by-side reference solves: granconv's CVODE and ARKODE erk8/erk9 references against
SciPy's solve_ivp (DOP853, LSODA, Radau) on the same Kuwabara-Kono chains.

    benchmarks/peers/peers.py [--granconv build/app/granconv] [--sizes 25,200,1000]
                              [--rtols 1e-10,1e-13] [--budget 120]
    benchmarks/peers/peers.py --per-step [--per-step-sizes 100,1000,10000,100000]

--before EXE adds a row for another granconv build (e.g. an older commit's) running
the same command, so that a speed-up is read off one run.

Problems (JVB eq. (2), k = 1, beta = 3/2, impact x = 0, v = (1, 0, ...)):
  N = 25:  the dimer of JVB section 4 (masses 1 and 0.59, gamma = 0.06, T = 30);
  N >= 26: the homogeneous chain, gamma = 0.06, T = N.
atol = rtol/1000. Every run's final state is compared with one common reference
(common_reference below), whose own uncertainty is printed under each N: errors
below it cannot be told apart.

The common reference. At N >= 200 the final state's max |error| of every solver
sits on the first two beads: the impact throws them back by t ~ 5 and they fly
freely to T, so an error dv in their velocity becomes dv * (T - 5) in their
position. granconv's CVODE at rtol 1e-15, atol 1e-16 has dv = 5e-13 there
(measured at t = 20 against the 50-digit RKF 7(8) reference of the first 40 or
60 beads, which agree to 2e-16: the wave has not reached bead 20 by then), that
is 6.5e-10 at N = 1000: no better than the peers at rtol 1e-13, and DOP853
at SciPy's tightest rtol (2.2e-14) differs from it by as much. So:
  - beads that have left the chain by t = 20 (every gap to their right open at
    t = 20 and at T, velocity unchanged to 1e-9 from t = 20 to T in the CVODE
    run: no later contact) are continued in free flight from granconv's erk8
    reference at t = 20, rtol 1e-15, atol 1e-18 (in gap coordinates since
    d5a3ba3: dv <= 1.8e-15, dx <= 1.6e-13 on beads 0-1 against the 50-digit
    reference of the 40- and 60-bead chains, 2026-11-27; in positions before:
    dv = 2.7e-15, dx = 3e-14); their uncertainty is the
    difference from erk8 at rtol 1e-14, atol 1e-17, carried to T;
  - every other component is granconv's CVODE at rtol 1e-15, atol 1e-16, and
    its uncertainty the max |difference| there from SciPy's DOP853 at rtol
    2.2e-14 (100 ulps, SciPy's floor), atol 1e-18 (3.8e-12 at N = 1000), or
    without SciPy CVODE's own estimate.
Where no bead has left the chain (N = 25, T = 30) the CVODE run is the
reference, with its own estimate.

Times are CPU seconds (user + system) of the whole solve: for granconv the
command (process start and output included, reference cache off), for SciPy
the solve_ivp call. CPU time, not wall time, because this machine is shared:
wall time there measures the neighbours. The wall column is there for the
command's two solves, which run side by side with granconv's --jobs 2 (this
script's --jobs): the command's CPU time is the sum of both, its wall time
about the longer one; on a machine with idle cores that is what a user
waits. One solve and SciPy use one thread, so their wall time is their CPU
time plus the neighbours'. The --before row runs that binary's defaults. Per rtol and CVODE nonlinear solver
(--solvers; the first, newton, is the default) two granconv rows: the command
as a user runs it (it solves twice, the second time at rtol/10, to estimate its
own error) and one solve (--no-error-estimate), the like of a SciPy run. The
ratio column is a row's time over the default command's time at the same
rtol, both from this run (SciPy rows above 1: granconv is faster).
--explicit erk8,erk9 (the default; '' drops them) adds the same two rows for
`--method erk8` and `--method erk9` (ARKODE, explicit Runge-Kutta of order 8
and 9) and, per rtol, a line "DOP853 / erkN" with the ratios of CPU times
(command and one solve) and of final-state errors.

--repeat K: each row K times, rtol and atol times 1 + j * 2^-52 (j < K); the row
shows the median CPU time and the median error (K odd: the middle run's) with
the range. Why: at rtol 1e-13 an error of 1e-10 depends on the step sequence,
which round-off decides:
one ulp of atol (1e-16 against 1.0000000000000001e-16, what rtol/1000 gives)
took erk8 (in positions, before d5a3ba3) from 61055 steps and an error of 4.0e-10
to 53626 steps and 5.0e-11 (N = 1000; in gap coordinates 7325 steps, errors
9.8e-11 to 1.5e-10), and one ulp of the impact velocity moves DOP853's final state by
9.1e-11. A single run cannot tell errors within such a spread apart.

--per-step: CPU time per step and bead of one solve of the chain (gamma = 0.06,
T = 30: the wave covers the same beads at every N, so only the state length
grows) for N up to 1e5, to read off that the cost of a step is linear in N; with
--explicit, the same for those methods.

SciPy absent: the script says so and prints the granconv rows only.
"""
import argparse
import json
import resource
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


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def granconv(exe, p, rtol, atol, extra=()):
    cmd = [exe, "reference", "--scenario", p["scenario"], "--t", repr(p["t"]), "--rtol", repr(rtol),
           "--atol", repr(atol), "--json", *extra]
    for a in p["params"]:
        cmd += ["--param", a]
    start, wall = child_cpu(), time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    seconds, wall = child_cpu() - start, time.perf_counter() - wall
    j = json.loads(out)
    return seconds, [c for pair in zip(j["x"], j["v"]) for c in pair], j["provenance"], wall


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
    start, wall = time.process_time(), time.perf_counter()
    sol = solve_ivp(rhs_factory(p), (0.0, p["t"]), y0, method=method, rtol=rtol, atol=atol, **kw)
    seconds, wall = time.process_time() - start, time.perf_counter() - wall
    if not sol.success:
        raise RuntimeError(sol.message)
    return seconds, list(sol.y[:, -1]), wall


def peers_table(args):
    sizes = [int(s) for s in args.sizes.split(",")]
    rtols = [float(r) for r in args.rtols.split(",")]
    if np is None:
        print("SciPy (Debian python3-scipy) is not installed: only granconv rows are printed.", file=sys.stderr)

    print("| N | solver | rtol | CPU [s] | wall [s] | steps | final-state error | CPU / granconv command |")
    print("|---|---|---|---|---|---|---|---|")
    slow = set()
    for n in sizes:
        p = problem(n)
        truth, ref_note = common_reference(args, p)
        for rtol in rtols:
            atol = rtol * 1e-3
            t_cmd = None
            # name -> (command CPU s, error, one solve's CPU s, command wall s) of erk8, erk9
            explicit = {}
            for name, flag in variants(args):
                two = flag + args.jobs
                t, e, es, pc, w = repeated(args, lambda r, a: granconv(args.granconv, p, r, a, two), rtol, atol, truth)
                t_cmd = t_cmd or t
                t_two, w_two = t, w
                print(f"| {n} | granconv reference {' '.join(two)} (two solves: error estimate "
                      f"{pc['error_estimate']:.1e}) | {rtol:g} | {t:.3f} | {w:.3f} | {pc['steps']} | {es} | "
                      f"{t / t_cmd:.2f} |", flush=True)
                one = flag + ["--no-error-estimate"]
                t, e, es, pc, w = repeated(args, lambda r, a: granconv(args.granconv, p, r, a, one), rtol, atol, truth)
                print(f"| {n} | granconv reference {' '.join(one)} (one solve) | "
                      f"{rtol:g} | {t:.3f} | {w:.3f} | {pc['steps']} | {es} | {t / t_cmd:.2f} |", flush=True)
                if name.startswith("erk"):
                    explicit[name] = (t_two, e, t, w_two)
            if args.before:
                t_old, e, es, pc, w = repeated(args, lambda r, a: granconv(args.before, p, r, a), rtol, atol, truth)
                print(f"| {n} | granconv reference, before ({args.before}; CVODE {pc['method']}) | {rtol:g} | "
                      f"{t_old:.3f} | {w:.3f} | {pc['steps']} | {es} | {t_old / t_cmd:.2f} |", flush=True)
            if np is None:
                continue
            for method in args.methods.split(","):
                if method in slow:
                    print(f"| {n} | scipy {method} | {rtol:g} | skipped (over {args.budget:g} s at a smaller N) "
                          f"| | | | |")
                    continue
                try:
                    t, e, es, _, w = repeated(args, lambda r, a: scipy_peer(method, p, r, a), rtol, atol, truth)
                except Exception as ex:  # a failed peer is a row, not a crash
                    print(f"| {n} | scipy {method} | {rtol:g} | failed: {ex} | | | | |")
                    continue
                print(f"| {n} | scipy {method} | {rtol:g} | {t:.3f} | {w:.3f} | | {es} | {t / t_cmd:.2f} |",
                      flush=True)
                for name, (t_two, e_x, t_one, w_two) in explicit.items() if method == "DOP853" else ():
                    print(f"| {n} | DOP853 / {name}: CPU {t / t_two:.2f} (command), {t / t_one:.2f} (one solve), "
                          f"wall {w / w_two:.2f} (command); final-state error {e / e_x:.2g} (above 1: {name} is "
                          f"faster, more accurate) | {rtol:g} | | | | | |", flush=True)
                if t > args.budget:
                    slow.add(method)
        print(f"| {n} | (common reference: {ref_note}) | | | | | | |")


def scipy_peer(method, p, rtol, atol):
    """scipy_run in granconv()'s shape: (CPU s, final state, provenance, wall s)."""
    seconds, y, wall = scipy_run(method, p, rtol, atol)
    return seconds, y, None, wall


def repeated(args, run, rtol, atol, truth):
    """(median CPU s, median error, error text, first run's provenance, median wall s) of `run` at
    rtol, atol and, with --repeat K, at both tolerances times 1 + j * 2^-52, j < K (see the header)."""
    times, errors, walls, first = [], [], [], None
    for j in range(args.repeat):
        f = 1 + j * 2.0 ** -52
        t, y, pc, w = run(rtol * f, atol * f)
        first = first or pc
        times.append(t)
        walls.append(w)
        errors.append(max(abs(a - b) for a, b in zip(y, truth)))
    mid = lambda v: sorted(v)[len(v) // 2]
    e = mid(errors)
    text = f"{e:.2e}" if len(errors) == 1 else f"{e:.2e} ({min(errors):.1e}-{max(errors):.1e})"
    return mid(times), e, text, first, mid(walls)


EARLY_T = 20.0  # the first beads have left the chain, the wave is still short (see the header)


def max_diff(a, b, comps):
    return max((abs(a[i] - b[i]) for i in comps), default=0.0)


def common_reference(args, p):
    """(final state, note): the reference every run is compared with (module header)."""
    _, long_ref, prov, _ = granconv(args.granconv, p, 1e-15, 1e-16, ["--nonlinear-solver", "newton"])
    n = len(long_ref) // 2
    if p["t"] <= EARLY_T:
        return long_ref, f"granconv CVODE at rtol 1e-15, atol 1e-16, its error estimate {prov['error_estimate']:.1e}"
    early_p = dict(p, t=EARLY_T)
    one = ["--method", "erk8", "--no-error-estimate"]
    _, early, _, _ = granconv(args.granconv, early_p, 1e-15, 1e-18, one)
    _, early2, _, _ = granconv(args.granconv, early_p, 1e-14, 1e-17, one)
    free = 0  # beads 0 .. free-1 fly freely from EARLY_T to T
    while (free + 1 < n and early[2 * free] < early[2 * free + 2] and long_ref[2 * free] < long_ref[2 * free + 2]
           and abs(long_ref[2 * free + 1] - early[2 * free + 1]) <= 1e-9):
        free += 1
    flight = p["t"] - EARLY_T
    truth = list(long_ref)
    free_err = 0.0
    for b in range(free):
        truth[2 * b] = early[2 * b] + early[2 * b + 1] * flight
        truth[2 * b + 1] = early[2 * b + 1]
        dv = early[2 * b + 1] - early2[2 * b + 1]
        free_err = max(free_err, abs(dv), abs(early[2 * b] - early2[2 * b] + dv * flight))
    rest = range(2 * free, 2 * n)
    if np is not None:
        _, dop, _ = scipy_run("DOP853", p, 100 * np.finfo(float).eps, 1e-18)
        rest_err, rest_how = max_diff(long_ref, dop, rest), "|Δ| from DOP853 at rtol 2.2e-14, atol 1e-18"
    else:
        rest_err, rest_how = prov["error_estimate"], "CVODE's own estimate"
    note = (f"beads 0-{free - 1} in free flight from granconv erk8 at t = {EARLY_T:g}, rtol 1e-15, atol 1e-18 "
            f"(uncertainty {free_err:.1e}: vs rtol 1e-14 carried to T); the rest granconv CVODE at rtol 1e-15, "
            f"atol 1e-16 (uncertainty {rest_err:.1e}: {rest_how}); CVODE alone would be off by "
            f"{max_diff(long_ref, truth, range(2 * free)):.1e} on the free beads; errors below "
            f"{max(free_err, rest_err):.1e} cannot be told apart") if free else (
            f"granconv CVODE at rtol 1e-15, atol 1e-16, its error estimate {prov['error_estimate']:.1e} "
            f"(no bead has left the chain by t = {EARLY_T:g})")
    return truth, note


def variants(args):
    """(name, granconv reference flags): the CVODE nonlinear solvers, then the explicit methods."""
    out = [(solver, ["--nonlinear-solver", solver]) for solver in args.solvers.split(",")]
    out += [(m, ["--method", m]) for m in args.explicit.split(",") if m]
    return out


def per_step(args):
    print("| N | method | CPU [s] | steps | CPU per step [us] | per step and bead [ns] |")
    print("|---|---|---|---|---|---|")
    for n in (int(s) for s in args.per_step_sizes.split(",")):
        for name, flag in variants(args):
            p = {"scenario": "chain", "params": [f"n={n}", "gamma=0.06"], "t": 30.0}
            t, _, pc, _ = granconv(args.granconv, p, 1e-13, 1e-15, flag + ["--no-error-estimate"])
            steps = pc["steps"]
            print(f"| {n} | {name} | {t:.3f} | {steps} | {t / steps * 1e6:.1f} | {t / steps / n * 1e9:.1f} |",
                  flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--granconv", default="build/app/granconv")
    ap.add_argument("--sizes", default="25,200,1000")
    ap.add_argument("--rtols", default="1e-10,1e-13")
    ap.add_argument("--budget", type=float, default=120.0,
                    help="skip a SciPy method at larger N once one of its runs took longer than this (s)")
    ap.add_argument("--solvers", default="newton,fixed-point",
                    help="CVODE nonlinear solvers to time; the first is the default one, the ratios' base")
    ap.add_argument("--explicit", default="erk8,erk9",
                    help="also time `granconv reference --method M` for these explicit methods (ARKODE, order 8 "
                         "and 9; '' for none)")
    ap.add_argument("--methods", default="DOP853,LSODA,Radau", help="SciPy solve_ivp methods")
    ap.add_argument("--before", help="another granconv executable to time on the same problems")
    ap.add_argument("--jobs", type=int, default=2,
                    help="granconv reference --jobs for the two-solve command rows (0: all cores; 2: the rerun for "
                         "the error estimate beside the first solve; 1: one after the other)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="runs per row, the tolerances moved by 0, 1, ... ulps: median CPU and error, error range")
    ap.add_argument("--per-step", action="store_true", help="per-step cost against N instead of the peers table")
    ap.add_argument("--per-step-sizes", default="100,1000,10000,100000")
    args = ap.parse_args()
    args.jobs = ["--jobs", str(args.jobs)]
    per_step(args) if args.per_step else peers_table(args)


if __name__ == "__main__":
    main()
