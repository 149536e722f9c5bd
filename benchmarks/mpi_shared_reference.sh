#!/usr/bin/env bash
# The extended-precision claims on one process and on two MPI ranks, side by
# side in one session, each with a cold reference cache of its own: the
# speed-up of `mpirun -n 2` now that a sweep's reference and its 50-digit
# certification are computed once and shared (docs/cluster.md), and whether
# every record equals the one-process run's. A thin wrapper of whole_runs.sh.
#
# Usage: benchmarks/mpi_shared_reference.sh BUILD_DIR [OUT_DIR] [-- CLAIMS...]
#   CLAIMS default: jvb-fig3-gl-xw-xp jvb-fig2-gl-xw-xp, the double-double
#   order claims whose reference is computed (the th-singular-q ones sample an
#   exact solution). Each runs alone, so that its sweep is what is distributed.
# Rows: jobs-2 and jobs-1 (one process, two threads or one), mpirun-1 and
# mpirun-2 (ranks of one thread each); the speed-up is jobs-1 wall over
# mpirun-2 wall, read off one invocation. BEFORE=BUILD_DIR (a build of an
# earlier commit, whose ranks each computed the reference) runs the same rows
# with that build first, in the same invocation.
set -euo pipefail
# As in tests/cli/mpi_launch.cmake: root in a container, no cross-memory attach.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: benchmarks/mpi_shared_reference.sh BUILD_DIR [OUT_DIR] [-- CLAIMS...]}
shift
out=$(mktemp -d)
if [[ $# -gt 0 && $1 != -- ]]; then out=$1; shift; fi
[[ ${1:-} == -- ]] && shift
claims=("${@:-jvb-fig3-gl-xw-xp jvb-fig2-gl-xw-xp}")
# shellcheck disable=SC2206
claims=(${claims[*]})
for claim in "${claims[@]}"; do
  if [[ -n ${BEFORE:-} ]]; then
    echo "## $claim, before ($BEFORE)"
    RANKS="1 2" "$here/whole_runs.sh" "$BEFORE" "$out/before-$claim" -- "$claim"
  fi
  echo "## $claim"
  RANKS="1 2" "$here/whole_runs.sh" "$build" "$out/$claim" -- "$claim"
done
