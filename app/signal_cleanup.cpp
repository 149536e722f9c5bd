#include "app/signal_cleanup.hpp"

#include <pthread.h>
#include <signal.h>

#include <system_error>
#include <thread>

#include "studies/support/work_dirs.hpp"

namespace granconv::cli {

void install_signal_cleanup() {
  sigset_t set;
  sigemptyset(&set);
  int taken = 0;
  for (const int s : {SIGINT, SIGTERM, SIGHUP}) {
    // A signal the caller ignores (nohup, a background job of a script) stays
    // ignored: blocked, it would be kept pending and taken instead.
    struct sigaction now {};
    if (sigaction(s, nullptr, &now) == 0 && now.sa_handler == SIG_IGN) continue;
    sigaddset(&set, s);
    ++taken;
  }
  if (taken == 0) return;
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
