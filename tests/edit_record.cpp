// edit_record FILE [--set POINTER JSON]... [--remove POINTER]... [--seal]:
// edits a result record or a results summary the way a person might (tests
// of the report's refusals, tests/check_edited_records.cmake). The edits are
// applied in order; --seal recomputes the checksum afterwards (an edit the
// checksum cannot catch), else the stored checksum is left as it was.
//
// Exit status: 0 done, 2 error.
#include <fstream>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "reports/atomic_file.hpp"
#include "reports/json_file.hpp"
#include "reports/record_checksum.hpp"

int main(int argc, char** argv) try {
  if (argc < 2) throw std::invalid_argument("usage: edit_record FILE [--set POINTER JSON]... [--remove POINTER]... [--seal]");
  const std::string file = argv[1];
  nlohmann::json j = granconv::read_json_file(file, "record");
  bool seal = false;
  for (int k = 2; k < argc; ++k) {
    const std::string a = argv[k];
    if (a == "--seal") {
      seal = true;
    } else if (a == "--set" && k + 2 < argc) {
      j[nlohmann::json::json_pointer(argv[k + 1])] = nlohmann::json::parse(argv[k + 2]);
      k += 2;
    } else if (a == "--remove" && k + 1 < argc) {
      const nlohmann::json::json_pointer p(argv[++k]);
      j.at(p.parent_pointer()).erase(p.back());
    } else {
      throw std::invalid_argument("unknown or incomplete argument '" + a + "'");
    }
  }
  granconv::write_file_atomically(file, seal ? granconv::sealed_json_text(j) : j.dump(1) + "\n");
  return 0;
} catch (const std::exception& e) {
  std::cerr << "edit_record: " << e.what() << '\n';
  return 2;
}
