#include "app/signal_cleanup.hpp"

#include <pthread.h>
#include <signal.h>

#include <system_error>
#include <thread>

#include "reports/work_dirs.hpp"

namespace granconv::cli {

void install_signal_cleanup() {
  sigset_t set;
  sigemptyset(&set);
  for (const int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&set, s);
  if (pthread_sigmask(SIG_BLOCK, &set, nullptr) != 0) return;  // nothing blocked: the default actions stay
  try {
    std::thread([set] {
      int sig = 0;
      if (sigwait(&set, &sig) != 0) return;
      remove_registered_work_dirs();
      // End by the same signal, as if nothing had caught it (the shell reports 128 + sig).
      signal(sig, SIG_DFL);
      sigset_t one;
      sigemptyset(&one);
      sigaddset(&one, sig);
      pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
      raise(sig);
    }).detach();
  } catch (const std::system_error&) {
    pthread_sigmask(SIG_UNBLOCK, &set, nullptr);  // no thread to take them: the default actions
  }
}

}  // namespace granconv::cli
