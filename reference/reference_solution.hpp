#pragma once
// A reference solution sampled at requested times.
#include <vector>

#include "models/chain.hpp"
#include "reference/provenance.hpp"

namespace granconv {

struct ReferenceSolution {
  std::vector<double> times;
  std::vector<Vec<double>> states;  // (x, v) interleaved, one per time
  Provenance provenance;
};

}  // namespace granconv
