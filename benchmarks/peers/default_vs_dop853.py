#!/usr/bin/python3
"""`granconv reference` with its defaults against SciPy's DOP853, side by side in one run (issue 38 §2).

    benchmarks/peers/default_vs_dop853.py [--granconv build/app/granconv] [--n 1000]
                                          [--dop853-rtol 1e-13] [--rtols 1e-13,1e-12,1e-11] [--repeat 3]

The problem is peers.py's: the homogeneous Kuwabara-Kono chain, gamma = 0.06, T = N,
atol = rtol/1000, every final state compared with peers.py's common reference.
granconv runs as a user runs it, with no --method (the default the provenance's
method_choice explains), the error estimate included, on one thread (--jobs 1),
so that its CPU time is comparable with DOP853's single-threaded solve; the
command's time counts the process start and both solves. DOP853 runs at
--dop853-rtol; granconv at each of --rtols. Each line ends with DOP853's CPU
time over granconv's and says whether granconv's final-state error is at most
DOP853's; a second line times the first solve alone (--no-error-estimate),
so that the error estimate's share is the difference (--repeat K: medians of K runs with the tolerances moved by ulps, as
in peers.py). The goal is a ratio of at least 5 at equal or better accuracy.
"""
import argparse
import os
import sys

# SciPy's solve takes one thread, as granconv's rows do (--jobs 1): no BLAS threads.
for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(var, "1")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peers  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--granconv", default="build/app/granconv")
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--dop853-rtol", type=float, default=1e-13)
    ap.add_argument("--rtols", default="1e-13,1e-12,1e-11", help="granconv's relative tolerances")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--granconv-args", default="",
                    help="extra flags for granconv's rows, e.g. '--method erk9' to time a build older than the default")
    args = ap.parse_args()
    extra = args.granconv_args.split()
    if peers.np is None:
        sys.exit("SciPy (Debian python3-scipy) is not installed: nothing to compare with")
    p = peers.problem(args.n)
    # common_reference reads args.granconv only
    truth, note = peers.common_reference(args, p)
    print(f"N = {args.n}, T = {p['t']:g}; common reference: {note}")
    print("| solver | rtol | CPU [s] | wall [s] | final-state error | method (steps) | DOP853 CPU / this CPU | "
          "error <= DOP853's |")
    print("|---|---|---|---|---|---|---|---|")
    rd = args.dop853_rtol
    t_dop, e_dop, es_dop, _, w_dop = peers.repeated(
        args, lambda r, a: peers.scipy_peer("DOP853", p, r, a), rd, rd * 1e-3, truth)
    print(f"| scipy DOP853 | {rd:g} | {t_dop:.3f} | {w_dop:.3f} | {es_dop} | | 1.00 | |", flush=True)
    best = None
    for rtol in (float(r) for r in args.rtols.split(",")):
        t, e, es, pc, w = peers.repeated(
            args, lambda r, a: peers.granconv(args.granconv, p, r, a, ["--jobs", "1", *extra]), rtol, rtol * 1e-3, truth)
        ok = e <= e_dop
        ratio = t_dop / t
        if ok and (best is None or ratio > best[0]):
            best = (ratio, rtol)
        print(f"| granconv reference (default, estimate {pc['error_estimate']:.1e}) | {rtol:g} | {t:.3f} | {w:.3f} | "
              f"{es} | {pc['method']} ({pc['steps']}) | {ratio:.2f} | {'yes' if ok else 'no'} |", flush=True)
        t1, e1, es1, pc1, w1 = peers.repeated(
            args, lambda r, a: peers.granconv(args.granconv, p, r, a, ["--no-error-estimate", *extra]), rtol, rtol * 1e-3,
            truth)
        print(f"| granconv reference --no-error-estimate (its first solve alone) | {rtol:g} | {t1:.3f} | {w1:.3f} | "
              f"{es1} | {pc1['method']} ({pc1['steps']}) | {t_dop / t1:.2f} | {'yes' if e1 <= e_dop else 'no'} |",
              flush=True)
        print(f"|  method_choice: {pc.get('method_choice', '')} | | | | | | | |")
    if best:
        print(f"best at equal or better accuracy: DOP853 / granconv default = {best[0]:.2f} in CPU time "
              f"(granconv at rtol {best[1]:g}, DOP853 at rtol {rd:g}); goal 5: {'met' if best[0] >= 5 else 'not met'}")
    else:
        print("no granconv tolerance reached DOP853's accuracy")


if __name__ == "__main__":
    main()
