cmake_minimum_required(VERSION 3.19)
# The include arrows of docs/architecture.md, checked: every `#include "..."`
# of a folder's sources may name its own folder or one the rules below allow,
# never one above it. A detail header (*_detail.hpp) is private to its folder.
# -DROOT=<source tree> (the repository, or a test tree with a planted back-edge)
#
# Rules: "folder|folders its files may include from". A file belongs to the
# longest folder of the list that holds it (studies/kinds/thesis covers
# studies/kinds/thesis/mollified_order/); so does an included header.
set(rules
  "models|"
  "schemes|models"
  "reference|models"
  "fit|"
  "studies/support|models schemes reference fit"
  "studies/core|models schemes reference fit studies/support"
  "studies/kinds/jvb2020|models schemes reference fit studies/support studies/core"
  "studies/kinds/thesis|models schemes reference fit studies/support studies/core"
  "studies/kinds/nb2011|models schemes reference fit studies/support studies/core"
  "studies/kinds/uk2003|models schemes reference fit studies/support studies/core"
  "studies/kinds/families|models schemes reference fit studies/support studies/core"
  "studies/atlas|models schemes reference fit studies/support studies/core"
  "studies/validate|models schemes reference fit studies/support studies/core"
  "studies/external|models schemes reference fit studies/support studies/core"
  "studies/kinds|models schemes reference fit studies/support studies/core studies/kinds/jvb2020 studies/kinds/thesis studies/kinds/nb2011 studies/kinds/uk2003 studies/kinds/families studies/atlas studies/external"
  # The report renders result records (its own parser) and the validation
  # result through studies/validate's public header; of studies it also uses
  # the support folder's program runner and work-directory registry.
  "reports|fit models schemes reference studies/support studies/validate"
  "app|models schemes reference fit studies/support studies/core studies/kinds studies/kinds/jvb2020 studies/kinds/thesis studies/kinds/nb2011 studies/kinds/uk2003 studies/kinds/families studies/atlas studies/validate studies/external reports")

if(NOT ROOT)
  message(FATAL_ERROR "check_layout.cmake: -DROOT=<source tree> is required")
endif()
set(folders)
foreach(rule IN LISTS rules)
  string(REGEX MATCH "^[^|]*" folder "${rule}")
  list(APPEND folders ${folder})
endforeach()

# The longest folder of the rules holding `path` (a directory relative to ROOT), or "".
function(owner path out)
  set(best "")
  foreach(f IN LISTS folders)
    string(LENGTH "${f}" n)
    string(LENGTH "${best}" b)
    if((path STREQUAL f OR path MATCHES "^${f}/") AND n GREATER b)
      set(best ${f})
    endif()
  endforeach()
  set(${out} "${best}" PARENT_SCOPE)
endfunction()

set(problems "")
set(files_checked 0)
foreach(folder IN LISTS folders)
  file(GLOB_RECURSE sources RELATIVE ${ROOT} ${ROOT}/${folder}/*.cpp ${ROOT}/${folder}/*.hpp)
  foreach(src IN LISTS sources)
    get_filename_component(dir ${src} DIRECTORY)
    owner("${dir}" mine)
    if(NOT mine STREQUAL folder)
      continue()  # a subfolder with its own rule: checked under that rule
    endif()
    math(EXPR files_checked "${files_checked} + 1")
    foreach(rule IN LISTS rules)
      string(REGEX MATCH "^[^|]*" f "${rule}")
      if(f STREQUAL mine)
        string(REGEX REPLACE "^[^|]*[|]" "" allowed "${rule}")
        separate_arguments(allowed)
      endif()
    endforeach()
    file(STRINGS ${ROOT}/${src} lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS lines)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" inc "${line}")
      get_filename_component(inc_dir "${inc}" DIRECTORY)
      owner("${inc_dir}" theirs)
      if(theirs STREQUAL "")
        continue()  # not a granconv header (e.g. a test's local one)
      endif()
      if(inc MATCHES "_detail\\.hpp$" AND NOT inc_dir STREQUAL dir)
        string(APPEND problems "  ${src} includes ${inc}: a detail header is private to its folder\n")
      elseif(NOT theirs STREQUAL mine AND NOT theirs IN_LIST allowed)
        string(APPEND problems "  ${src} includes ${inc}: ${mine} may not depend on ${theirs}\n")
      endif()
    endforeach()
  endforeach()
endforeach()
if(files_checked EQUAL 0)
  message(FATAL_ERROR "check_layout.cmake: no source file found under ${ROOT}")
endif()
if(problems)
  message(FATAL_ERROR "includes against the arrows of docs/architecture.md:\n${problems}")
endif()
message(STATUS "${files_checked} files: every include follows the arrows")
