// Figure drawing for the report: each function writes STEM.gp and its data
// files in `dir` (figures/), runs gnuplot and returns the image it drew (an
// empty Image when there is nothing to draw). Internal to the report module.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "reports/study_file.hpp"

namespace granconv::report_detail {

// convergence_figures.cpp ("order" records)
Image draw_convergence(const std::string& group, const std::vector<Study*>& studies, const fs::path& dir,
                       const std::string& gnuplot);
Image draw_local_slopes(Study& s, const fs::path& dir, const std::string& gnuplot);
Image draw_trajectory(Study& s, const fs::path& dir, const std::string& gnuplot);

// generic_figures.cpp (a record's "figures": lines and heatmaps). Writes
// fig.stem + {.gp, .dat, .svg or .png} (+ _contour.dat for a heatmap contour).
Image draw_figure(const Study& s, const Figure& fig, const fs::path& dir, const std::string& gnuplot);

// Every file stem the report writes for these studies, with who writes it;
// throws (naming the file and figure) when two figures would share a file.
void check_figure_stems(const std::vector<Study>& studies);

}  // namespace granconv::report_detail
