#pragma once
// The explicit integrators of discrete-element (DEM) codes, thesis section 1.4,
// for the second-order form of the chain, x'' = F(t, x, v), with F the force
// per unit mass of the (x, v) right-hand side (ChainSystem, Formulation::xv:
// dy[2i+1] = F_i(t, x, v)). Notation: h the step, t_n = n h.
//
//   euler              (1.34)  v_{n+1} = v_n + h F(t_n, x_n, v_n),  x_{n+1} = x_n + h v_n          order 1
//   symplectic-euler   (1.35)  v_{n+1} = v_n + h F(t_n, x_n, v_n),  x_{n+1} = x_n + h v_{n+1}      order 1
//   leapfrog     (1.36)–(1.38) v_{n+1/2} = v_{n−1/2} + h F(t_n, x_n, v_{n−1/2}),
//                              x_{n+1} = x_n + h v_{n+1/2}                                         order 2*
//   stormer-verlet     (1.39)  x_{n+1} = 2 x_n − x_{n−1} + h² F(t_n, x_n, (x_n − x_{n−1})/h)        order 2*
//   velocity-verlet            v_{n+1/2} = v_n + h/2 F(t_n, x_n, v_n),  x_{n+1} = x_n + h v_{n+1/2},
//                              v_{n+1} = v_{n+1/2} + h/2 F(t_{n+1}, x_{n+1}, v_{n+1/2})            order 2*
//   damped-verlet      (1.40)  predictor–corrector leapfrog, see run_damped_verlet                  order 2
//
// * for forces that do not depend on v. With a velocity-dependent force
// (dashpots) leapfrog and Störmer–Verlet evaluate F at the lagged velocity
// v_{n−1/2} = v(t_n) + O(h), and velocity Verlet evaluates the new force at
// the half-step velocity v_{n+1/2} = v(t_{n+1}) + O(h): a local defect
// h·F_v·O(h) = O(h²) per step, so all three are only of order 1 there. The
// damped Verlet method corrects exactly this: its corrector force uses a
// second-order velocity v_n, and it stays of order 2.
//
// Staggered schemes (leapfrog, stormer-verlet, damped-verlet) carry a
// half-step velocity; how it is started is a start rule (SchemeOptions::start):
//   half-kick         v_{−1/2} = v_0 − h/2 F(0, x_0, v_0)                     (default)
//   v0                v_{−1/2} = v_0 (symplectic Euler's start: order 1 only)
//   exact             v_{−1/2} = V(−h/2) from the exact solution (thesis fig. 2.7)
//   exact-first-step  x_1 = X(h), v_{1/2} = V(h/2) from the exact solution (thesis Theorem 2, E_1 = 0)
//   heun              x_1 from one Heun step of size h, v_{1/2} from one Heun step of size h/2
//                     from (x_0, v_0) (the thesis's numerical experiments, fig. 3.2)
// The last two start the recurrence at n = 1.
//
// Output velocity of the staggered schemes: the observer needs v at the full
// step t_n, which the scheme does not carry. It gets the synchronised
//   v_n = v_{n−1/2} + h/2 F(t_n, x_n, v_{n−1/2}),
// a half kick with the force at (x_n, v_{n−1/2}): second-order accurate when
// v_{n−1/2} is (v(t_n − h/2) + h/2 v''(t_n) + O(h²)), and free, since it is
// exactly the force the next step uses (leapfrog, Störmer–Verlet) or the
// damped Verlet predictor force. It is computed once at the end of each step
// and kept for the next one. For damped Verlet it is also the scheme's own
// v_n (the average of v_{n−1/2} and the predicted ṽ_{n+1/2}).
//
// Every loop preallocates its vectors; the steps allocate nothing (the
// observer's std::function call aside). Works for any floating scalar S
// (double, boost::multiprecision::cpp_bin_float_50, ...).
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "schemes/blow_up_guard.hpp"
#include "schemes/scheme.hpp"

