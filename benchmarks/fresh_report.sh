#!/usr/bin/env bash
# A newcomer's first report, timed on this machine made fresh again before
# each run (issue 38 §5): the Debian packages build.sh installs and a new
# machine lacks are purged with what they pulled in, apt's download cache is
# emptied, then a fresh clone of each revision runs `./build.sh report` as
# the README says.
#
#   sudo benchmarks/fresh_report.sh --purge-packages REV...
#   sudo ROUNDS=2 benchmarks/fresh_report.sh --purge-packages b7042e0 HEAD
#
# This removes system packages, so it runs only when told so. The packages
# marked as installed by hand before the first run are installed again at
# the end. With ROUNDS > 1 the revisions alternate, round after round, so
# that a change is measured against the commit before it on the same
# machine. Prints a row per run: the wall time of the whole command and of
# its phases (up to the first compile, the compile, the rest), the packages
# installed before, the report's summary line. Each log line is prefixed
# with the seconds since the start, which is where the phases come from.
set -euo pipefail
[[ ${1:-} == --purge-packages ]] || {
  echo "usage: sudo $0 --purge-packages REV... (purges the packages build.sh installs)" >&2
  exit 2
}
shift
rounds=${ROUNDS:-1}
[[ $rounds =~ ^[1-9][0-9]{0,2}$ ]] || { echo "fresh_report.sh: ROUNDS must be a count from 1 to 999, not '$rounds'" >&2; exit 2; }
(($#)) || { echo "fresh_report.sh: name at least one revision" >&2; exit 2; }
[[ $(id -u) -eq 0 ]] || { echo "fresh_report.sh: apt-get purge needs root" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
revs=()
for rev in "$@"; do
  commit=$(git -C "$here" rev-parse --verify -q "$rev^{commit}") || { echo "fresh_report.sh: no such commit: $rev" >&2; exit 2; }
  revs+=("$commit")
done

# The package list is this checkout's build.sh's.
packages=()
eval "$(sed -n '/^packages=(/,/)$/p' "$here/build.sh")"
((${#packages[@]})) || { echo "fresh_report.sh: could not read the package list from build.sh" >&2; exit 1; }
# A new 2-core machine of CI's kind comes with g++, make, CMake and Google
# Benchmark, so those stay; Chromium, which `build.sh test` adds, goes.
purge=()
for p in "${packages[@]}" chromium; do
  [[ $p == build-essential || $p == cmake || $p == libbenchmark-dev ]] || purge+=("$p")
done

scratch=$(mktemp -d)
mapfile -t manual < <(apt-mark showmanual)
restore() {
  echo "fresh_report.sh: installing again what was installed by hand (${#manual[@]} packages)" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${manual[@]}" >"$scratch/restore.log" 2>&1 ||
    echo "fresh_report.sh: reinstalling failed; see $scratch/restore.log" >&2
  rm -rf "$scratch/src"
  echo "fresh_report.sh: the logs are in $scratch" >&2
}
trap restore EXIT

echo "| round | commit | build.sh report wall [s] | to the first compile [s] | compile [s] | rest [s] | exit | installed packages before | summary |"
echo "|---|---|---|---|---|---|---|---|---|"
for ((round = 1; round <= rounds; ++round)); do
  for rev in "${revs[@]}"; do
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq "${purge[@]}" >"$scratch/purge.log" 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get autoremove --purge -y -qq >>"$scratch/purge.log" 2>&1
    apt-get clean
    left=$(dpkg-query -W -f='${Package} ${Status}\n' "${purge[@]}" 2>/dev/null | grep -c 'install ok installed' || true)
    ((left == 0)) || { echo "fresh_report.sh: $left of the packages are still installed; see $scratch/purge.log" >&2; exit 1; }
    before=$(dpkg -l | grep -c '^ii')
    rm -rf "$scratch/src"
    git clone -q "$here" "$scratch/src"
    git -C "$scratch/src" checkout -q "$rev"
    log="$scratch/report-$round-${rev:0:7}.log"
    status=0
    SECONDS=0
    (cd "$scratch/src" && ./build.sh report) 2>&1 | while IFS= read -r line; do printf '%d %s\n' "$SECONDS" "$line"; done >"$log" ||
      status=$?
    wall=$SECONDS
    summary=$(grep -m1 -E 'reproduced' "$log" | cut -d' ' -f2- || true)
    # Ninja's progress lines ("[k/n] ...") bound the compile.
    awk -v r="$round" -v c="${rev:0:7}" -v w="$wall" -v x="$status" -v b="$before" -v m="${summary:-(none)}" '
      $2 ~ /^\[[0-9]+\/[0-9]+\]$/ { if (first == "") first = $1; last = $1 }
      END {
        if (first == "") first = last = w
        printf "| %d | %s | %d | %d | %d | %d | %d | %d | %s |\n", r, c, w, first, last - first, w - last, x, b, m
      }' "$log"
  done
done
