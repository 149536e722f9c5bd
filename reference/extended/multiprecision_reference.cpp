#include "reference/extended/multiprecision_reference.hpp"

namespace granconv {

template std::vector<Vec<DoubleDouble>> multiprecision_reference(const Problem<DoubleDouble>&, const std::vector<DoubleDouble>&, const DoubleDouble&,
                                                         MpStats*, double, bool);

template std::vector<Vec<Mp50>> multiprecision_reference(const Problem<Mp50>&, const std::vector<Mp50>&, const Mp50&,
                                                         MpStats*, double, bool);

}  // namespace granconv
