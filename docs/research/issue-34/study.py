#!/usr/bin/python3
"""Convergence study of an external stepper over the proposed protocol.

usage: study.py CODE SCENARIO.json EVERY M1,M2,...  [--ref REF.csv] [--tag TAG]
  CODE: lammps | lammps-granular | python | yade | yade-sync
  h = EVERY / M for each M (so every output time is a whole number of steps).
Each run: placeholders substituted as whole argv entries, no shell, its own
scratch folder (removed afterwards), a wall-clock budget, exit status and
output checked. Errors against REF (reference.py): max over output times and
beads of |x_h - x|, |v_h - v| (and at the final time). Fit: least squares of
log err on log h, 95 % CI from Student's t with n-2 degrees of freedom.
"""
import json, math, os, shutil, subprocess, sys, tempfile, time
import numpy as np
from scipy import stats

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "lammps"))
import lammps_dump  # noqa: E402

PY = "/usr/bin/python3"
CODES = {
    # prepare (optional, once per run, same placeholders), command, output format
    "python": (None, [PY, "{dir}/vv_stepper.py", "{scenario}", "{h}", "{t_end}", "{every}", "{out}"], "csv"),
    "lammps": ([PY, "{dir}/lammps/scenario2lammps.py", "{scenario}", "setup.lmp"],
               ["lmp", "-nocite", "-log", "none", "-in", "{dir}/lammps/chain.lmp",
                "-var", "setup", "setup.lmp", "-var", "h", "{h}", "-var", "t_end", "{t_end}",
                "-var", "every", "{every}", "-var", "out", "{out}"], "lammps-dump"),
    "lammps-granular": ([PY, "{dir}/lammps/scenario2lammps.py", "{scenario}", "setup.lmp", "--pair", "granular"],
                        None, "lammps-dump"),
    "yade": (None, ["yade", "-n", "-x", "{dir}/yade/chain.py", "{scenario}", "{h}", "{t_end}", "{every}", "{out}"],
             "csv"),
    "yade-sync": (None, ["yade", "-n", "-x", "{dir}/yade/chain.py", "{scenario}", "{h}", "{t_end}", "{every}",
                         "{out}", "sync"], "csv"),
}
CODES["lammps-granular"] = (CODES["lammps-granular"][0], CODES["lammps"][1], "lammps-dump")


def run_external(code, scenario, h, t_end, every, budget=600.0, max_bytes=1 << 28):
    prepare, command, fmt = CODES[code]
    scratch = tempfile.mkdtemp(prefix="granconv-ext-")
    try:
        shutil.copy(scenario, os.path.join(scratch, "scenario.json"))
        subst = {"{dir}": HERE, "{scenario}": "scenario.json", "{h}": repr(h), "{t_end}": repr(t_end),
                 "{every}": repr(every), "{out}": "out.traj"}

        def argv(tmpl):
            return [subst.get(a, a.replace("{dir}", HERE)) for a in tmpl]  # whole-argument substitution
        t0 = time.monotonic()
        for cmd in ([argv(prepare)] if prepare else []) + [argv(command)]:
            p = subprocess.run(cmd, cwd=scratch, capture_output=True, timeout=budget,
                               env={**os.environ, "OMP_NUM_THREADS": "1"})
            if p.returncode != 0:  # LAMMPS prints its ERROR line on stdout, python and YADE on stderr
                text = (p.stdout + p.stderr).decode(errors="replace").strip().splitlines()
                tail = [l for l in text if l.startswith("ERROR")][-1:] or text[-1:] or ["(no output)"]
                raise RuntimeError(f"{cmd[0]} exited {p.returncode}: {tail[0]}")
        wall = time.monotonic() - t0
        out = os.path.join(scratch, "out.traj")
        if not os.path.exists(out) or os.path.getsize(out) == 0:
            raise RuntimeError("no output")
        if os.path.getsize(out) > max_bytes:
            raise RuntimeError("output over the size limit")
        if fmt == "csv":
            rows = np.loadtxt(out, delimiter=",", skiprows=1, ndmin=2)
        else:
            x0 = lammps_dump.initial_displacements(scenario)
            rows = np.array(lammps_dump.to_rows(lammps_dump.read_dump(out), x0))
        return rows, wall
    finally:
        shutil.rmtree(scratch)


