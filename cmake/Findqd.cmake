# Debian's libqd-dev (Bailey, Hida & Li's double-double and quad-double
# arithmetic; models/double_double.hpp): the imported target qd::qd.
# Installed beside granconvConfig.cmake, which finds it for consumers.
find_path(qd_INCLUDE_DIR qd/dd_real.h)
find_library(qd_LIBRARY qd)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(qd REQUIRED_VARS qd_LIBRARY qd_INCLUDE_DIR)
if(qd_FOUND AND NOT TARGET qd::qd)
  add_library(qd::qd UNKNOWN IMPORTED)
  set_target_properties(qd::qd PROPERTIES IMPORTED_LOCATION "${qd_LIBRARY}" INTERFACE_INCLUDE_DIRECTORIES
                                                                           "${qd_INCLUDE_DIR}")
endif()
mark_as_advanced(qd_INCLUDE_DIR qd_LIBRARY)
