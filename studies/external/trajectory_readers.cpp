#include "studies/external/trajectory_readers.hpp"

#include <charconv>
#include <optional>
#include <cmath>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "models/input/printable.hpp"

namespace granconv {

namespace {

// The text's lines, read one at a time with their numbers.
class Lines {
 public:
  explicit Lines(const std::string& text) : text_(text) {}
  bool next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    std::size_t end = text_.find('\n', pos_);
    if (end == std::string::npos) end = text_.size();
    line = std::string_view(text_).substr(pos_, end - pos_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos_ = end + 1;
    ++number_;
    return true;
  }
  std::string_view must(const char* what) {
    std::string_view l;
    if (!next(l)) fail(fmt::format("the file ends where {} was expected", what));
    return l;
  }
  long number() const { return number_; }
  [[noreturn]] void fail(const std::string& why) const { throw std::runtime_error(fmt::format("line {}: {}", number_, why)); }

 private:
  const std::string& text_;
  std::size_t pos_ = 0;
  long number_ = 0;
};

std::vector<std::string_view> split(std::string_view line, char sep) {
  std::vector<std::string_view> out;
  if (sep == ' ') {
    std::size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
      if (i == line.size()) break;
      std::size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
      out.push_back(line.substr(i, j - i));
      i = j;
    }
    return out;
  }
  std::size_t i = 0;
  for (;;) {
    const std::size_t j = line.find(sep, i);
    out.push_back(line.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i));
    if (j == std::string_view::npos) return out;
    i = j + 1;
  }
}

double number(const Lines& in, std::string_view field, const std::string& what) {
  double v = 0;
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
  if (ec != std::errc() || end != field.data() + field.size() || field.empty())
    in.fail(fmt::format("{} '{}' is not a number", what, printable(std::string(field.substr(0, 40)))));
  if (!std::isfinite(v)) in.fail(fmt::format("{} is {}, not a finite number", what, printable(std::string(field))));
  return v;
}

long integer(const Lines& in, std::string_view field, const std::string& what) {
  long v = 0;
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
  if (ec != std::errc() || end != field.data() + field.size() || field.empty())
    in.fail(fmt::format("{} '{}' is not an integer", what, printable(std::string(field.substr(0, 40)))));
  return v;
}

void check_time(const Lines& in, double t, long k, const TrajectoryGrid& g) {
  const double want = double(k) * g.every;
  if (!(std::abs(t - want) <= 1e-9 * g.every))
    in.fail(fmt::format("time {:.17g} is not the output time {:.17g} (tolerance 1e-9·every = {:.3g})", t, want,
                        1e-9 * g.every));
}

}  // namespace

ExternalTrajectory read_trajectory_csv(const std::string& text, const TrajectoryGrid& g) {
  Lines in(text);
  std::string header = "t";
  for (int i = 1; i <= g.beads; ++i) header += fmt::format(",x{}", i);
  for (int i = 1; i <= g.beads; ++i) header += fmt::format(",v{}", i);
  if (text.empty()) throw std::runtime_error("the file is empty");
  if (const auto h = in.must("the header"); h != header)
    in.fail(fmt::format("the header is '{}', not '{}'", printable(std::string(h.substr(0, 200))),
                        header.size() > 200 ? header.substr(0, 200) + "…" : header));
  ExternalTrajectory tr;
  tr.states.reserve(static_cast<std::size_t>(g.outputs));
  const std::size_t columns = 1 + 2 * static_cast<std::size_t>(g.beads);
  std::string_view line;
  for (long k = 0; k < g.outputs; ++k) {
    if (!in.next(line) || (line.empty() && !in.next(line)))
      throw std::runtime_error(fmt::format("the file ends after {} of {} output times: t = {:.17g} is missing", k,
                                           g.outputs, double(k) * g.every));
    const auto f = split(line, ',');
    if (f.size() != columns) in.fail(fmt::format("{} columns, not {} (t, x1..x{}, v1..v{})", f.size(), columns, g.beads, g.beads));
    check_time(in, number(in, f[0], "t"), k, g);
    Vec<double> y(2 * g.beads);
    for (int i = 0; i < g.beads; ++i) {
      y[2 * i] = number(in, f[1 + i], fmt::format("x{}", i + 1));
      y[2 * i + 1] = number(in, f[1 + g.beads + i], fmt::format("v{}", i + 1));
    }
    tr.states.push_back(std::move(y));
  }
  while (in.next(line))
    if (!line.empty()) in.fail(fmt::format("a row after the last output time {:.17g}", double(g.outputs - 1) * g.every));
  return tr;
}