def check_rows(rows, n, t_end, every, h):
    times = np.arange(round(t_end / every) + 1) * every
    if rows.shape != (len(times), 1 + 2 * n):
        raise RuntimeError(f"shape {rows.shape}, expected {(len(times), 1 + 2 * n)}")
    if not np.all(np.isfinite(rows)):
        raise RuntimeError("a value is not finite")
    off = np.abs(rows[:, 0] - times).max()
    if off > 1e-9 * max(h, every):
        raise RuntimeError(f"an output time is off the grid by {off:g}")


def fit(hs, errs):
    lh, le = np.log(hs), np.log(errs)
    r = stats.linregress(lh, le)
    tq = stats.t.ppf(0.975, len(hs) - 2)
    return r.slope, r.slope - tq * r.stderr, r.slope + tq * r.stderr


def main():
    code, scenario, every = sys.argv[1], sys.argv[2], float(sys.argv[3])
    ms = [int(m) for m in sys.argv[4].split(",")]
    opts = dict(zip(sys.argv[5::2], sys.argv[6::2]))
    s = json.load(open(scenario))
    t_end = float(s["t_end"])
    n = len(s["masses"] if "masses" in s else s["radii"])
    ref_path = opts.get("--ref")
    if not ref_path:
        ref_path = os.path.splitext(scenario)[0] + f".ref-{every!r}.csv"
        if not os.path.exists(ref_path):
            subprocess.run([PY, os.path.join(HERE, "reference.py"), scenario, repr(t_end), repr(every), ref_path],
                           check=True)
    ref = np.loadtxt(ref_path, delimiter=",", skiprows=1)
    tag = opts.get("--tag", f"{code}-{os.path.basename(scenario)}")
    lines = [f"# study.py {' '.join(sys.argv[1:])}", f"# reference {ref_path}",
             "# h  steps  max_err_x  max_err_v  final_err_x  final_err_v  wall_s"]
    hs, ex, ev, fx, fv = [], [], [], [], []
    for m in ms:
        h = every / m
        rows, wall = run_external(code, scenario, h, t_end, every)
        check_rows(rows, n, t_end, every, h)
        dx = np.abs(rows[:, 1:n + 1] - ref[:, 1:n + 1])
        vref = ref[:, n + 1:]
        if opts.get("--velocity") == "half-step":  # compare v_{n-1/2} with V(t - h/2)
            import reference
            times = np.arange(len(ref)) * every
            times[1:] -= h / 2
            vref = reference.solve(scenario, t_end, every, times=times)[1][:, n:]
        dv = np.abs(rows[:, n + 1:] - vref)
        hs.append(h); ex.append(dx.max()); ev.append(dv.max()); fx.append(dx[-1].max()); fv.append(dv[-1].max())
        lines.append(f"{h:.6e} {round(t_end / h):8d} {ex[-1]:.4e} {ev[-1]:.4e} {fx[-1]:.4e} {fv[-1]:.4e} {wall:.2f}")
        print(lines[-1], flush=True)
    for name, e in [("max x", ex), ("max v", ev), ("final x", fx), ("final v", fv)]:
        p, lo, hi = fit(np.array(hs), np.array(e))
        lines.append(f"# order {name:8s}: {p:.3f}  95% CI [{lo:.3f}, {hi:.3f}]  ({len(hs)} points, "
                     f"h in [{min(hs):.3g}, {max(hs):.3g}])")
        print(lines[-1])
    os.makedirs(os.path.join(HERE, "results"), exist_ok=True)
    with open(os.path.join(HERE, "results", tag + ".txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
