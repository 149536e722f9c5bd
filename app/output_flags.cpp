#include "app/output_flags.hpp"

#include <cerrno>
#include <cstring>
#include <iostream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace granconv::cli {

void print_json(const nlohmann::json& j) {
  errno = 0;
  std::cout << j.dump(1) << '\n';
  std::cout.flush();
  if (!std::cout) {
    const int err = errno;  // the failed write's reason: disk full, closed pipe, ...
    throw std::runtime_error(std::string("cannot write to standard output: ") + std::strerror(err ? err : EIO));
  }
}

}  // namespace granconv::cli
