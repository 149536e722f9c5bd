# Negative tests (label `negative`): for every claim family, a perturbation of
# the METHOD or the MODEL (not only of the expected number) must make the
# family's check fail: `granconv run <id> --check` exits 1 with a FAIL verdict
# (a crash or bad input, status 2, is not a failed claim, nor is a pass).
# Perturbed or cheap claim copies live in tests/data/*-negative-claims.json.
# Included from tests/claims/CMakeLists.txt (ctest_out is set in tests/CMakeLists.txt).
set(negative_data ${granconv_test_data})
function(granconv_expect_claim_failure name)
  add_test(NAME ${name}
           COMMAND ${CMAKE_COMMAND} -DGRANCONV=$<TARGET_FILE:granconv> "-DARGS=${ARGN}"
                   -DOUT=${ctest_out}/negative/${name} -DCACHE=${ctest_out}/cache
                   -P ${PROJECT_SOURCE_DIR}/cmake/granconvExpectClaimFailure.cmake)
  set_tests_properties(${name} PROPERTIES LABELS negative)
endfunction()

# --- order: a tableau entry moved (GL2 a12 by 1e-3), broken dissipation
# condition, a wrongly started scheme, the singular exponent q changed, and
# (expected-number perturbations) neighbouring orders.
granconv_expect_claim_failure(negative.gl2-a12-perturbed-fails-jvb-fig3-gl-xw
  jvb-fig3-gl-xw --tableau ${negative_data}/gl2-a12-perturbed.json)
granconv_expect_claim_failure(negative.perturbed-c11-fails-jvb-fig6-irk-nobreak
  jvb-fig6-irk-nobreak --dissipation-scale 1.05)
# The headline reduction claims (issue 35): the same tableau perturbation on
# fig. 2's GL runs, and a 2 % dissipation error on the tailored IRK's impact.
granconv_expect_claim_failure(negative.gl2-a12-perturbed-fails-jvb-fig2-gl-xv
  jvb-fig2-gl-xv --tableau ${negative_data}/gl2-a12-perturbed.json)
granconv_expect_claim_failure(negative.gl2-a12-perturbed-fails-jvb-fig2-gl-xw
  jvb-fig2-gl-xw --tableau ${negative_data}/gl2-a12-perturbed.json)
# The claim at scale (issue 38): the same tableau perturbation on the chain of
# 10⁵ beads (order 0.99 [0.986, 0.995] on 50 beads, far outside 5/2 ± 0.2).
granconv_expect_claim_failure(negative.gl2-a12-perturbed-fails-granconv-chain-1e5-gl-xw
  granconv-chain-1e5-gl-xw --tableau ${negative_data}/gl2-a12-perturbed.json)
granconv_expect_claim_failure(negative.perturbed-c11-fails-jvb-fig6-irk-impact
  jvb-fig6-irk-impact --dissipation-scale 1.02)
granconv_expect_claim_failure(negative.perturbed-theta-fails-jvb-fig6-theta-impact
  jvb-fig6-theta-impact --dissipation-scale 1.05)
