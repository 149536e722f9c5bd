cmake_minimum_required(VERSION 3.19)
# The README stays a page a newcomer reads in five minutes, and the manual's
# links lead somewhere (issue 36 §4):
#   - ROOT/README.md has fewer than 200 lines;
#   - every relative link of ROOT/README.md and ROOT/docs/*.md resolves to an
#     existing file or folder, and a "#anchor" on a Markdown file (or on the
#     page itself) to one of its headings, slugged as GitHub slugs them.
# Links inside fenced code blocks and inline code are not links. Every
# problem is listed, then the script fails.
#   -DROOT=<tree holding README.md and docs/>
set(max_lines 200)
set(problems)

# GitHub's heading anchors: lower case, ASCII punctuation other than '-' and
# '_' dropped, spaces to '-'.
function(heading_slugs file out)
  file(READ ${file} text)
  string(REGEX REPLACE "```[^`]*```" "" text "${text}")
  string(REGEX MATCHALL "(^|\n)#+ [^\n]*" headings "${text}")
  set(slugs)
  foreach(h IN LISTS headings)
    string(REGEX REPLACE "^\n?#+ " "" h "${h}")
    string(STRIP "${h}" h)
    string(TOLOWER "${h}" h)
    string(REGEX REPLACE "[][!\"#$%&'()*+,./:;<=>?@\\^`{|}~]" "" h "${h}")
    string(REPLACE " " "-" h "${h}")
    list(APPEND slugs "${h}")
  endforeach()
  set(${out} "${slugs}" PARENT_SCOPE)
endfunction()

if(NOT EXISTS ${ROOT}/README.md)
  message(FATAL_ERROR "${ROOT}/README.md does not exist")
endif()
file(READ ${ROOT}/README.md readme)
string(REGEX MATCHALL "\n" newlines "${readme}")
list(LENGTH newlines lines)
if(NOT lines LESS max_lines)
  list(APPEND problems "README.md has ${lines} lines, the limit is under ${max_lines}: move the detail to docs/")
endif()

file(GLOB pages ${ROOT}/docs/*.md)
list(PREPEND pages ${ROOT}/README.md)
foreach(page IN LISTS pages)
  file(RELATIVE_PATH name ${ROOT} ${page})
  get_filename_component(dir ${page} DIRECTORY)
  file(READ ${page} text)
  # Fenced blocks, then inline code spans, are not Markdown links. A link
  # whose text is code keeps its "](" once the span is gone.
  string(REGEX REPLACE "```[^`]*```" "" text "${text}")
  string(REGEX REPLACE "`[^`\n]*`" "" text "${text}")
  # A list element may not start with ']' (CMake's lists count brackets).
  string(REPLACE "](" "<link>(" text "${text}")
  string(REGEX MATCHALL "<link>\\([^) \n]+\\)" links "${text}")
  foreach(link IN LISTS links)
    string(REGEX REPLACE "^<link>\\(([^)]*)\\)$" "\\1" target "${link}")
    if(target MATCHES "^[a-zA-Z][a-zA-Z0-9+.-]*:")  # https:, mailto:, file:
      continue()
    endif()
    set(anchor "")
    if(target MATCHES "#")
      string(REGEX REPLACE "^[^#]*#" "" anchor "${target}")
      string(REGEX REPLACE "#.*$" "" target "${target}")
    endif()
    if(target STREQUAL "")
      set(file ${page})
    else()
      get_filename_component(file "${target}" ABSOLUTE BASE_DIR ${dir})
    endif()
    if(NOT EXISTS "${file}")
      list(APPEND problems "${name}: the link '${target}' leads to no file")
      continue()
    endif()
    if(NOT anchor STREQUAL "" AND file MATCHES "\\.md$" AND NOT IS_DIRECTORY "${file}")
      heading_slugs("${file}" slugs)
      if(NOT anchor IN_LIST slugs)
        if(target STREQUAL "")
          set(target "this page")
        endif()
        list(APPEND problems "${name}: '#${anchor}' names no heading of ${target}")
      endif()
    endif()
  endforeach()
endforeach()

if(problems)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "README and docs layout:\n  ${text}")
endif()
list(LENGTH pages n)
message("README.md: ${lines} lines; the links of ${n} pages resolve")
