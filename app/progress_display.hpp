#pragma once
// Progress of the long commands (`run`, `report`, `atlas`, `validate`) on
// stderr, in one of three styles:
//   bar:   stderr is a terminal: one line redrawn in place (carriage return)
//          at most 10 times a second, with a bar, the part running and an ETA;
//          finished parts print a line above it; the bar is cleared at the end;
//   lines: anything else (CI logs, pipes): one plain line per finished part
//          ("study 3 of 48  id: PASS (1.2 s)"), and for a single long part a
//          line per tenth of its runs; no escape sequences, no carriage return;
//   off:   --quiet.
// stdout is never touched, so `--json` output stays clean. Thread-safe: the
// callbacks of start() are called from the study's worker threads.
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>

#include "studies/support/parallel_for.hpp"

namespace granconv::cli {

class ProgressDisplay {
 public:
  enum class Style { off, lines, bar };
  // off when quiet; bar when stderr is a terminal (and TERM is not "dumb"); else lines.
  static Style style_for(bool quiet);

  // noun: what a part is called in the lines ("study", "item"); total: parts.
  ProgressDisplay(Style style, std::string noun, std::size_t total);
  ~ProgressDisplay();  // clears the bar
  ProgressDisplay(const ProgressDisplay&) = delete;
  ProgressDisplay& operator=(const ProgressDisplay&) = delete;

  // Part k (1-based) named `name` starts; the callback reports its runs (done, total).
  ProgressFn start(std::size_t k, const std::string& name);
  // Part k ended with `outcome` ("PASS", ...) after `seconds`.
  void finish(std::size_t k, const std::string& name, const std::string& outcome, double seconds);

 private:
  void inner(std::size_t done, std::size_t total);
  void draw_locked(bool force);
  void clear_locked();

  Style style_;
  std::string noun_;
  std::size_t total_;
  std::mutex mutex_;
  std::size_t part_ = 0, inner_done_ = 0, inner_total_ = 0;
  int tenths_shown_ = 0;  // lines style, single part: tenths of its runs already printed
  std::string name_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

// "1h02m", "3m05s", "42s": an ETA in a few characters.
std::string short_duration(double seconds);

}  // namespace granconv::cli
