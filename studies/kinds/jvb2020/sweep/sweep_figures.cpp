// The figures of a sweep record: the catalogue's series over the sweep.

#include "studies/kinds/jvb2020/sweep/sweep_detail.hpp"

namespace granconv::sweep {

json Sweep::figures() const {
  json out = json::array();
  for (const auto& f : spec_.figures) {
    json series_json = json::array();
    for (const auto& key : f.series) {
      json s = {{"title", series_label(key)}, {"x", x_}, {"y", json::array()}};
      for (double v : series(key)) s["y"].push_back(num(v));
      if (key == "reference") {
        s["style"] = spec_.reference ? spec_.reference->style : "lines";
        if (spec_.reference && spec_.reference->color) s["color"] = *spec_.reference->color;
      } else {
        const Run& r = runs_[run_index(key)];
        s["style"] = r.style;
        if (!r.color.empty()) s["color"] = r.color;
      }
      series_json.push_back(s);
    }
    out.push_back({{"name", f.name},
                   {"type", "lines"},
                   {"title", f.title},
                   {"caption", f.caption},
                   {"xlabel", xlabel_},
                   {"ylabel", f.ylabel},
                   {"logx", false},
                   {"logy", f.logy},
                   {"series", series_json}});
  }
  return out;
}

}  // namespace granconv::sweep