ExternalTrajectory read_lammps_dump(const std::string& text, const TrajectoryGrid& g) {
  if (text.empty()) throw std::runtime_error("the file is empty");
  Lines in(text);
  ExternalTrajectory tr;
  tr.states.reserve(static_cast<std::size_t>(g.outputs));
  std::vector<double> rest(static_cast<std::size_t>(g.beads));
  std::string_view line;
  long k = 0;
  while (in.next(line)) {
    if (line.empty()) continue;
    if (k == g.outputs) in.fail(fmt::format("a frame after the last output time {:.17g}", double(g.outputs - 1) * g.every));
    std::optional<double> t;
    std::optional<long> step;
    while (line == "ITEM: TIME" || line == "ITEM: TIMESTEP") {
      if (line == "ITEM: TIME") t = number(in, in.must("the time"), "the time");
      else step = integer(in, in.must("the timestep"), "the timestep");
      line = in.must("ITEM: NUMBER OF ATOMS");
    }
    if (!step) in.fail("a frame without ITEM: TIMESTEP");
    if (*step != k * g.every_steps)
      in.fail(fmt::format("timestep {} is not the output step {} (output time {:.17g})", *step, k * g.every_steps,
                          double(k) * g.every));
    if (t) check_time(in, *t, k, g);
    if (line != "ITEM: NUMBER OF ATOMS") in.fail("expected ITEM: NUMBER OF ATOMS");
    if (const long n = integer(in, in.must("the number of atoms"), "the number of atoms"); n != g.beads)
      in.fail(fmt::format("{} atoms, not the scenario's {} beads", n, g.beads));
    if (in.must("ITEM: BOX BOUNDS").substr(0, 16) != "ITEM: BOX BOUNDS") in.fail("expected ITEM: BOX BOUNDS");
    for (int i = 0; i < 3; ++i) (void)in.must("a box bound");
    if (in.must("ITEM: ATOMS") != "ITEM: ATOMS id x y z vx vy vz")
      in.fail("expected 'ITEM: ATOMS id x y z vx vy vz' (dump custom … id x y z vx vy vz)");
    Vec<double> y(2 * g.beads);
    for (int i = 0; i < g.beads; ++i) {
      const auto f = split(in.must("an atom"), ' ');
      if (f.size() != 7) in.fail(fmt::format("{} columns, not 7 (id x y z vx vy vz)", f.size()));
      if (integer(in, f[0], "the atom id") != i + 1)
        in.fail(fmt::format("atom id {}, not {} (ids 1..{} in order: dump_modify … sort id)", std::string(f[0]), i + 1, g.beads));
      const double X = number(in, f[1], "x"), v = number(in, f[4], "vx");
      for (const int c : {2, 3, 5, 6})
        if (number(in, f[c], "an off-axis component") != 0)
          in.fail(fmt::format("atom {}: an off-axis component is {}, not 0 (the chain lies on the x axis)", i + 1,
                              std::string(f[c])));
      if (k == 0) rest[i] = X - g.x0[2 * i];
      tr.max_abs_position = std::max(tr.max_abs_position, std::abs(X));
      y[2 * i] = X - rest[i];
      y[2 * i + 1] = v;
    }
    tr.states.push_back(std::move(y));
    ++k;
  }
  if (k < g.outputs)
    throw std::runtime_error(fmt::format("the file ends after {} of {} output times: t = {:.17g} is missing", k,
                                         g.outputs, double(k) * g.every));
  return tr;
}

}  // namespace granconv
