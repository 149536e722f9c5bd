#!/usr/bin/env bash
# Whole runs side by side in one session: `granconv run CLAIMS` on threads
# (--jobs 1, then 2) and on MPI ranks of one thread each (mpirun -n K), every
# run with a cold reference cache of its own. Prints wall and CPU (user +
# system) seconds per run, the speed-up against the first run of its kind,
# and whether every record equals the first run's (tests/tools/compare_results
# --strings: numbers bit for bit, prose too, timings excepted).
#
# Usage: benchmarks/whole_runs.sh BUILD_DIR [OUT_DIR] [-- CLAIMS...]
#   RANKS="1 2" (default; empty: no MPI runs), CLAIMS default: all.
#   PRECISIONS="50" (default empty): also run the claims with --precision P
#   on 2 threads, for the cost of an extended scalar against the catalogue's
#   (those records differ by design and are not compared).
#   BASELINE=OTHER_BUILD_DIR (default empty): also run that build's granconv
#   after each thread run, its records compared with the first run's: a
#   change against the commit before, side by side in one invocation.
# The machine is shared and noisy: compare rows of one invocation only.
set -euo pipefail

build=${1:?usage: benchmarks/whole_runs.sh BUILD_DIR [OUT_DIR] [-- CLAIMS...]}
shift
out=$(mktemp -d)
if [[ $# -gt 0 && $1 != -- ]]; then out=$1; shift; fi
[[ ${1:-} == -- ]] && shift
claims=("${@:-all}")
granconv=$build/app/granconv
compare=$build/tests/tools/compare_results
for f in "$granconv" "$compare" /usr/bin/time; do
  [[ -x $f ]] || { echo "whole_runs.sh: $f not found (build granconv and compare_results first)" >&2; exit 2; }
done
ranks=${RANKS-1 2}
baseline=${BASELINE:-}
[[ -z $baseline || -x $baseline/app/granconv ]] || { echo "whole_runs.sh: no $baseline/app/granconv" >&2; exit 2; }
mkdir -p "$out"

# run NAME COMMAND...: times COMMAND (a granconv run) into $out/NAME and prints its row.
reference=""
run() {
  local name=$1 dir=$out/$1
  shift
  rm -rf "$dir" && mkdir -p "$dir"
  /usr/bin/time -f '%e %U %S' -o "$dir/time" "$@" --out "$dir" --cache "$dir/cache" --quiet ||
    { echo "whole_runs.sh: $name failed (status $?)" >&2; exit 1; }
  read -r wall user sys <"$dir/time"
  local same="reference"
  if [[ $name == precision-* ]]; then
    same="not compared (another scalar)"
  elif [[ -n $reference ]]; then
    if "$compare" --strings "$out/$reference/studies" "$dir/studies" >"$dir/compare.txt"; then
      same="identical ($(ls "$dir/studies" | wc -l) records)"
    else
      same="DIFFERENT: $dir/compare.txt"
    fi
  else
    reference=$name
  fi
  printf '| %s | %.1f | %.1f | %s |\n' "$name" "$wall" "$(awk "BEGIN { print $user + $sys }")" "$same"
}

echo "whole_runs.sh: ${claims[*]} on $(nproc) cores, $(date -u +%F), records under $out"
echo "| run | wall [s] | CPU [s] | records |"
echo "|---|---|---|---|"
for j in 2 1; do
  run "jobs-$j" "$granconv" run "${claims[@]}" --jobs "$j"
  [[ -z $baseline ]] || run "baseline-jobs-$j" "$baseline/app/granconv" run "${claims[@]}" --jobs "$j"
done
for p in ${PRECISIONS:-}; do
  run "precision-$p" "$granconv" run "${claims[@]}" --jobs 2 --precision "$p"
done
if [[ -n $ranks ]] && command -v mpirun >/dev/null; then
  for k in $ranks; do
    run "mpirun-$k" mpirun --oversubscribe --allow-run-as-root -n "$k" "$granconv" run "${claims[@]}" --jobs 1
  done
fi
