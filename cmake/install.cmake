# `cmake --install`: headers under include/granconv/<folder>/, the static
# libraries, the granconv command, the claim catalogue, and a package
# configuration so that other projects can `find_package(granconv)` and link
# granconv::reports (everything a program needs, the validation page
# included), granconv::studies, or a lower module such as granconv::schemes.
# A consumer includes "granconv/<folder>/<header>" (include/ is on its path;
# so is include/granconv, which the headers' own includes use).
include(CMakePackageConfigHelpers)

# granconv::studies_fit was the order fit's library until issue 13 moved it to
# fit/: kept as an alias of granconv::fit for one release.
add_library(granconv_studies_fit INTERFACE)
target_link_libraries(granconv_studies_fit INTERFACE granconv_fit)

set(GRANCONV_MODULES models schemes reference fit studies_fit studies reports cli)
foreach(module IN LISTS GRANCONV_MODULES)
  set_target_properties(granconv_${module} PROPERTIES EXPORT_NAME ${module})
  add_library(granconv::${module} ALIAS granconv_${module})
endforeach()

install(TARGETS granconv_models granconv_schemes granconv_reference granconv_fit granconv_studies_fit
                granconv_studies granconv_reports granconv_cli
        EXPORT granconvTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
# granconv::granconv: the command, which granconv_add_claims runs and which
# checks a catalogue at configure time.
install(TARGETS granconv EXPORT granconvTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# granconv::cli: the command line as a function (app/cli.hpp), for a program
# with schemes of its own.
install(FILES app/cli.hpp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/granconv/app)
install(DIRECTORY models schemes reference fit studies reports
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/granconv
        FILES_MATCHING PATTERN "*.hpp")
install(DIRECTORY studies/claims DESTINATION ${CMAKE_INSTALL_DATADIR}/granconv)
install(FILES studies/results_summary.json DESTINATION ${CMAKE_INSTALL_DATADIR}/granconv)
install(DIRECTORY tableaux DESTINATION ${CMAKE_INSTALL_DATADIR}/granconv OPTIONAL)
install(DIRECTORY scenarios DESTINATION ${CMAKE_INSTALL_DATADIR}/granconv)  # scenario files (docs/scenario-files.md)

# Headers that issues 13 and 36 moved: a forwarding header at the old installed path,
# for one release (old=new[,new...], paths under include/granconv/).
set(GRANCONV_MOVED_HEADERS
  studies/order_fit.hpp=fit/order_fit.hpp
  reference/sundials/erk8_reference.hpp=reference/sundials/erk_reference.hpp
  reference/sundials/erk8_table.hpp=reference/sundials/erk_tables.hpp
  studies/damped_sine_fit.hpp=fit/damped_sine_fit.hpp
  studies/tableau_file.hpp=schemes/tableau_file.hpp
  studies/mp_reference.hpp=reference/extended/mp_reference.hpp
  studies/claim.hpp=studies/core/claim.hpp
  studies/claim_kinds.hpp=studies/core/claim_kinds.hpp
  studies/study.hpp=studies/core/study.hpp
  studies/verdict.hpp=studies/core/verdict.hpp
  studies/catalogue_rules.hpp=studies/core/catalogue_rules.hpp
  studies/comparison.hpp=studies/support/comparison.hpp
  studies/grid_errors.hpp=studies/support/grid_errors.hpp
  studies/step_grid.hpp=studies/support/step_grid.hpp
  studies/parallel_for.hpp=studies/support/parallel_for.hpp
  studies/binary_opening.hpp=studies/support/binary_opening.hpp
  studies/atomic_file.hpp=reports/atomic_file.hpp
  studies/history_claims.hpp=studies/kinds/jvb2020/history/history_claims.hpp
  studies/analysis_claims.hpp=studies/kinds/jvb2020/analysis/analysis_claims.hpp
  studies/sweep_claims.hpp=studies/kinds/jvb2020/sweep/sweep_claims.hpp
  studies/cradle_claims.hpp=studies/kinds/jvb2020/cradle/cradle_claims.hpp
  studies/restitution_claims.hpp=studies/kinds/jvb2020/restitution/restitution_claims.hpp
  studies/order_sweep_claims.hpp=studies/kinds/thesis/order_sweep/order_sweep_claims.hpp
  studies/mollified_order_claims.hpp=studies/kinds/thesis/mollified_order/mollified_order_claims.hpp
  studies/thesis_restitution_claims.hpp=studies/kinds/thesis/thesis_restitution/thesis_restitution_claims.hpp
  studies/lzb_claims.hpp=studies/kinds/nb2011/lzb/lzb_claims.hpp
  studies/bistiffness_claims.hpp=studies/kinds/nb2011/bistiffness/bistiffness_claims.hpp
  studies/cd_claims.hpp=studies/kinds/uk2003/contact_dynamics/contact_dynamics_claims.hpp
  studies/atlas.hpp=studies/atlas/atlas.hpp
  studies/atlas_models.hpp=studies/atlas/atlas_models.hpp
  studies/atlas_claims.hpp=studies/atlas/atlas_claims.hpp
  # write_validation_page moved to the report, which draws the page.
  studies/validate.hpp=studies/validate/validate.hpp,reports/pages/validation_page.hpp)
foreach(move IN LISTS GRANCONV_MOVED_HEADERS)
  string(REPLACE "=" ";" parts "${move}")
  list(GET parts 0 old)
  list(GET parts 1 targets)
  string(REPLACE "," ";" targets "${targets}")
  set(text "#pragma once\n// Moved (issues 13, 36): include the header(s) below; this forwarding header goes\n// in the release after granconv ${PROJECT_VERSION}.\n")
  foreach(new IN LISTS targets)
    string(APPEND text "#include \"granconv/${new}\"\n")
  endforeach()
  file(CONFIGURE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/forwarding/${old} CONTENT "${text}")
  get_filename_component(old_dir ${old} DIRECTORY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/forwarding/${old} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/granconv/${old_dir})
endforeach()

set(GRANCONV_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/granconv)
install(EXPORT granconvTargets NAMESPACE granconv:: DESTINATION ${GRANCONV_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/granconvConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/granconvConfig.cmake
                              INSTALL_DESTINATION ${GRANCONV_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/granconvConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/granconvConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/granconvConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/granconvClaims.cmake ${CMAKE_CURRENT_LIST_DIR}/granconvExpectVerdict.cmake
              ${CMAKE_CURRENT_LIST_DIR}/granconvExpectClaimFailure.cmake ${CMAKE_CURRENT_LIST_DIR}/Findqd.cmake
        DESTINATION ${GRANCONV_CMAKE_DIR})
