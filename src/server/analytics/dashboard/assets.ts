/**
 * The dashboard's own stylesheet and script, served from the service as files because the
 * CSP allows scripts only from our origin (no inline script). Kept as strings here so the
 * bundled service carries them without a file lookup at run time.
 */

export const DASHBOARD_ASSET_PATHS = {
  css: "/admin/analytics/assets/dashboard.css",
  js: "/admin/analytics/assets/dashboard.js",
} as const;

export const DASHBOARD_CSS = `
body { margin: 0; font: 14px/1.5 -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; color: #1f2328; background: #f5f6f8; }
header { padding: 16px 24px; background: #fff; border-bottom: 1px solid #e1e4e8; }
h1 { margin: 0 0 4px; font-size: 20px; }
h2 { margin: 0 0 12px; font-size: 16px; }
h3 { margin: 12px 0 4px; font-size: 14px; color: #57606a; }
.range { margin: 0 0 8px; color: #57606a; }
.filters { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
.filters select, .filters button { font: inherit; padding: 2px 8px; }
main { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 720px), 1fr)); gap: 16px; padding: 16px 24px; }
.card { background: #fff; border: 1px solid #e1e4e8; border-radius: 8px; padding: 16px; overflow-x: auto; }
.chart { max-width: 100%; height: auto; font-size: 12px; }
.chart text { fill: #1f2328; }
.chart .tick { fill: #57606a; font-size: 11px; }
.chart .axis { stroke: #d0d7de; }
.chart .empty { fill: #8c959f; }
.chart .bar:hover rect, .chart .bar.active rect { opacity: 0.75; }
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
