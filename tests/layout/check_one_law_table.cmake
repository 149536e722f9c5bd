cmake_minimum_required(VERSION 3.19)
# One law table: the contact laws' names and exponents are paired in
# models/contact_law_catalogue.cpp only (issue 36 §1). Fails when a source
# file of the library folders pairs a law name of the catalogue (its `.name`
# or `.model_name`, as a string literal) with exponents:
#   - the literal followed by a number ({"kk", 3, 6, ...});
#   - in the statement that holds the literal, two integers in a row
#     (law("kk", "label", "notes", 3, 6, 0.1)) or an exponent's name
#     (four_beta, twice_alpha, alpha, beta: `if (c.four_beta == 4) return "tsuji"`),
#     or a number returned or chosen (`if (law == "kk") return 6`, `law == "kk" ? 6 : 4`).
# A statement is the text between two of ; { }. Naming a law to look its row up
# (contact_law_info("hertz")) is not a table and passes.
# -DROOT=<source tree> (the repository, or a test tree with a planted table)
if(NOT ROOT)
  message(FATAL_ERROR "check_one_law_table.cmake: -DROOT=<source tree> is required")
endif()
set(catalogue models/contact_law_catalogue.cpp)
if(NOT EXISTS ${ROOT}/${catalogue})
  message(FATAL_ERROR "${catalogue}: missing under ${ROOT}")
endif()
file(READ ${ROOT}/${catalogue} text)
string(REGEX MATCHALL "\\.(name|model_name) = \"[^\"]+\"" fields "${text}")
set(names "")
foreach(f IN LISTS fields)
  string(REGEX REPLACE "^[^\"]*\"([^\"]+)\"$" "\\1" n "${f}")
  list(APPEND names "${n}")
endforeach()
list(REMOVE_DUPLICATES names)
list(LENGTH names name_count)
if(name_count LESS 2)
  message(FATAL_ERROR "${catalogue}: found ${name_count} law names; the check reads `.name = \"...\"` rows")
endif()

set(exponent_word "(^|[^A-Za-z0-9_])(four_beta|twice_alpha|twice_beta|alpha|beta)([^A-Za-z0-9_]|$)")
set(problems "")
set(files_checked 0)
file(GLOB_RECURSE sources RELATIVE ${ROOT} ${ROOT}/models/*.[ch]pp ${ROOT}/schemes/*.[ch]pp ${ROOT}/reference/*.[ch]pp
     ${ROOT}/fit/*.[ch]pp ${ROOT}/studies/*.[ch]pp ${ROOT}/reports/*.[ch]pp ${ROOT}/app/*.[ch]pp)
list(SORT sources)
foreach(src IN LISTS sources)
  if(src STREQUAL catalogue)
    continue()
  endif()
  math(EXPR files_checked "${files_checked} + 1")
  file(READ ${ROOT}/${src} content)
  # Law-name literals kept as tokens, every other string and character
  # literal emptied (their braces and semicolons would cut statements).
  set(i 0)
  foreach(n IN LISTS names)
    string(REPLACE "\"${n}\"" "@LAW${i}@" content "${content}")
    math(EXPR i "${i} + 1")
  endforeach()
  string(REGEX REPLACE "'([^'\\\n]|\\\\.)+'" "' '" content "${content}")
  string(REGEX REPLACE "\"([^\"\\\n]|\\\\.)*\"" "\"\"" content "${content}")
  set(i 0)
  foreach(n IN LISTS names)
    string(REPLACE "@LAW${i}@" "\"${n}\"" content "${content}")
    math(EXPR i "${i} + 1")
  endforeach()
  foreach(n IN LISTS names)
    string(REGEX REPLACE "([][+.*()^$?|\\\\])" "\\\\\\1" re "${n}")
    string(FIND "${content}" "\"${n}\"" at)
    if(at EQUAL -1)
      continue()
    endif()
    if(content MATCHES "\"${re}\"[ \t\r\n]*,[ \t\r\n]*[0-9]")
      string(APPEND problems "  ${src}: \"${n}\" followed by a number (a row of a second law table)\n")
      continue()
    endif()
    string(REGEX MATCHALL "[^;{}]*\"${re}\"[^;{}]*" statements "${content}")
    foreach(s IN LISTS statements)
      if(s MATCHES "[0-9][ \t\r\n]*,[ \t\r\n]*[0-9]+[ \t\r\n]*," OR s MATCHES "${exponent_word}" OR
         s MATCHES "(return|[?:])[ \t\r\n]*[0-9]")
        string(STRIP "${s}" s)
        string(REGEX REPLACE "[ \t\r\n]+" " " s "${s}")
        string(APPEND problems "  ${src}: \"${n}\" beside exponents: ${s}\n")
        break()
      endif()
    endforeach()
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "a second table of contact-law names and exponents (the law catalogue, ${catalogue}, "
                      "is the only one):\n${problems}")
endif()
message(STATUS "one law table: ${name_count} law names, ${files_checked} files without a second table")
