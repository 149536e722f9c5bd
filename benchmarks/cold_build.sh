#!/usr/bin/env bash
# Cold build of one target from a clean clone, each way in turn, side by side
# in one run (issue 38 §5): with each target's sources compiled in batches
# (GRANCONV_UNITY=ON, what build.sh and CI configure) and one file at a time
# (OFF), both with the precompiled headers and Ninja as build.sh sets them,
# no compiler cache.
#
#   benchmarks/cold_build.sh [TARGET...]      (default: granconv)
#   JOBS=2 MODES="ON OFF" benchmarks/cold_build.sh granconv test_schemes
#   REVS="538a870 HEAD" MODES=ON ROUNDS=2 benchmarks/cold_build.sh granconv
#
# Prints, per revision and mode, the wall time and the CPU time (user +
# system) of the configure and of the build. REVS (default HEAD) are commits
# of this checkout, each cloned into a temporary folder removed at the end;
# with ROUNDS > 1 the builds alternate, round after round, so that a change
# against the commit before it is measured on the same machine state.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
targets=("$@")
((${#targets[@]})) || targets=(granconv)
jobs=${JOBS:-$(nproc)}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
revs=(${REVS:-HEAD})
for i in "${!revs[@]}"; do
  git clone -q "$here" "$scratch/src-$i"
  git -C "$scratch/src-$i" checkout -q "$(git -C "$here" rev-parse "${revs[$i]}")"
done
echo "| GRANCONV_UNITY | targets | configure wall [s] | build wall [s] | build CPU [s] | commit |"
echo "|---|---|---|---|---|---|"
TIMEFORMAT='%R %U %S'  # bash's own timer: wall, then the CPU of the command and its children
for ((round = 0; round < ${ROUNDS:-1}; ++round)); do
  for i in "${!revs[@]}"; do
    for mode in ${MODES:-ON OFF}; do
      src="$scratch/src-$i" build="$scratch/build-$i-$mode" log="$scratch/log-$i-$mode"
      { time CCACHE_DISABLE=1 cmake -G Ninja -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DGRANCONV_PCH=ON \
          -DGRANCONV_UNITY="$mode" >"$log" 2>&1; } 2>"$log.configure"
      { time CCACHE_DISABLE=1 cmake --build "$build" -j "$jobs" --target "${targets[@]}" >>"$log" 2>&1; } 2>"$log.build" ||
        { tail -20 "$log" >&2; echo "cold_build.sh: the build of ${revs[$i]} with GRANCONV_UNITY=$mode failed" >&2; exit 1; }
      read -r cwall _ <"$log.configure"
      read -r wall user sys <"$log.build"
      awk -v m="$mode" -v t="${targets[*]}" -v c="$cwall" -v w="$wall" -v u="$user" -v s="$sys" \
        -v h="$(git -C "$src" rev-parse --short HEAD)" \
        'BEGIN { printf "| %s | %s | %.1f | %.0f | %.0f | %s |\n", m, t, c, w, u + s, h }'
      rm -rf "$build"
    done
  done
done
