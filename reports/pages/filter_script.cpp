// The summary's filter: plain selects and a few lines of script inline in
// index.html (no download, works from file://). A row stays visible when it
// matches every select; a paper whose rows are all hidden is hidden too.
#include "reports/pages/page_parts.hpp"

namespace granconv::report_detail {

const char* filter_script() {
  return R"js(
(function () {
  var form = document.getElementById('filter');
  var keys = ['paper', 'kind', 'scheme', 'status'];
  function apply() {
    var want = {}, shown = 0;
    keys.forEach(function (k) { want[k] = form.elements[k].value; });
    document.querySelectorAll('tr.claim').forEach(function (row) {
      var ok = keys.every(function (k) {
        if (!want[k]) return true;
        if (k === 'scheme') return (row.dataset.schemes || '').split('|').indexOf(want[k]) >= 0;
        return row.dataset[k] === want[k];
      });
      row.hidden = !ok;
      if (ok) shown++;
    });
    document.querySelectorAll('section.paper').forEach(function (sec) {
      sec.hidden = sec.querySelector('tr.claim:not([hidden])') === null;
    });
    document.getElementById('shown').textContent = shown;
  }
  form.addEventListener('change', apply);
  form.addEventListener('reset', function () { setTimeout(apply, 0); });
  apply();
})();
)js";
}

}  // namespace granconv::report_detail
