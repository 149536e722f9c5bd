# Order fitting (log-log least squares / upper envelope, CI, window detection).
# Included from studies/CMakeLists.txt.
add_library(granconv_studies_fit STATIC ${CMAKE_CURRENT_LIST_DIR}/order_fit.cpp)
target_include_directories(granconv_studies_fit PUBLIC ${CMAKE_CURRENT_LIST_DIR}/..)
target_link_libraries(granconv_studies_fit PUBLIC Boost::headers)
