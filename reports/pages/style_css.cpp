// style.css of the report: one column at most 1200 px wide, tables that wrap
// their cells rather than scroll sideways (no horizontal scrolling at 1280 px).
#include "reports/pages/page_parts.hpp"

namespace granconv::report_detail {

const char* style_css() {
  return R"css(:root { --fg: #1d2330; --muted: #667085; --line: #d9dee7; --pass: #137333; --pass-bg: #e6f4ea;
        --fail: #b3261e; --fail-bg: #fce8e6; --head: #f3f5f9; --accent: #1f4fbf; }
* { box-sizing: border-box; }
body { font-family: -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--fg);
       margin: 0 auto; padding: 20px 24px 48px; max-width: 1200px; line-height: 1.4; background: #fff;
       overflow-wrap: anywhere; }
h1 { font-size: 1.6rem; margin: 0 0 4px; }
h2 { font-size: 1.25rem; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
h3 { font-size: 1.05rem; margin: 20px 0 6px; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
a { color: var(--accent); text-decoration: none; } a:hover { text-decoration: underline; }
.meta, .small { color: var(--muted); font-size: 0.85rem; }
.counts { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0 4px; padding: 0; list-style: none; }
.counts li { border: 1px solid var(--line); border-radius: 6px; padding: 4px 10px; background: var(--head); }
.counts b { font-size: 1.15rem; margin-right: 4px; }
.notes { max-width: 60rem; }
form.filter { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin: 14px 0; padding: 8px 12px;
              border: 1px solid var(--line); border-radius: 6px; background: #fafbfc; }
form.filter label { font-size: 0.85rem; color: var(--muted); }
form.filter select { max-width: 22em; margin-left: 4px; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid var(--line); padding: 4px 8px; vertical-align: top; text-align: left; }
th { background: var(--head); }
caption { caption-side: top; text-align: left; font-weight: 600; padding: 4px 0; }
table.summary { table-layout: fixed; font-size: 0.86rem; }
table.summary col.c-claim { width: 27%; } table.summary col.c-verdict { width: 12%; }
table.summary col.c-obs { width: 17%; } table.summary col.c-exp { width: 13%; } table.summary col.c-rival { width: 8%; }
table.summary col.c-fig { width: 150px; }
table.summary tr.claim:nth-child(even) { background: #fafbfc; }
table.summary .title { color: var(--muted); font-size: 0.8rem; }
table.summary img { width: 140px; height: auto; display: block; border: 1px solid var(--line); }
table.data { font-size: 0.85rem; margin: 6px 0 16px; }
td.num { font-variant-numeric: tabular-nums; }
.verdict { display: inline-block; font-weight: 700; padding: 1px 8px; border-radius: 4px; font-size: 0.8rem; }
.verdict.pass { color: var(--pass); background: var(--pass-bg); }
.verdict.fail { color: var(--fail); background: var(--fail-bg); }
.verdict.na { color: var(--muted); background: var(--head); }
.mark { font-weight: 700; } .mark.pass { color: var(--pass); } .mark.fail { color: var(--fail); } .mark.na { color: var(--muted); }
.kind { display: inline-block; font-size: 0.72rem; color: var(--accent); border: 1px solid #c7d3ee; border-radius: 3px;
        padding: 0 4px; }
dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 14px; font-size: 0.9rem; }
dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; }
.figs { display: grid; grid-template-columns: repeat(auto-fill, minmax(420px, 1fr)); gap: 14px; margin: 8px 0 16px; }
figure { margin: 0; border: 1px solid var(--line); border-radius: 6px; padding: 6px; background: #fff; min-width: 0; }
figure img { display: block; max-width: 100%; height: auto; margin: 0 auto; }
#fig-convergence { grid-column: 1 / -1; }  /* the group's E(h): its legend names every curve */
figcaption { font-size: 0.82rem; color: var(--muted); margin-top: 4px; }
nav.claim-nav { font-size: 0.9rem; margin-bottom: 10px; display: flex; gap: 14px; flex-wrap: wrap; }
footer { margin-top: 40px; color: var(--muted); font-size: 0.8rem; }
[hidden] { display: none !important; }
)css";
}

}  // namespace granconv::report_detail
