# Order fitting (log-log least squares / upper envelope, CI, window detection).
# Included from studies/CMakeLists.txt.
add_library(granconv_studies_fit STATIC ${CMAKE_CURRENT_LIST_DIR}/order_fit.cpp)
target_include_directories(granconv_studies_fit PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
                                                       $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/granconv>)
target_link_libraries(granconv_studies_fit PUBLIC Boost::headers)
