# `granconv list models` lists every law of the force-model catalogue, each
# once, with its formulations. The expected names are read from the sources,
# not copied here, so a law added and missing from the list fails: the rows
# of the law catalogue (`.name = "..."`, models/contact_law_catalogue.cpp) and
# the atlas's models built beside it (`<model>.name = "..."`, the bi-stiffness
# law in studies/atlas/atlas_models.cpp).
set(names)
foreach(src models/contact_law_catalogue.cpp studies/atlas/atlas_models.cpp)
  if(NOT EXISTS ${SOURCE_DIR}/${src})
    message(FATAL_ERROR "${src}: missing under ${SOURCE_DIR}")
  endif()
  file(READ ${SOURCE_DIR}/${src} text)
  string(REGEX MATCHALL "\\.name = \"[a-z0-9-]+\"" rows "${text}")
  set(found 0)
  foreach(r IN LISTS rows)
    string(REGEX REPLACE "^.*\"([a-z0-9-]+)\"$" "\\1" name "${r}")
    list(APPEND names ${name})
    math(EXPR found "${found} + 1")
  endforeach()
  if(found EQUAL 0)
    message(FATAL_ERROR "found no `.name = \"...\"` row in ${src}: its form changed, update this test")
  endif()
endforeach()
list(REMOVE_DUPLICATES names)
list(LENGTH names count)
set(sources "models/contact_law_catalogue.cpp and studies/atlas/atlas_models.cpp")
execute_process(COMMAND ${GRANCONV} list models RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "granconv list models failed (${status}): ${err}")
endif()
# Each match starts with a newline: in MATCHALL, ^ also matches where the
# previous match ended (after a name longer than the column, at its label).
string(REGEX MATCHALL "\n[a-z0-9-]+ " listed "\n${out}")
list(LENGTH listed listed_count)
if(NOT listed_count EQUAL count)
  message(FATAL_ERROR "the catalogue has ${count} laws (${names}), the list shows ${listed_count}:\n${out}")
endif()
foreach(name IN LISTS names)
  if(NOT out MATCHES "(^|\n)${name} [^\n]*\n +formulations: xv")
    message(FATAL_ERROR "law '${name}' of the catalogue is not listed with its formulations:\n${out}")
  endif()
endforeach()
message("all ${count} laws listed: ${names}")
