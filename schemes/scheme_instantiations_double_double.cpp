// The catalogue's schemes in double-double (schemes/scheme_catalogue.hpp).
#include "schemes/scheme_catalogue.hpp"

namespace granconv {

GRANCONV_CATALOGUE_SCHEMES(, DoubleDouble)

}  // namespace granconv
