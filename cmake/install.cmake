# `cmake --install`: headers under include/granconv/<module>/, the static
# libraries, the granconv command, the claim catalogue, and a package
# configuration so that other projects can `find_package(granconv)` and link
# granconv::studies (or a lower module such as granconv::schemes).
include(CMakePackageConfigHelpers)

set(GRANCONV_MODULES models schemes reference fit reports studies)
foreach(module IN LISTS GRANCONV_MODULES)
  set_target_properties(granconv_${module} PROPERTIES EXPORT_NAME ${module})
  add_library(granconv::${module} ALIAS granconv_${module})
endforeach()

install(TARGETS granconv_models granconv_schemes granconv_reference granconv_fit granconv_reports
                granconv_studies
        EXPORT granconvTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS granconv RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY models schemes reference fit studies reports
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/granconv
        FILES_MATCHING PATTERN "*.hpp")
install(FILES studies/claims.json studies/results_summary.json DESTINATION ${CMAKE_INSTALL_DATADIR}/granconv)
install(DIRECTORY tableaux DESTINATION ${CMAKE_INSTALL_DATADIR}/granconv OPTIONAL)

set(GRANCONV_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/granconv)
install(EXPORT granconvTargets NAMESPACE granconv:: DESTINATION ${GRANCONV_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/granconvConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/granconvConfig.cmake
                              INSTALL_DESTINATION ${GRANCONV_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/granconvConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/granconvConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/granconvConfigVersion.cmake
        DESTINATION ${GRANCONV_CMAKE_DIR})
