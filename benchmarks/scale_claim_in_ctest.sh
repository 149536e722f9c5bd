#!/usr/bin/env bash
# The claim at scale and its negative twin in ctest, as the suite schedules
# them (PROCESSORS 2, tests/test_costs.cmake: one after the other, each on
# both cores) and as they ran before (side by side, each on about one), in
# alternating rounds of one invocation. Issue 38 §3 bounds the claim's wall
# time at two minutes on two cores. Prints each test's seconds and each
# round's wall time.
#
# Usage: benchmarks/scale_claim_in_ctest.sh BUILD_DIR [ROUNDS]   (default 2)
# BUILD_DIR is a configured and built tree with its tests (./build.sh test).
# Each run starts with a cold test cache (the tests' ctest-out is removed).
# The machine is shared and noisy: compare rows of one invocation only.
set -euo pipefail

build=${1:?usage: benchmarks/scale_claim_in_ctest.sh BUILD_DIR [ROUNDS]}
rounds=${2:-2}
[[ -f $build/CTestTestfile.cmake ]] || { echo "scale_claim_in_ctest.sh: $build has no tests (run ./build.sh test)" >&2; exit 2; }
claim='^order\.granconv-chain-1e5-gl-xw$'
twin='^negative\.gl2-a12-perturbed-fails-granconv-chain-1e5-gl-xw$'
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

# seconds LOG: "NAME SECONDS" for each test ctest ran, from its summary lines.
seconds() { sed -n 's/.*Test *#[0-9]*: \([^ ]*\) .* \([0-9.]*\) sec$/\1 \2/p' "$1"; }

for ((r = 1; r <= rounds; ++r)); do
  rm -rf "$build/ctest-out"
  start=$SECONDS
  (cd "$build" && ctest -j 2 -R "$claim|$twin" >"$log/serial" 2>&1) || { cat "$log/serial" >&2; exit 1; }
  echo "round $r, PROCESSORS 2 (one after the other): $((SECONDS - start)) s"
  seconds "$log/serial"

  rm -rf "$build/ctest-out"
  start=$SECONDS
  (cd "$build" && ctest -R "$claim" >"$log/a" 2>&1) & a=$!
  (cd "$build" && ctest -R "$twin" >"$log/b" 2>&1) & b=$!
  wait $a || { cat "$log/a" >&2; exit 1; }
  wait $b || { cat "$log/b" >&2; exit 1; }
  echo "round $r, side by side: $((SECONDS - start)) s"
  seconds "$log/a"
  seconds "$log/b"
done
