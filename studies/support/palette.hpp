#pragma once
// The figures' colours, in one place: every figure of a claim kind, the atlas,
// the validation page and the report's generic figures take theirs from here.
// Most are matplotlib's "tab10" and "tab20" colours, which stay apart in print
// and for the commoner colour-vision deficiencies.
#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace granconv::palette {

inline constexpr const char* blue = "#1f77b4";
inline constexpr const char* orange = "#ff7f0e";
inline constexpr const char* green = "#2ca02c";
inline constexpr const char* red = "#d62728";
inline constexpr const char* purple = "#9467bd";
inline constexpr const char* brown = "#8c564b";
inline constexpr const char* pink = "#e377c2";
inline constexpr const char* grey = "#7f7f7f";
inline constexpr const char* olive = "#bcbd22";
inline constexpr const char* cyan = "#17becf";
inline constexpr const char* black = "#000000";
inline constexpr const char* dark_blue = "#1f4fbf";
inline constexpr const char* light_blue = "#aec7e8";
inline constexpr const char* light_orange = "#ffbb78";
inline constexpr const char* light_green = "#98df8a";
inline constexpr const char* light_red = "#ff9896";
inline constexpr const char* light_purple = "#c5b0d5";
inline constexpr const char* light_brown = "#c49c94";
inline constexpr const char* light_cyan = "#9edae5";
inline constexpr const char* indigo = "#393b79";
inline constexpr const char* moss = "#637939";
inline constexpr const char* maroon = "#843c39";
inline constexpr const char* plum = "#7b4173";

// The order in which a figure's series take colours unless the figure has a
// reason for its own (a reference drawn in black, one scheme always red).
inline constexpr std::array<const char*, 18> series = {
    blue, red,   green, orange, purple,     brown,     pink,         cyan,         grey,
    olive, black, light_blue, light_red, light_green, light_orange, light_purple, light_brown, light_cyan};

// The first n colours of `series`, for a figure that cycles through n.
inline std::vector<std::string> first(std::size_t n) {
  return {series.begin(), series.begin() + static_cast<std::ptrdiff_t>(n < series.size() ? n : series.size())};
}

}  // namespace granconv::palette
