/**
 * The dashboard's own stylesheet and script, served from the service as files because the
 * CSP allows scripts only from our origin (no inline script). Kept as strings here so the
 * bundled service carries them without a file lookup at run time.
 */

import { CHART_WIDTHS } from "./svgCharts";

export const DASHBOARD_ASSET_PATHS = {
  css: "/admin/analytics/assets/dashboard.css",
  js: "/admin/analytics/assets/dashboard.js",
} as const;

/**
 * What the dashboard adds to the staff stylesheet (admin/staffPage.ts): the filters, the grid
 * of cards (two columns from 960 px, the per-day card across both), charts drawn at their
 * card's width (on a screen much wider than 1280 px, at most a quarter larger than laid out,
 * so their text stays near the page's size), and the legend that wraps.
 */
export const DASHBOARD_CSS = `
.range { margin: 0 0 8px; color: #57606a; }
.filters { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
.filters select, .filters button { font: inherit; padding: 2px 8px; }
.dash { display: grid; grid-template-columns: minmax(0, 1fr); gap: 16px; padding: 16px 24px; }
@media (min-width: 960px) { .dash { grid-template-columns: repeat(2, minmax(0, 1fr)); } .dash .wide { grid-column: 1 / -1; } }
.dash .card { min-width: 0; }
.card .note { color: #57606a; margin: 8px 0 0; }
.card .total { margin: 0 0 8px; font-weight: 600; }
svg.chart { display: block; width: 100%; height: auto; font-size: 12px; }
svg.chart[data-width="${CHART_WIDTHS.half}"] { max-width: ${CHART_WIDTHS.half * 1.25}px; }
svg.chart[data-width="${CHART_WIDTHS.full}"] { max-width: ${CHART_WIDTHS.full * 1.25}px; }
.chart text { fill: #1f2328; }
.chart .tick { fill: #57606a; font-size: 11px; }
.chart .axis { stroke: #d0d7de; }
.chart .empty { fill: #8c959f; }
.chart a.bar text.value { fill: #0550ae; text-decoration: underline; }
.chart .bar:hover rect, .chart .bar.active rect, .chart a.bar:focus rect { opacity: 0.75; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; margin: 8px 0 0; padding: 0; font-size: 12px; color: #57606a; }
.legend li { display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; }
.legend .swatch { width: 10px; height: 10px; flex: none; }
details { margin-top: 12px; }
table.days td, table.days th { text-align: right; }
table.days th[scope="row"], table.days thead th:first-child { text-align: left; }
.json { padding: 0 24px 24px; }
`;

/**
 * Filters submit as soon as they change; the auto-refresh choice survives the reload it
 * causes (localStorage); a click on a bar pins its exact figure in the page title bar.
 */
export const DASHBOARD_JS = `
const form = document.querySelector("form.filters");
for (const select of document.querySelectorAll("select[data-autosubmit]")) {
  select.addEventListener("change", () => form && form.submit());
}
const KEY = "faceflow.dashboard.autoRefresh";
const auto = document.getElementById("auto-refresh");
if (auto) {
  auto.checked = localStorage.getItem(KEY) === "1";
  let timer = 0;
  const arm = () => {
    clearTimeout(timer);
    if (auto.checked) timer = setTimeout(() => location.reload(), 60000);
  };
  auto.addEventListener("change", () => {
    localStorage.setItem(KEY, auto.checked ? "1" : "0");
    arm();
  });
  arm();
}
const baseTitle = document.title;
document.addEventListener("click", (event) => {
  const bar = event.target instanceof Element ? event.target.closest(".bar") : null;
  for (const active of document.querySelectorAll(".bar.active")) active.classList.remove("active");
  if (!bar) { document.title = baseTitle; return; }
  bar.classList.add("active");
  document.title = bar.getAttribute("data-label") + ": " + bar.getAttribute("data-value") + " · " + baseTitle;
});
`;
