#pragma once
// The restitution of a binary collision read off a reference that ends after
// the contact has opened, shared by the claim kinds "restitution" (JVB,
// dimensionless) and "thesis-restitution" (SI units) so that both rest on the
// same validation.
//
// No force acts after the opening, so the relative speed at the reference's
// last time is the separation speed. That holds only when the run saw exactly
// one contact event (the opening, before the end) and the overlap x_0 − x_1 is
// negative at the end; anything else (t_end too short, a second contact) would
// make e meaningless, hence the throw rather than a value.
#include <cmath>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "reference/reference_solution.hpp"

namespace granconv::detail {

struct Opening {
  double e = 0;       // |ξ'(t_end)| / v
  double t_open = 0;  // time of the opening event
};

inline Opening single_opening(const ReferenceSolution& ref, double v, const std::string& where) {
  const auto& p = ref.provenance;
  const auto& y = ref.states.back();
  const double t_end = ref.times.back();
  if (p.event_times.size() != 1 || !(p.event_times.front() < t_end) || !(y[0] - y[2] < 0))
    throw std::runtime_error(fmt::format("{}: expected one contact opening before t_end = {:g}, found {} events and "
                                         "final overlap {:g}",
                                         where, t_end, p.event_times.size(), y[0] - y[2]));
  return {std::abs(y[1] - y[3]) / v, p.event_times.front()};
}

}  // namespace granconv::detail