namespace granconv {
namespace dem {

enum class Start { half_kick, v0, exact, exact_first_step, heun };

inline const std::vector<std::string>& start_names() {
  static const std::vector<std::string> names = {"half-kick", "v0", "exact", "exact-first-step", "heun"};
  return names;
}

inline std::string start_names_list() {
  std::string s;
  for (const auto& n : start_names()) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// "" is the default, half-kick.
inline Start start_from_string(const std::string& s) {
  if (s.empty() || s == "half-kick") return Start::half_kick;
  if (s == "v0") return Start::v0;
  if (s == "exact") return Start::exact;
  if (s == "exact-first-step") return Start::exact_first_step;
  if (s == "heun") return Start::heun;
  throw std::invalid_argument("unknown start rule '" + s + "' (expected one of: " + start_names_list() + ")");
}

inline const char* to_string(Start s) {
  switch (s) {
    case Start::half_kick: return "half-kick";
    case Start::v0: return "v0";
    case Start::exact: return "exact";
    case Start::exact_first_step: return "exact-first-step";
    case Start::heun: return "heun";
  }
  return "?";
}

inline std::string start_description(Start s) {
  switch (s) {
    case Start::half_kick: return "half-kick v(−h/2) = v0 − h/2 F0";
    case Start::v0: return "v(−h/2) = v0";
    case Start::exact: return "exact v(−h/2)";
    case Start::exact_first_step: return "exact x(h), v(h/2)";
    case Start::heun: return "Heun x(h), v(h/2)";
  }
  return "?";
}

namespace detail {

template <class S>
using Observer = typename Scheme<S>::Observer;

// x_{n+1}, v_{n+1} of explicit Euler: force at the old state, position with the old velocity.
template <class S>
void run_euler(const ChainSystem<S>& sys, const Vec<S>& y0, const S& h, long n, const Observer<S>& obs) {
  const int N = sys.beads();
  Vec<S> y = y0, f(sys.dim());
  for (long k = 0; k < n; ++k) {
    sys.rhs(h * S(k), y, f);
    for (int i = 0; i < N; ++i) {
      y[2 * i] += h * y[2 * i + 1];
      y[2 * i + 1] += h * f[2 * i + 1];
    }
    if (obs) obs(k + 1, y);
  }
}

// Symplectic Euler: the kick first, then the drift with the new velocity.
template <class S>
void run_symplectic_euler(const ChainSystem<S>& sys, const Vec<S>& y0, const S& h, long n, const Observer<S>& obs) {
  const int N = sys.beads();
  Vec<S> y = y0, f(sys.dim());
  for (long k = 0; k < n; ++k) {
    sys.rhs(h * S(k), y, f);
    for (int i = 0; i < N; ++i) {
      y[2 * i + 1] += h * f[2 * i + 1];
      y[2 * i] += h * y[2 * i + 1];
    }
    if (obs) obs(k + 1, y);
  }
}

// Velocity Verlet as DEM codes implement it: two force evaluations per step,
// F(t_n, x_n, v_n) and F(t_{n+1}, x_{n+1}, v_{n+1/2}). The second cannot be
// reused by the next step, which needs F at v_{n+1} (unless F does not
// depend on v, which the scheme cannot know).
template <class S>
void run_velocity_verlet(const ChainSystem<S>& sys, const Vec<S>& y0, const S& h, long n, const Observer<S>& obs) {
  const int N = sys.beads();
  const S half_h = h / 2;
  Vec<S> y = y0, f(sys.dim());
  for (long k = 0; k < n; ++k) {
    sys.rhs(h * S(k), y, f);
    for (int i = 0; i < N; ++i) {
      y[2 * i + 1] += half_h * f[2 * i + 1];  // v_{n+1/2}
      y[2 * i] += h * y[2 * i + 1];           // x_{n+1}
    }
    sys.rhs(h * S(k + 1), y, f);  // at (x_{n+1}, v_{n+1/2})
    for (int i = 0; i < N; ++i) y[2 * i + 1] += half_h * f[2 * i + 1];
    if (obs) obs(k + 1, y);
  }
}

// One Heun (explicit trapezoidal RK2) step of size dt from y at t = 0, into out.
template <class S>
void heun_step(const ChainSystem<S>& sys, const Vec<S>& y, const S& dt, Vec<S>& k1, Vec<S>& k2, Vec<S>& out) {
  sys.rhs(S(0), y, k1);
  out = y + dt * k1;
  sys.rhs(dt, out, k2);
  out = y + (dt / 2) * (k1 + k2);
}

// The exact solution at t, refused unless it has the chain's dimension: an
// exact solution of another problem would otherwise be read past its end.
template <class S>
Vec<S> exact_start_state(const ExactSolution<S>& exact, Start start, const S& t, int dim) {
  Vec<S> e = exact(t);
  if (e.size() != dim)
    throw std::invalid_argument(std::string("start '") + to_string(start) + "': the exact solution has " +
                                std::to_string(e.size()) + " entries, the chain's state " + std::to_string(dim));
  return e;
}

// The start of a staggered scheme: z = (x_m, v_{m−1/2}) interleaved at level
// m = 0 (half-kick, v0, exact) or m = 1 (exact-first-step, heun).
template <class S>
long staggered_start(const ChainSystem<S>& sys, Start start, const Vec<S>& y0, const S& h,
                     const ExactSolution<S>& exact, Vec<S>& z) {
  const int N = sys.beads();
  const int dim = sys.dim();
  z = y0;
  switch (start) {
    case Start::half_kick: {
      Vec<S> f(dim);
      sys.rhs(S(0), y0, f);
      for (int i = 0; i < N; ++i) z[2 * i + 1] -= h / 2 * f[2 * i + 1];
      return 0;
    }
    case Start::v0: return 0;
    case Start::exact: {
      const Vec<S> e = exact_start_state(exact, start, S(-h / 2), dim);
      for (int i = 0; i < N; ++i) z[2 * i + 1] = e[2 * i + 1];
      return 0;
    }
    case Start::exact_first_step: {
      const Vec<S> x1 = exact_start_state(exact, start, h, dim), v_half = exact_start_state(exact, start, S(h / 2), dim);
      for (int i = 0; i < N; ++i) {
        z[2 * i] = x1[2 * i];
        z[2 * i + 1] = v_half[2 * i + 1];
      }
      return 1;
    }
    case Start::heun: {
      Vec<S> k1(dim), k2(dim), full(dim), half(dim);
      heun_step(sys, y0, h, k1, k2, full);
      heun_step(sys, y0, S(h / 2), k1, k2, half);
      for (int i = 0; i < N; ++i) {
        z[2 * i] = full[2 * i];
        z[2 * i + 1] = half[2 * i + 1];
      }
      return 1;
    }
  }
  return 0;
}

// out = (x_n, v_{n−1/2} + h/2 F(t_n, x_n, v_{n−1/2})) from z = (x_n, v_{n−1/2}) and f = F there.
template <class S>
void synchronise(const Vec<S>& z, const Vec<S>& f, const S& half_h, Vec<S>& out) {
  for (int i = 0; 2 * i < z.size(); ++i) {
    out[2 * i] = z[2 * i];
    out[2 * i + 1] = z[2 * i + 1] + half_h * f[2 * i + 1];
  }
}

// Leapfrog, one force evaluation per step: F(t_{n+1}, x_{n+1}, v_{n+1/2}) is
// both the output velocity's half kick and the next step's kick.
template <class S>
void run_leapfrog(const ChainSystem<S>& sys, Start start, const Vec<S>& y0, const S& h, long n,
                  const Observer<S>& obs, const ExactSolution<S>& exact) {
  const int N = sys.beads();
  const S half_h = h / 2;
  Vec<S> z(sys.dim()), f(sys.dim()), out(sys.dim());
  const long m = staggered_start(sys, start, y0, h, exact, z);
  sys.rhs(h * S(m), z, f);
  if (m == 1 && obs) {
    synchronise(z, f, half_h, out);
    obs(1, out);
  }
  for (long k = m; k < n; ++k) {
    for (int i = 0; i < N; ++i) {
      z[2 * i + 1] += h * f[2 * i + 1];  // v_{n+1/2}
      z[2 * i] += h * z[2 * i + 1];      // x_{n+1}
    }
    sys.rhs(h * S(k + 1), z, f);
    if (obs) {
      synchronise(z, f, half_h, out);
      obs(k + 1, out);
    }
  }
}

// Störmer–Verlet literally as the two-level position recurrence; the
// velocity argument of F and the output velocity use the difference
// quotient v_{n−1/2} = (x_n − x_{n−1})/h. In exact arithmetic it is
// leapfrog, in floating point its round-off differs (the second difference
// accumulates h² F into positions instead of h F into velocities).
// Level-0 starts take x_1 = x_0 + h v_{1/2}, v_{1/2} = v_{−1/2} + h F(0, x_0, v_{−1/2}),
// as leapfrog does. Level-1 starts give x_1 and v_{1/2} independently; the
// recurrence then uses x_0 := x_1 − h v_{1/2} (equal to the true x_0 up to
// O(h³)) so that the start's v_{1/2} is the one used, and each start rule
// means the same for all three staggered schemes.
template <class S>
void run_stormer_verlet(const ChainSystem<S>& sys, Start start, const Vec<S>& y0, const S& h, long n,
                        const Observer<S>& obs, const ExactSolution<S>& exact) {
  const int N = sys.beads();
  const S half_h = h / 2, h2 = h * h;
  Vec<S> z(sys.dim()), f(sys.dim()), out(sys.dim()), x_prev(N);
  const long m = staggered_start(sys, start, y0, h, exact, z);
  if (m == 0) {
    sys.rhs(S(0), z, f);
    for (int i = 0; i < N; ++i) {
      x_prev[i] = z[2 * i];
      z[2 * i + 1] += h * f[2 * i + 1];  // v_{1/2}
      z[2 * i] += h * z[2 * i + 1];      // x_1
    }
  } else {
    for (int i = 0; i < N; ++i) x_prev[i] = z[2 * i] - h * z[2 * i + 1];
  }
  if (n < 1) return;
  sys.rhs(h, z, f);
  if (obs) {
    synchronise(z, f, half_h, out);
    obs(1, out);
  }
  for (long k = 1; k < n; ++k) {
    for (int i = 0; i < N; ++i) {
      const S x = z[2 * i];
      const S x_next = 2 * x - x_prev[i] + h2 * f[2 * i + 1];
      x_prev[i] = x;
      z[2 * i] = x_next;
      z[2 * i + 1] = (x_next - x) / h;
    }
    sys.rhs(h * S(k + 1), z, f);
    if (obs) {
      synchronise(z, f, half_h, out);
      obs(k + 1, out);
    }
  }
}

// The Verlet method for damped systems (thesis 1.40), a predictor–corrector
// leapfrog:
//   ṽ_{n+1/2} = v_{n−1/2} + h F(t_n, x_n, v_{n−1/2})      (predictor)
//   x̃_{n+1}   = x_n + h ṽ_{n+1/2}
//   v_n       = (x̃_{n+1} − x_{n−1})/(2h)
//   v_{n+1/2} = v_{n−1/2} + h F(t_n, x_n, v_n)           (corrector)
//   x_{n+1}   = x_n + h v_{n+1/2}.
// Since x_{n−1} = x_n − h v_{n−1/2}, the central difference (x̃_{n+1} −
// x_{n−1})/(2h) equals (v_{n−1/2} + ṽ_{n+1/2})/2 algebraically; the average
// form is what is computed (no x_{n−1} to keep, less cancellation). It is
// v_{n−1/2} + h/2 F(t_n, x_n, v_{n−1/2}), the synchronised output velocity, so
// the predictor force of a step is evaluated at the end of the previous one
// and serves both. Two force evaluations per step; the corrector's v_n is
// O(h²) accurate, which keeps order 2 for velocity-dependent forces.
template <class S>
void run_damped_verlet(const ChainSystem<S>& sys, Start start, const Vec<S>& y0, const S& h, long n,
                       const Observer<S>& obs, const ExactSolution<S>& exact) {
  const int N = sys.beads();
  Vec<S> z(sys.dim()), f(sys.dim()), g(sys.dim()), u(sys.dim());
  // u = (x_n, v_n) with v_n = (v_{n−1/2} + ṽ_{n+1/2})/2, f the predictor force at z.
  auto predict = [&] {
    for (int i = 0; i < N; ++i) {
      const S v_tilde = z[2 * i + 1] + h * f[2 * i + 1];  // ṽ_{n+1/2}
      u[2 * i] = z[2 * i];
      u[2 * i + 1] = (z[2 * i + 1] + v_tilde) / 2;
    }
  };
  const long m = staggered_start(sys, start, y0, h, exact, z);
  sys.rhs(h * S(m), z, f);
  predict();
  if (m == 1 && n >= 1 && obs) obs(1, u);
  for (long k = m; k < n; ++k) {
    sys.rhs(h * S(k), u, g);  // corrector force F(t_n, x_n, v_n)
    for (int i = 0; i < N; ++i) {
      z[2 * i + 1] += h * g[2 * i + 1];  // v_{n+1/2}
      z[2 * i] += h * z[2 * i + 1];      // x_{n+1}
    }
    sys.rhs(h * S(k + 1), z, f);  // next predictor force
    predict();
    if (obs) obs(k + 1, u);
  }
}

}  // namespace detail

}  // namespace dem
}  // namespace granconv