# A DEM scheme started wrongly (v(−h/2) := v0 while the force acts from t = 0) is first order.
granconv_expect_claim_failure(negative.v0-start-fails-th-smooth-damped-verlet th-smooth-damped-verlet --start v0)
granconv_expect_claim_failure(negative.v0-start-fails-th-smooth-leapfrog th-smooth-leapfrog --start v0)
# Model: y'' = y^q with q = 0.25 in place of 0.5 converges at 1 + q = 1.25, not 3/2.
granconv_expect_claim_failure(negative.q-0.25-fails-th-singular-q-0.5-exact th-singular-q-0.5-exact --param q=0.25)
granconv_expect_claim_failure(negative.wrong-order-fails-jvb-fig3-gl-xw jvb-fig3-gl-xw --expected 3)
granconv_expect_claim_failure(negative.wrong-order-fails-jvb-fig2-cn-xw jvb-fig2-cn-xw --expected 2.5)
granconv_expect_claim_failure(negative.cn-xw-claimed-for-xv-fails jvb-fig2-cn-xv --expected 2)
granconv_expect_claim_failure(negative.wrong-order-fails-th-kk-verlet th-kk-verlet --expected 2)
granconv_expect_claim_failure(negative.wrong-order-fails-th-hertz-verlet th-hertz-verlet --expected 1.5)
# The singular-q claims' tolerance separates neighbouring q (orders 0.25 apart).
granconv_expect_claim_failure(negative.neighbouring-q-fails-th-singular-q-0.5-exact th-singular-q-0.5-exact --expected 1.25)
# Extended precision can fail too: order 4 in double-double is not order 3.
granconv_expect_claim_failure(negative.wrong-order-fails-jvb-fig3-gl-xw-xp jvb-fig3-gl-xw-xp --expected 3)
granconv_expect_claim_failure(negative.wrong-order-fails-th-smooth-euler th-smooth-euler --expected 2)
# th-kk-symplectic-euler is a documented deviation: it fails unperturbed, so its
# negatives run on a copy asserting the order it measures (3/2), which passes.
granconv_expect_claim_failure(negative.order-1-fails-th-kk-symplectic-euler-measured
  th-kk-symplectic-euler-measured --expected 1 --claims ${negative_data}/order-negative-claims.json)
granconv_expect_claim_failure(negative.wrong-order-fails-th-trimer-velocity-verlet-kk th-trimer-velocity-verlet-kk --expected 2)
granconv_expect_claim_failure(negative.wrong-order-fails-th-trimer-damped-verlet-kk th-trimer-damped-verlet-kk --expected 2)
# Every order family also has a perturbation of the method or the model (issue 35):
# th-binary-verlet: KK with its damping removed (gn = 0, elastic Hertz: order 2,
# not 3/2), and elastic Hertz given KK's damping (order 3/2, not 2).
granconv_expect_claim_failure(negative.gn-0-fails-th-kk-verlet th-kk-verlet --param gn=0)
granconv_expect_claim_failure(negative.kk-damping-fails-th-hertz-verlet th-hertz-verlet --param law=kk --param gn=0.49)
# th-binary-symplectic-euler: Hertz with linear damping, whose force jumps at
# touching (order 1), in place of KK.
granconv_expect_claim_failure(negative.hertz-damped-fails-th-kk-symplectic-euler-measured
  th-kk-symplectic-euler-measured --param law=hertz-damped --claims ${negative_data}/order-negative-claims.json)
# th-trimer: KK's damping removed from the damped Verlet run (order 2, not 3/2);
# damping given to velocity Verlet's Hertz run (its lagged velocity: order 1, not 2).
granconv_expect_claim_failure(negative.gamma-0-fails-th-trimer-damped-verlet-kk th-trimer-damped-verlet-kk --param gamma=0)
granconv_expect_claim_failure(negative.gamma-0.1-fails-th-trimer-velocity-verlet-hertz
  th-trimer-velocity-verlet-hertz --param gamma=0.1)
# Extended precision (a tableau file runs in double only, so the scheme or the
# formulation is replaced in a copy): jvb-fig3-xp with Radau IIA (order 3) in
# place of GL2; jvb-fig2-xp on (x, v) in place of (x, w) (order 3/2, cheap
# grid); th-singular-q-0.75-exact (double-double) with q = 1/4 for 3/4.
foreach(id jvb-fig3-xw-xp-radau2 jvb-fig2-gl-xw-xp-run-on-xv)
  granconv_expect_claim_failure(negative.${id} ${id} --claims ${negative_data}/order-negative-claims.json)
endforeach()
granconv_expect_claim_failure(negative.q-0.25-fails-th-singular-q-0.75-exact th-singular-q-0.75-exact --param q=0.25)
# External programs (ext-python, ext-lammps, ext-yade): their claims' negative
# twins ("negative_twins", registered by granconv_add_claims) perturb the program.

