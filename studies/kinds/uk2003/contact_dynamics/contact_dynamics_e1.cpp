// The E1 runs of the contact-dynamics kind (Unger & Kertész's chain against a
// wall under a constant force), the damped-sine fit of their fundamental mode,
// and the sweep over N_I and seeds.
#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "studies/support/parallel_for.hpp"
#include "studies/kinds/uk2003/contact_dynamics/contact_dynamics_detail.hpp"

namespace granconv::contact_dynamics {

using nlohmann::json;

cd::Chain1D make_e1(const Spec& s, int ni, std::uint64_t seed, cd::GapMode gap) {
  // Disk 0 one diameter from the wall, the others touching, at rest.
  std::vector<double> m(s.disks, 1.0), x(s.disks), v(s.disks, 0.0), f(s.disks, 0.0);
  for (int i = 0; i < s.disks; ++i) x[i] = 1.5 + i;
  f.back() = -s.force;
  cd::Parameters p;
  p.sweeps = ni;
  p.seed = seed;
  p.gap = gap;
  return cd::Chain1D(m, x, v, f, true, p);
}

void record(Trace& tr, const cd::Chain1D& ch, double force, double x_start) {
  tr.t.push_back(ch.time());
  tr.x.push_back(ch.x().back());
  tr.ke.push_back(ch.kinetic_energy());
  tr.work.push_back(force * (x_start - ch.x().back()));
}

Trace run_e1(const Spec& s, int ni, std::uint64_t seed, cd::GapMode gap, int steps) {
  auto ch = make_e1(s, ni, seed, gap);
  Trace tr;
  const double x_start = ch.x().back();
  record(tr, ch, s.force, x_start);
  for (int k = 0; k < steps; ++k) {
    ch.step();
    record(tr, ch, s.force, x_start);
    const auto& r = ch.forces();
    if (std::any_of(r.begin(), r.end(), [](double f) { return !(f > 0); })) tr.t_linear = ch.time();
  }
  return tr;
}

ModeFit fit_mode(const Spec& s, const Trace& tr, int ni, const std::string& what) {
  const auto pr = s.predict(ni);
  ModeFit mf;
  mf.t0 = tr.t_linear + s.skip_tau * pr.tau;
  mf.t1 = mf.t0 + s.span_tau * pr.tau;
  if (tr.t_linear > s.settle || mf.t1 > tr.t.back())
    throw std::runtime_error(fmt::format("claim '{}', {} N_I = {}: the chain left the linear regime until t = {} "
                                         "(> settle = {}); no room for the fit window",
                                         s.id, what, ni, tr.t_linear, s.settle));
  std::vector<double> t, x;
  for (std::size_t i = 0; i < tr.t.size(); ++i)
    if (tr.t[i] >= mf.t0 && tr.t[i] <= mf.t1) {
      t.push_back(tr.t[i]);
      x.push_back(tr.x[i]);
    }
  mf.fit = fit_damped_sine(t, x);
  mf.predicted = fit_damped_sine_fixed(t, x, pr.omega, pr.tau);
  return mf;
}

Sweep cd_sweep(const Spec& s, const StudyOptions& opt) {
  const std::size_t nn = s.n_i.size(), ns = static_cast<std::size_t>(s.seeds);
  Sweep sw;
  sw.fits.assign(nn, std::vector<ModeFit>(ns));
  sw.first.assign(nn, std::vector<Trace>(1));
  parallel_for(nn * ns, opt.jobs, [&](std::size_t k) {
    const std::size_t a = k / ns, b = k % ns;
    const int ni = s.n_i[a];
    auto tr = run_e1(s, ni, b + 1, cd::GapMode::positive, s.steps(ni));
    sw.fits[a][b] = fit_mode(s, tr, ni, fmt::format("CD seed {}", b + 1));
    if (b == 0) sw.first[a][0] = std::move(tr);
  });
  for (std::size_t a = 0; a < nn; ++a) {
    std::vector<double> w, t;
    for (const auto& f : sw.fits[a]) {
      w.push_back(f.fit.omega);
      t.push_back(f.fit.tau);
    }
    sw.omega.push_back(mean_sd(w));
    sw.tau.push_back(mean_sd(t));
  }
  return sw;
}

std::size_t index_of(const Spec& s, int ni) {
  return static_cast<std::size_t>(std::find(s.n_i.begin(), s.n_i.end(), ni) - s.n_i.begin());
}

}  // namespace granconv::contact_dynamics
