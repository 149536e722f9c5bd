#include "app/signal_cleanup.hpp"

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
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
  // For the tests only (ctest bad-input.report-sigterm-cleans-up): a pause
  // between the cleanup and the end, in milliseconds (at most 10 s), which
  // holds open the window in which another thread could end the process
  // first with a status of its own.
  long delay_ms = 0;
  if (const char* d = std::getenv("GRANCONV_TEST_SIGNAL_DELAY_MS")) delay_ms = std::clamp(std::atol(d), 0L, 10000L);
  if (pthread_sigmask(SIG_BLOCK, &set, nullptr) != 0) return;  // nothing blocked: the default actions stay
  try {
    std::thread([set, delay_ms] {
      int sig = 0;
      if (sigwait(&set, &sig) != 0) return;
      remove_registered_work_dirs();
      if (delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
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
