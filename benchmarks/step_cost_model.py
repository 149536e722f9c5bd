#!/usr/bin/python3
"""The cost model of an implicit step against its measured cost, from one run
of bench_step (benchmarks/bench_step_cost.cpp): counts per step times the unit
costs per bead, summed, beside the step's own ns per bead-step.

    benchmarks/step_cost_model.py [BUILD_DIR]     (default: build)
"""
import json
import subprocess
import sys

build = sys.argv[1] if len(sys.argv) > 1 else "build"
run = subprocess.run(
    [f"{build}/benchmarks/bench_step",
     "--benchmark_filter=BM_cost|BM_step_cn_xw/1000$|BM_step_gl2_xw/1000$|BM_dem_leapfrog/1000$",
     "--benchmark_repetitions=3", "--benchmark_report_aggregates_only=true", "--benchmark_format=json"],
    check=True, capture_output=True, text=True, timeout=600)
median = {b["run_name"]: b for b in json.loads(run.stdout)["benchmarks"] if b.get("aggregate_name") == "median"}


def ns(name):  # ns per bead of one call, CPU time
    return median[name]["per_bead"] * 1e9


unit = {"rhs": ns("BM_cost_rhs"), "jacobians": ns("BM_cost_jacobian")}
print(f"unit costs, ns per bead: force evaluation {unit['rhs']:.2f}, Jacobian {unit['jacobians']:.2f}, "
      f"leapfrog step {ns('BM_dem_leapfrog/1000'):.2f}")
print("| step | force evaluations | Jacobians | factorisations | solves | model, ns | measured, ns | measured / model |")
print("|---|---|---|---|---|---|---|---|")
for scheme, step in (("cn", "BM_step_cn_xw/1000"), ("gl2", "BM_step_gl2_xw/1000")):
    counts = median[f"BM_cost_{scheme}_counts"]
    costs = dict(unit, factorisations=ns(f"BM_cost_{scheme}_factor"), solves=ns(f"BM_cost_{scheme}_solve"))
    model = sum(counts[k] * costs[k] for k in costs)
    cells = " | ".join(f"{counts[k]:.2f} × {costs[k]:.2f}" for k in ("rhs", "jacobians", "factorisations", "solves"))
    print(f"| {scheme.upper()} (x, w) | {cells} | {model:.1f} | {ns(step):.1f} | {ns(step) / model:.2f} |")
