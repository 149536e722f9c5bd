#!/bin/sh
# pair_style granular: the force at overlap d, bead 1 moving at v1 toward bead 2 at rest (R = 0.5, rho = 1000);
# prints fx of atom 2. Output: probe_granular.txt
cd "$(dirname "$0")"
run(){ lmp -nocite -log none -screen none -in probe_granular.in -var coeff "$1" -var d $2 -var v1 $3 -var v2 0 \
         -var r1 0.5 -var r2 0.5 -var rho1 1000 -var rho2 1000 2>&1 | tail -2; awk 'NR==11{print $5}' probe.dump; }
for c in "hertz 1000.0 0.0 tangential linear_nohistory 0.0 0.0" "hertz 1000.0 10.0 tangential linear_nohistory 0.0 0.0" \
         "hertz 1000.0 10.0 tangential linear_nohistory 0.0 0.0 damping viscoelastic" \
         "hertz 1000.0 0.5 tangential linear_nohistory 0.0 0.0 damping tsuji" \
         "hertz/material 1000.0 0.0 0.3 tangential linear_nohistory 0.0 0.0"; do
  for d in 0.01 0.0025; do for v in 0 1 -1; do echo "$c | d=$d v1=$v: $(run "$c" $d $v)"; done; done
done
rm -f probe.dump
