#pragma once
// The page of `granconv validate`, drawn by the report from the result of
// studies/validate/validate.hpp: DIR/validate/<name>.json (the verdict),
// DIR/validate/<name>.html and its figures in DIR/validate/<name>/.
#include <filesystem>
#include <string>

#include "studies/validate/validate.hpp"

namespace granconv {

// The file stem of a scheme's page: its name with characters outside
// [A-Za-z0-9._-] replaced by '_'.
std::string validation_file_stem(const std::string& name);

// The HTML page DIR/validate/<name>.html with its figures in
// DIR/validate/<name>/, built in a temporary directory and moved into place
// (a failure leaves any previous page untouched). The JSON is written too.
void write_validation_page(const ValidationResult& result, const std::filesystem::path& validate_dir,
                           const std::string& gnuplot = "gnuplot");

}  // namespace granconv
