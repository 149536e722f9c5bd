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

# What the build needs, then what only the runs need: the external codes whose
# integrators the claims of docs/external-codes.md verify, the Python of its
# example stepper, and gnuplot. The second set installs while the sources
# compile (docs/performance.md, "Whole runs and the test suite"). The tests add
# the benchmarks' library and the browser that loads the report
# (tests/cli/check_report_browser.py), so that a newcomer's first report does
# not wait for them.
build_packages=(build-essential cmake ninja-build libsundials-dev libeigen3-dev libboost-dev catch2 libcli11-dev
                libfmt-dev nlohmann-json3-dev libqd-dev libxxhash-dev libopenmpi-dev openmpi-bin)
run_packages=(gnuplot-nox lammps yade python3-numpy)
[[ $1 == test ]] && build_packages+=(libbenchmark-dev) && run_packages+=(chromium)
missing() {
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}
mapfile -t missing_build < <(missing "${build_packages[@]}")
mapfile -t missing_run < <(missing "${run_packages[@]}")
sudo_cmd=()
[[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
apt_install() {
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "$@"
}
((${#missing_build[@]} + ${#missing_run[@]} == 0)) || "${sudo_cmd[@]}" apt-get update -qq
if ((${#missing_build[@]})); then
  echo "installing: ${missing_build[*]}"
  apt_install "${missing_build[@]}"
fi

build=${GRANCONV_BUILD_DIR:-build}
# The runs' packages in the background, their output in a log; whatever ends
# the script waits for them, since an interrupted dpkg leaves the machine half
# configured.
run_install=
if ((${#missing_run[@]})); then
  mkdir -p "$build"
  install_log=$build/install-run-packages.log
  echo "installing while the sources compile: ${missing_run[*]} (output in $install_log)"
  apt_install "${missing_run[@]}" </dev/null >"$install_log" 2>&1 &
  run_install=$!
  trap '[[ -z $run_install ]] || wait "$run_install" || true' EXIT
fi
runs_need_packages() {
  [[ -n $run_install ]] || return 0
  local status=0
  wait "$run_install" || status=$?
  run_install=
  if ((status)); then
    echo "build.sh: installing ${missing_run[*]} failed (exit $status); its output is in $install_log" >&2
    exit 1
  fi
}

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
    runs_need_packages
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
    runs_need_packages
    cd "$build"
    ctest --no-tests=error --output-on-failure -j "$jobs"
    ;;
esac
