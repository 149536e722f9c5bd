#!/usr/bin/env bash
# Set-up and entry point of the README's two commands:
#   ./build.sh report   install missing Debian packages, configure, build, regenerate out/report/
#   ./build.sh test     the same set-up, then the whole test suite (ctest)
set -euo pipefail
cd "$(dirname "$0")"

case "${1:-}" in
  report|test) ;;
  *)
    echo "usage: $0 report|test" >&2
    exit 2
    ;;
esac

# What the report needs; the tests add the benchmarks' library and the
# browser that loads the report (tests/cli/check_report_browser.py), so that a
# newcomer's first report does not wait for them.
packages=(build-essential cmake libsundials-dev libeigen3-dev libboost-dev catch2 libcli11-dev libfmt-dev
          nlohmann-json3-dev libqd-dev libxxhash-dev gnuplot-nox libopenmpi-dev openmpi-bin ninja-build
          # The external codes whose integrators the claims of docs/external-codes.md verify, and the
          # Python of its example stepper.
          lammps yade python3-numpy)
[[ $1 == test ]] && packages+=(libbenchmark-dev chromium)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

build=${GRANCONV_BUILD_DIR:-build}
jobs=$(nproc)
# A new build folder gets Ninja, which compiles a target's objects before the
# libraries it links are done, so two cores stay busy to the end, the
# third-party headers precompiled (GRANCONV_PCH, cmake/precompiled_headers.cmake)
# and each target's sources compiled in batches (GRANCONV_UNITY, CMakeLists.txt);
# their gains are in docs/performance.md. A folder made otherwise keeps its
# generator and options.
new_folder=()
[[ -f $build/CMakeCache.txt ]] || new_folder=(-G Ninja -DGRANCONV_PCH=ON -DGRANCONV_UNITY=ON)
cmake "${new_folder[@]}" -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null

case "${1:-}" in
  report)
    # The report needs the command line only: the tests' objects are built by `test`.
    cmake --build "$build" -j "$jobs" --target granconv
    out=${GRANCONV_OUT:-out}
    # The shipped scheme files through the validate battery: their pages are
    # linked from the report. Status 1 (a failed verdict) and 3 (inconclusive)
    # are on the page and must not stop the report; status 2 (an error) does.
    for file in tableaux/*.json; do
      status=0
      "$build/app/granconv" validate "$file" --out "$out" --jobs "$jobs" || status=$?
      [[ $status -eq 0 || $status -eq 1 || $status -eq 3 ]] || exit "$status"
    done
    "$build/app/granconv" report --out "$out" --jobs "$jobs"
    ;;
  test)
    # Everything: what ctest runs, and the benchmarks, so that they cannot rot.
    cmake --build "$build" -j "$jobs"
    cd "$build"
    ctest --no-tests=error --output-on-failure -j "$jobs"
    ;;
esac