# --- table (JVB Table 1): numerical dissipation 2 % off the condition (41).
granconv_expect_claim_failure(negative.dissipation-1.02-fails-jvb-table1 jvb-table1 --dissipation-scale 1.02)
# --- history (JVB fig. 7): the same perturbation. (μ ≠ θ would be no
# perturbation on the chains of figs. 6–11: μ weights the local springs K,
# and they have none; see tests/claims/mutations.txt.)
granconv_expect_claim_failure(negative.dissipation-1.02-fails-jvb-fig7 jvb-fig7 --dissipation-scale 1.02)
# fig. 8: the IRK run's peak check, whose rival is a C11 2 % off (θ's run cannot see it).
granconv_expect_claim_failure(negative.dissipation-1.02-fails-jvb-fig8 jvb-fig8 --dissipation-scale 1.02)
# --- sweep (JVB fig. 11, cheap copy): the same perturbation moves where each scheme is largest;
# so does a mass ratio 5 % off the paper's (ε = 0.62 for 0.59). (A linear contact law, β = 1,
# is no perturbation here: the θ scheme's tailored dissipation refuses it, an error.)
granconv_expect_claim_failure(negative.dissipation-1.02-fails-jvb-fig11-h0.25-coarse
  jvb-fig11-h0.25-coarse --dissipation-scale 1.02 --claims ${negative_data}/sweep-negative-claims.json)
granconv_expect_claim_failure(negative.epsilon-0.62-fails-jvb-fig11-h0.25-coarse
  jvb-fig11-h0.25-coarse --param epsilon=0.62 --claims ${negative_data}/sweep-negative-claims.json)
# --- cradle (JVB figs. 4, 5): μ ≠ θ (the in-phase motion decays), and θ 2 % off (41)
# (fig. 5's sup-norm errors leave the printed digits).
granconv_expect_claim_failure(negative.mu-0.7-fails-jvb-fig4 jvb-fig4 --mu 0.7)
granconv_expect_claim_failure(negative.dissipation-1.02-fails-jvb-fig5 jvb-fig5 --dissipation-scale 1.02)
# --- restitution (JVB eq. (9)): the linear contact law (β = 1) in place of Hertz's 3/2.
granconv_expect_claim_failure(negative.beta-1-fails-jvb-eq9 jvb-eq9 --param beta=1)
# --- analysis (JVB modified equations): GL2 with a12 moved by 1e-3 has C11 ≠ 0.
granconv_expect_claim_failure(negative.gl2-a12-perturbed-fails-jvb-modified-eq
  jvb-modified-eq --tableau ${negative_data}/gl2-a12-perturbed.json)
# --- order-sweep (thesis fig. 3.1, cheap copy): a linear spring-dashpot in place of KK has no order 3/2.
granconv_expect_claim_failure(negative.spring-dashpot-fails-th-kk-verlet-damping-small
  th-kk-verlet-damping-small --param law=spring-dashpot --claims ${negative_data}/order-sweep-negative-claims.json)
# --- mollified-order (thesis ch. 4, cheap copies): symplectic Euler in place of
# damped Verlet; no damping (gn = 0: plain "KK" is Hertz, of order 2).
granconv_expect_claim_failure(negative.th-mollified-symplectic-euler-small
  th-mollified-symplectic-euler-small --claims ${negative_data}/mollified-negative-claims.json)
granconv_expect_claim_failure(negative.gn-0-fails-th-mollified-verlet-small
  th-mollified-verlet-small --param gn=0 --claims ${negative_data}/mollified-negative-claims.json)
# The prefactor check can fail: read against 10 in place of 2.50 (an expectation, not a mutation).
granconv_expect_claim_failure(negative.th-mollified-verlet-small-prefactor-10
  th-mollified-verlet-small-prefactor-10 --claims ${negative_data}/mollified-negative-claims.json)
# --- thesis-restitution: two ε swapped in the chain, symplectic Euler checked in place of explicit Euler.
foreach(id th-restitution-mollified-eps-swapped th-restitution-euler-symplectic)
  granconv_expect_claim_failure(negative.${id} ${id} --claims ${negative_data}/restitution-negative-claims.json)
