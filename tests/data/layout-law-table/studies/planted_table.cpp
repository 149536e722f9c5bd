// A second name <-> exponent table, planted: layout.second-law-table-refused
// expects tests/check_one_law_table.cmake to name this file.
int four_beta_of(const std::string& law) {
  if (law == "kk") return 6;  // (x, v) "{;}" in a string must not hide the statement
  return 4;
}
const char* name_of(int four_beta) { return four_beta == 6 ? "kuwabara-kono" : "hertz"; }
