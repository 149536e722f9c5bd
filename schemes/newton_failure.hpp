#pragma once
#include <sstream>
#include <stdexcept>
#include <string>

namespace granconv {

// Thrown when the stage equations of an implicit step cannot be solved; the
// message names where it happened so the failing step can be reproduced.
class NewtonFailure : public std::runtime_error {
 public:
  NewtonFailure(long step, double t, double h, double residual, int iterations, const std::string& why)
      : std::runtime_error(describe(step, t, h, residual, iterations, why)),
        step_(step), t_(t), h_(h), residual_(residual) {}
  long step() const { return step_; }
  double time() const { return t_; }
  double residual() const { return residual_; }

 private:
  static std::string describe(long step, double t, double h, double residual, int iterations, const std::string& why) {
    std::ostringstream os;
    os.precision(17);
    os << "Newton did not converge at step " << step << " (t = " << t << ", h = " << h << "): " << why
       << " after " << iterations << " iterations, stage residual ‖G‖∞ = " << residual;
    return os.str();
  }
  long step_;
  double t_, h_, residual_;
};

}  // namespace granconv