endforeach()
# --- lzb: beads 1 % larger, the printed tapering law, e_s = 0.95 against the
# elastic Hertz chain, KK damping (model); the distributing rule (11) with its
# exponents exchanged (method).
foreach(id lzb-table2-radius-1pct lzb-table3-printed-taper lzb-order-es-0.95 lzb-scale-kk-damped lzb-table2-rule11-swapped)
  granconv_expect_claim_failure(negative.${id} ${id} --claims ${negative_data}/lzb-negative-claims.json)
endforeach()
# --- bistiffness: elastic instead of e_s = 0.93 for Table 1, LZB impulse steps 100× coarser.
foreach(id lzb-table1-elastic lzb-binary-restitution-coarse-dp lzb-zode-coarse-dp)
  granconv_expect_claim_failure(negative.${id} ${id} --claims ${negative_data}/bistiffness-negative-claims.json)
endforeach()
# --- contact-dynamics: the raw gap in place of g_pos in the run that must stay passive; the
# rival "κ without q" of cd-sound and cd-equivalent-chain: the predictions with q = 1, the
# spring–dashpot chain with κ = m N_I/Δt² (model).
foreach(id cd-raw-gap-passive-raw cd-sound-kappa-without-q cd-equivalent-chain-kappa-without-q)
  granconv_expect_claim_failure(negative.${id} ${id} --claims ${negative_data}/cd-negative-claims.json)
endforeach()
# --- atlas: a wrong known order (expected number), and the CN (x, w) check
# measured on the (x, v) formulation (method).
foreach(id atlas-cn-xw-claimed-3-2 atlas-cn-xw-run-with-gl2)
  granconv_expect_claim_failure(negative.${id} ${id} --claims ${negative_data}/atlas-negative-claims.json)
endforeach()

# --- scheme-property (issue 37): each claim on a shipped scheme file, run on a
# perturbed copy of the file (tests/data/scheme_files/*-perturbed.json, named
# by the twin claims of families-negative-claims.json), must fail: γ off the
# second-order condition (generalized-α, HHT, Newmark), α_f moved (generalized-α's
# order), β moved (central difference's interval √6), Ā moved (rkn4's order 2).
foreach(id ch1993-generalized-alpha-rho-infinity ch1993-generalized-alpha-order hht1977-rho-infinity hht1977-order
        newmark1959-average-rho-infinity newmark1959-average-spectral-radius newmark1959-average-order
        central-difference-stability-interval nystrom1925-rkn4-order)
  granconv_expect_claim_failure(negative.perturbed-scheme-file-fails-${id} ${id}-perturbed
    --claims ${negative_data}/families-negative-claims.json)
endforeach()

# --- observed orders of scheme files (issue 37): each claim run with a perturbed
# copy of its file in place of the shipped one (run --tableau takes a scheme file
# of any family for an order claim) must fail: a composition coefficient moved
# (PEFRL's ξ, Forest–Ruth's θ, Yoshida's w1: order 2), PEFRL's start kicks made
# trapezoidal (order 2 under the dashpot, not 1), Lobatto IIIB's â_22 moved,
# Gear's c_3 moved (order 3), generalized-α's α_f moved (order 1).
set(scheme_files ${negative_data}/scheme_files)
foreach(pair omf2002-pefrl-trimer:pefrl-xi-perturbed
             fr1990-forest-ruth-trimer:forest-ruth-theta-perturbed
             y1990-yoshida6-trimer:yoshida6-w1-perturbed
             omf2002-pefrl-trimer-damped:pefrl-trapezoidal-kicks
             hlw2006-lobatto3ab-trimer-damped:lobatto-iiia-iiib-3-ahat-perturbed
             g1971-gear5-trimer-damped:gear-5-c3-perturbed
             ch1993-generalized-alpha-trimer-damped:generalized-alpha-0.8-alpha-f-perturbed)
  string(REPLACE ":" ";" pair "${pair}")
  list(GET pair 0 id)
  list(GET pair 1 file)
  granconv_expect_claim_failure(negative.${file}-fails-${id} ${id} --tableau ${scheme_files}/${file}.json)
endforeach()
