// The catalogue's schemes in cpp_bin_float_50 (schemes/scheme_catalogue.hpp).
#include "schemes/scheme_catalogue.hpp"

namespace granconv {

GRANCONV_CATALOGUE_SCHEMES(, Mp50)

}  // namespace granconv
