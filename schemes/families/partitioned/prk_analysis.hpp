#pragma once
// What validate reports of a partitioned Runge–Kutta method besides its order
// conditions (bicoloured_trees.hpp): symplecticity and symmetry from the
// coefficients, and one step on the damped oscillator, all in 50 digits.
//
// Symplecticity (HLW VI.4.2, Theorem 4.6): a PRK is symplectic for every
// Hamiltonian if b_i = b̂_i and b_i â_ij + b̂_j a_ji − b_i b̂_j = 0 for all i, j;
// for separable Hamiltonians T(p) + V(q) the second condition suffices.
// Symmetry (HLW V.2.2): with the stages in reverse order, a_ij + a_{s+1−i,s+1−j} = b_j
// and b_{s+1−i} = b_i for (A, b) and for (Â, b̂) (a sufficient condition, the
// one Lobatto IIIA–IIIB and Störmer–Verlet satisfy).
#include "schemes/families/partitioned/bicoloured_trees.hpp"
#include "schemes/families/scheme_file.hpp"

namespace granconv::partitioned {

// |x| within the tolerance of coefficients given to relative precision δ
// (0: exact), scaled by `scale` when it is above 1.
bool negligible(const Mp50& x, const Mp50& precision, const Mp50& scale = Mp50(1));

StructureCheck prk_symplectic(const PrkTableauMp& t, const Mp50& precision, bool separable_only);
StructureCheck prk_symmetric(const PrkTableauMp& t, const Mp50& precision);

// One step of size Ω on x'' + 2ζx' + x = 0: the stage equations are linear,
// Y = x0 + Ω A V, V = v0 + Ω Â (−Y − 2ζ V), and solved exactly (LU in 50 digits).
OscillatorStep<Mp50> prk_oscillator(const PrkTableauMp& t);

}  // namespace granconv::partitioned
