#include "reference/multiprecision_reference.hpp"

namespace granconv {

template std::vector<Vec<Quad>> multiprecision_reference(const Problem<Quad>&, const std::vector<Quad>&, const Quad&,
                                                         MpStats*, double);

template std::vector<Vec<Mp50>> multiprecision_reference(const Problem<Mp50>&, const std::vector<Mp50>&, const Mp50&,
                                                         MpStats*, double);

}  // namespace granconv
