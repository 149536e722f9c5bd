#pragma once
// Tailored numerical dissipation (JVB section 3): the undamped Hertz chain is
// integrated by a scheme whose numerical dissipation reproduces the
// Kuwabara–Kono damping γ of the physical chain at the step size h.
//   theta:        θ method / additive θ method (34), θ = μ = 1/2 + γ/(2h) (41),
//                 start from Theorem 1, velocity output (43);
//   irk-tailored: the tableau family (64)–(66) with C11 = γ/(2h) (58), start
//                 (71)/(73), velocity output (69)/(72).
// Both are the generic Runge–Kutta scheme with a tuned tableau and
// input/output maps on the velocities:
//   ẋ ≈ V + h C11 g(X) + (h²/2) q Dg(X)·V,  with (C11, q) = (θ − 1/2, 0) or (C11, C11²),
// and the start value its inverse to the same order.
#include <stdexcept>

#include "schemes/blow_up_guard.hpp"
#include "schemes/runge_kutta.hpp"
#include "schemes/scheme.hpp"
#include "schemes/tailored_tableaux.hpp"

namespace granconv {

namespace detail {

// The KK damping constant of a chain that tailored dissipation can match.
template <class S>
S uniform_kk_damping(const Chain<S>& chain) {
  // The mollifier's width is not read: the tailored schemes step the undamped chain.
  const ContactLawInfo* law =
      find_contact_law(chain.law.twice_alpha, chain.law.four_beta, false, chain.law.nontensile, true);
  if (!law || !law->tailored_match)
    throw std::invalid_argument(
        "tailored numerical dissipation matches Kuwabara–Kono damping (beta = 1.5, not clipped) only");
  for (const auto& g : chain.gamma)
    if (g != chain.gamma.front())
      throw std::invalid_argument("tailored numerical dissipation needs one damping constant for all contacts");
  for (const auto& g : chain.gamma)
    if (g < S(0)) throw std::invalid_argument("tailored numerical dissipation needs gamma ≥ 0");
  return chain.gamma.empty() ? S(0) : chain.gamma.front();
}

template <class S>
Chain<S> undamped(Chain<S> chain) {
  for (auto& g : chain.gamma) g = S(0);
  return chain;
}

// out = V + sign (h C11 g(X) + (h²/2) q Dg(X)·W) on the interleaved state,
// with W = V for the output map and W = ẋ for the start value (71)/(73).
template <class S>
void velocity_map(const ChainSystem<S>& hertz, const Vec<S>& y, const S& h, const S& c11, const S& q, const S& sign,
                  Vec<S>& scratch, BlockTridiagonal<S>& J, Vec<S>& out) {
  hertz.rhs(S(0), y, scratch);  // scratch[2i+1] = g_i(X) (all forces: springs and contacts)
  out = y;
  for (int i = 0; i < hertz.beads(); ++i) out[2 * i + 1] += sign * h * c11 * scratch[2 * i + 1];
  if (q == S(0)) return;
  hertz.jacobian(S(0), y, J);
  const int n = hertz.beads();
  for (int i = 0; i < n; ++i) {
    S dgv = J.diag[i](1, 0) * y[2 * i + 1];
    if (i > 0) dgv += J.lower[i](1, 0) * y[2 * i - 1];
    if (i + 1 < n) dgv += J.upper[i](1, 0) * y[2 * i + 3];
    out[2 * i + 1] += sign * h * h / 2 * q * dgv;
  }
}

template <class S>
void run_tailored(const RungeKutta<S>& rk, const ChainSystem<S>& stepping, const ChainSystem<S>& hertz,
                  const Vec<S>& y0, const S& h, long n, const S& c11, const S& q,
                  const typename Scheme<S>::Observer& obs) {
  Vec<S> scratch(y0.size()), y(y0.size()), xv(y0.size());
  BlockTridiagonal<S> J(hertz.beads());
  velocity_map(hertz, y0, h, c11, q, S(-1), scratch, J, y);
  auto ws = rk.make_workspace(stepping.dim());
  for (long k = 0; k < n; ++k) {
    rk.step(stepping, h * S(k), y, h, ws, k + 1);
    if (obs) {
      velocity_map(hertz, y, h, c11, q, S(1), scratch, J, xv);
      obs(k + 1, xv);
    }
  }
}

}  // namespace detail

// The θ and μ the θ scheme steps with on `chain` at step h: θ = 1/2 +
// scale·γ/(2h) (41), μ = θ unless set. The scheme reads them from here, so a
// claim that reports them reports what was run.
template <class S>
struct ThetaParameters {
  S theta, mu;
};
template <class S>
ThetaParameters<S> theta_parameters(const SchemeOptions& opt, const Chain<S>& chain, const S& h) {
  const S theta = S(1) / 2 + S(opt.dissipation_scale) * detail::uniform_kk_damping(chain) / (2 * h);
  return {theta, opt.mu ? S(*opt.mu) : theta};
}

template <class S>
Scheme<S> theta_scheme(const SchemeOptions& opt) {
  Scheme<S> s{"theta", "θ method, tailored KK dissipation (additive with μ for local springs)", 1, {}};
  s.implicit = true;
  s.run = [opt](const Chain<S>& chain, Formulation, const Vec<S>& y0, const S& h, long n,
                const typename Scheme<S>::Observer& obs, const ExactSolution<S>&) {
    const auto [theta, mu] = theta_parameters(opt, chain, h);
    // Local springs weighted μ at t_k and 1 − μ at t_{k+1}, eq. (34).
    Tableau<S> local{"theta-local", {}, {}, {}, 1};
    local.A.resize(2, 2);
    local.A << S(0), S(0), mu, S(1) - mu;
    local.b.resize(2);
    local.b << mu, S(1) - mu;
    local.c.resize(2);
    local.c << S(0), S(1);
    const RungeKutta<S> rk(tableaux::theta_method(theta), local);
    const Chain<S> hertz_chain = detail::undamped(chain);
    const ChainSystem<S> stepping(hertz_chain, Formulation::xv, true), hertz(hertz_chain, Formulation::xv);
    detail::run_tailored(rk, stepping, hertz, y0, h, n, theta - S(1) / 2, S(0), obs);
  };
  return guarded(std::move(s));
}

template <class S>
Scheme<S> tailored_irk_scheme(const SchemeOptions& opt) {
  Scheme<S> s{"irk-tailored", "tailored-dissipation IRK (64)–(66)", 1, {}};
  s.implicit = true;
  s.run = [opt](const Chain<S>& chain, Formulation, const Vec<S>& y0, const S& h, long n,
                const typename Scheme<S>::Observer& obs, const ExactSolution<S>&) {
    const S c11 = S(opt.dissipation_scale) * detail::uniform_kk_damping(chain) / (2 * h);
    const RungeKutta<S> rk(tableaux::tailored_irk(c11));
    const ChainSystem<S> hertz(detail::undamped(chain), Formulation::xv);
    detail::run_tailored(rk, hertz, hertz, y0, h, n, c11, c11 * c11, obs);
  };
  return guarded(std::move(s));
}

}  // namespace granconv
