#!/usr/bin/env bash
# Peak memory of one order study on a long chain, down to small step sizes
# (issue 38 §1: a study on N = 1e5 at h = 0.0005 under 300 MB per job).
#
# Usage: benchmarks/memory_study.sh BUILD_DIR [OUT_DIR]
#   N (default 100000), T (0.5), H_MAX (0.005), H_MIN (0.0005), PER_DECADE (5),
#   SCHEME (gl2), FORMULATION (xw), JOBS (1: the peak of one job).
#
# The study is the shipped claim granconv-chain-1e5-gl-xw (the KK chain after
# an impact, grid-max error over every grid time, its reference streamed)
# with the chain length, the end time, the grid and the scheme replaced: the
# claim file is written into OUT_DIR and run with --claims, no cache. Prints
# the record's fit and verdict, then the peak resident set, wall and CPU
# seconds from /usr/bin/time. The verdict is the claim's, whose expectation
# (5/2) was derived for GL2 on (x, w); for another scheme read the figures, not
# the verdict.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${1:?usage: benchmarks/memory_study.sh BUILD_DIR [OUT_DIR]}
out=${2:-$(mktemp -d)}
mkdir -p "$out"
[[ -x $build/app/granconv ]] || { echo "memory_study.sh: no $build/app/granconv" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "memory_study.sh: /usr/bin/time is missing (Debian package time)" >&2; exit 2; }
N=${N:-100000} T=${T:-0.5} H_MAX=${H_MAX:-0.005} H_MIN=${H_MIN:-0.0005} PER_DECADE=${PER_DECADE:-5}
SCHEME=${SCHEME:-gl2} FORMULATION=${FORMULATION:-xw} JOBS=${JOBS:-1}
id=memory-study
N=$N T=$T H_MAX=$H_MAX H_MIN=$H_MIN PER_DECADE=$PER_DECADE SCHEME=$SCHEME FORMULATION=$FORMULATION \
  /usr/bin/python3 - "$root/studies/claims/granconv.json" "$out/claims.json" "$id" <<'EOF'
import json, os, sys
src, dst, ident = sys.argv[1:]
doc = json.load(open(src))
claim = next(c for c in doc["claims"] if c["id"] == "granconv-chain-1e5-gl-xw")
e = os.environ
claim.update(id=ident, params=[f"n={e['N']}", f"t_end={e['T']}"], scheme=e["SCHEME"], formulation=e["FORMULATION"],
             grid={"h_max": float(e["H_MAX"]), "h_min": float(e["H_MIN"]), "per_decade": int(e["PER_DECADE"])})
claim["title"] = f"memory study: {e['SCHEME']} ({e['FORMULATION']}), chain of {e['N']} beads, h down to {e['H_MIN']}"
for check in claim["checks"]:
    check["window"] = [float(e["H_MIN"]), float(e["H_MAX"])]
    check["label"] = f"{e['H_MIN']} <= h <= {e['H_MAX']}, least squares"
claim.pop("negative_twins", None)
json.dump({"about": doc["about"], "claims": [claim]}, open(dst, "w"), indent=1)
EOF
echo "## N = $N, T = $T, h from $H_MAX to $H_MIN ($PER_DECADE per decade), $SCHEME ($FORMULATION), --jobs $JOBS"
status=0
/usr/bin/time -f '%M %e %U %S' -o "$out/time.txt" "$build/app/granconv" run "$id" --claims "$out/claims.json" \
  --out "$out/run" --jobs "$JOBS" --cache none --tableaux "$root/tableaux" --scenarios "$root/scenarios" || status=$?
read -r kb wall user sys <"$out/time.txt"
echo "| peak resident | wall | user CPU | system CPU |"
echo "|---|---|---|---|"
echo "| $((kb / 1024)) MiB ($((kb * 1024 / 1000000)) MB) | $wall s | $user s | $sys s |"
exit "$status"
