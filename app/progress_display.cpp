#include "app/progress_display.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "studies/support/distribution/distributed_for.hpp"

namespace granconv::cli {

namespace {

// The terminal's width: the window size of stderr, else $COLUMNS, else 80.
int terminal_columns() {
  winsize ws{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  if (const char* c = std::getenv("COLUMNS")) {
    char* end = nullptr;
    const long n = std::strtol(c, &end, 10);
    if (end != c && *end == '\0' && n > 0 && n < 10000) return static_cast<int>(n);
  }
  return 80;
}

// One write per line, so that lines from a warning elsewhere do not land inside it.
void put(const std::string& text) {
  std::fputs(text.c_str(), stderr);
  std::fflush(stderr);
}

constexpr auto redraw_interval = std::chrono::milliseconds(100);

}  // namespace

std::string short_duration(double seconds) {
  const long s = std::max(0L, static_cast<long>(seconds + 0.5));
  if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, (s % 3600) / 60);
  if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}s", s);
}

ProgressDisplay::Style ProgressDisplay::style_for(bool quiet) {
  if (quiet || !is_writer()) return Style::off;  // under MPI, rank 0 shows the progress
  const char* term = std::getenv("TERM");
  if (::isatty(STDERR_FILENO) && !(term && std::strcmp(term, "dumb") == 0)) return Style::bar;
  return Style::lines;
}

ProgressDisplay::ProgressDisplay(Style style, std::string noun, std::size_t total)
    : style_(style), noun_(std::move(noun)), total_(std::max<std::size_t>(total, 1)),
      start_(std::chrono::steady_clock::now()) {}

ProgressDisplay::~ProgressDisplay() {
  std::lock_guard<std::mutex> lock(mutex_);
  clear_locked();
}

ProgressFn ProgressDisplay::start(std::size_t k, const std::string& name) {
  if (style_ == Style::off) return nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    part_ = k;
    name_ = name;
    inner_done_ = inner_total_ = 0;
    tenths_shown_ = 0;
    draw_locked(true);
  }
  return [this](std::size_t done, std::size_t total) { inner(done, total); };
}

void ProgressDisplay::inner(std::size_t done, std::size_t total) {
  std::lock_guard<std::mutex> lock(mutex_);
  // Workers report out of order: keep the largest count, until a new loop
  // starts (another total, or its first run done).
  if (total != inner_total_ || done == 1) inner_done_ = 0;
  inner_total_ = total;
  inner_done_ = std::max(inner_done_, std::min(done, total));
  if (style_ == Style::bar) {
    draw_locked(false);
  } else if (style_ == Style::lines && total_ == 1 && inner_total_ > 0) {
    // A single long part (the atlas): a line per tenth of its runs, no more.
    const int tenth = static_cast<int>(inner_done_ * 10 / inner_total_);
    if (tenth > tenths_shown_ && tenth < 10) {
      tenths_shown_ = tenth;
      const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
      const double f = double(inner_done_) / double(inner_total_);
      put(fmt::format("{} {} of {}  {}: {}0% of {} runs, ETA {}\n", noun_, part_, total_, name_, tenth, inner_total_,
                      short_duration(elapsed * (1 - f) / f)));
    }
  }
}

void ProgressDisplay::finish(std::size_t k, const std::string& name, const std::string& outcome, double seconds) {
  if (style_ == Style::off) return;
  std::lock_guard<std::mutex> lock(mutex_);
  clear_locked();
  put(fmt::format("{} {} of {}  {}: {} ({:.1f} s)\n", noun_, k, total_, name, outcome, seconds));
  part_ = k;
  name_.clear();
  inner_done_ = inner_total_ = 0;
  if (style_ == Style::bar && k < total_) draw_locked(true);
}

void ProgressDisplay::clear_locked() {
  if (!drawn_) return;
  put("\r\033[K");
  drawn_ = false;
}

void ProgressDisplay::draw_locked(bool force) {
  if (style_ != Style::bar) return;
  const auto now = std::chrono::steady_clock::now();
  if (!force && drawn_ && now - last_draw_ < redraw_interval) return;
  last_draw_ = now;
  // Parts before the running one are done; the running one counts by its runs.
  const double inner = inner_total_ ? double(inner_done_) / double(inner_total_) : 0;
  const double f = std::clamp((double(part_ ? part_ - 1 : 0) + (name_.empty() ? 1 : inner)) / double(total_), 0.0, 1.0);
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const std::string eta = f > 0 && elapsed >= 1 ? short_duration(elapsed * (1 - f) / f) : "--";
  const int columns = terminal_columns();
  const int bar_width = std::clamp(columns / 4, 10, 30);
  const int filled = static_cast<int>(f * bar_width);
  std::string line = fmt::format("[{}{}]", std::string(filled, '#'), std::string(bar_width - filled, '-'));
  line += fmt::format(" {:3.0f}% ETA {:>6}  {} {}/{}", 100 * f, eta, noun_, part_, total_);
  if (!name_.empty()) line += " " + name_;
  if (inner_total_) line += fmt::format(" ({}/{})", inner_done_, inner_total_);
  // Never wrap: a wrapped line cannot be redrawn by a carriage return.
  if (static_cast<int>(line.size()) > columns - 1) line.resize(std::max(columns - 1, 1));
  put("\r\033[K" + line);
  drawn_ = true;
}

}  // namespace granconv::cli
