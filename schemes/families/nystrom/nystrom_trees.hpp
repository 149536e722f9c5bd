#pragma once
// The order conditions of a Runge–Kutta–Nyström method by Nyström trees
// (Hairer, Nørsett & Wanner I, sect. II.14): trees with fat vertices (an
// evaluation of F, coloured v here) and meagre ones (x), a meagre vertex
// having at most one son, which is fat. Exact in 50 digits.
#include "schemes/families/nystrom/nystrom_scheme.hpp"
#include "schemes/families/scheme_file.hpp"

namespace granconv {

// Up to max_order (≤ 8): the report on x'' = F(t, x, v) under the method's
// velocity rule, with the variant "x'' = F(t, x)" (trees whose fat vertices
// have no fat sons: a force that does not depend on v).
FamilyOrderReport nystrom_order_conditions(const NystromCoefficients<Mp50>& k, int max_order = 6);

}  // namespace granconv
