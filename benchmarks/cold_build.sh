#!/usr/bin/env bash
# Cold build of one target from a clean clone, each way in turn, side by side
# in one run (issue 38 §5): with each target's sources compiled in batches
# (GRANCONV_UNITY=ON, what build.sh and CI configure) and one file at a time
# (OFF), both with the precompiled headers and Ninja as build.sh sets them,
# no compiler cache.
#
#   benchmarks/cold_build.sh [TARGET...]      (default: granconv)
#   JOBS=2 MODES="ON OFF" benchmarks/cold_build.sh granconv test_schemes
#
# Prints, per mode, the wall time and the CPU time (user + system) of the
# configure and of the build. The clone is of this checkout's HEAD, in a
# temporary folder removed at the end.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
targets=("$@")
((${#targets[@]})) || targets=(granconv)
jobs=${JOBS:-$(nproc)}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
git clone -q "$here" "$scratch/src"
echo "| GRANCONV_UNITY | targets | configure wall [s] | build wall [s] | build CPU [s] | commit |"
echo "|---|---|---|---|---|---|"
TIMEFORMAT='%R %U %S'  # bash's own timer: wall, then the CPU of the command and its children
for mode in ${MODES:-ON OFF}; do
  build="$scratch/build-$mode"
  { time CCACHE_DISABLE=1 cmake -G Ninja -S "$scratch/src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DGRANCONV_PCH=ON \
      -DGRANCONV_UNITY="$mode" >"$scratch/log-$mode" 2>&1; } 2>"$scratch/configure-$mode"
  { time CCACHE_DISABLE=1 cmake --build "$build" -j "$jobs" --target "${targets[@]}" >>"$scratch/log-$mode" 2>&1; } \
    2>"$scratch/build-$mode.time" ||
    { tail -20 "$scratch/log-$mode" >&2; echo "cold_build.sh: the build with GRANCONV_UNITY=$mode failed" >&2; exit 1; }
  read -r cwall _ <"$scratch/configure-$mode"
  read -r wall user sys <"$scratch/build-$mode.time"
  awk -v m="$mode" -v t="${targets[*]}" -v c="$cwall" -v w="$wall" -v u="$user" -v s="$sys" \
    -v h="$(git -C "$scratch/src" rev-parse --short HEAD)" \
    'BEGIN { printf "| %s | %s | %.1f | %.0f | %.0f | %s |\n", m, t, c, w, u + s, h }'
  rm -rf "$build"
done
