/**
 * The dashboard page: server-rendered HTML with inline SVG charts, its stylesheet and its
 * small script loaded from the service (no inline script: the CSP forbids it).
 */
import { FUNNEL_STEPS, dayOf, type AnalyticsAggregates, type FunnelCounts, type FunnelStep } from "./aggregate";
import { RANGE_DAYS } from "../../../../schemas/analyticsDashboard";
import { DASHBOARD_ASSET_PATHS } from "./assets";
import { PALETTE, columns, escapeHtml, groupedColumns, horizontalBars, type Bar } from "./svgCharts";

const STEP_LABELS = {
  launched: "发起核身",
  startPage: "进入开始页",
  cameraReady: "摄像头就绪",
  recorded: "完成录制",
  uploaded: "上传成功",
  passed: "核身通过",
  failed: "核身失败",
} as const satisfies Record<FunnelStep, string>;

function percent(part: number, whole: number): string {
  return whole > 0 ? `(${Math.round((part / whole) * 100)}%)` : "";
}

function funnelBars(counts: FunnelCounts): Bar[] {
  return FUNNEL_STEPS.map((step) => ({ label: STEP_LABELS[step], value: counts[step], note: percent(counts[step], counts.launched) }));
}

function section(title: string, body: string): string {
  return `<section class="card"><h2>${escapeHtml(title)}</h2>${body}</section>`;
}

function filterForm(a: AnalyticsAggregates): string {
  const options = (items: readonly { value: string; label: string }[], selected: string) =>
    items.map((o) => `<option value="${escapeHtml(o.value)}"${o.value === selected ? " selected" : ""}>${escapeHtml(o.label)}</option>`).join("");
  const apps = [{ value: "", label: "全部应用" }, ...a.apps.map((id) => ({ value: id, label: id }))];
  const days = RANGE_DAYS.map((d) => ({ value: String(d), label: `最近 ${d} 天` }));
  return `<form class="filters" method="get" action="/admin/analytics">` +
    `<label>应用 <select name="app" data-autosubmit>${options(apps, a.range.appId ?? "")}</select></label>` +
    `<label>时间 <select name="days" data-autosubmit>${options(days, String(a.range.days))}</select></label>` +
    `<button type="submit">刷新</button>` +
    `<label class="auto"><input type="checkbox" id="auto-refresh"> 每 60 秒自动刷新</label></form>`;
}

export function renderDashboard(a: AnalyticsAggregates): string {
  const funnel = section("核身漏斗", horizontalBars("核身漏斗（全部）", funnelBars(a.funnel.total), { funnel: true, colors: PALETTE }));
  const perApp = section(
    "按应用的漏斗",
    a.funnel.byApp.length === 0
      ? horizontalBars("按应用", [])
      : a.funnel.byApp.map((row) => `<h3>${escapeHtml(row.appId)}</h3>${horizontalBars(`漏斗 ${row.appId}`, funnelBars(row.counts), { funnel: true, colors: PALETTE })}`).join(""),
  );
  const days = [...new Set(a.funnel.byDay.map((row) => row.day))];
  const dayValues = days.map((day) =>
    FUNNEL_STEPS.map((step) => a.funnel.byDay.filter((row) => row.day === day).reduce((sum, row) => sum + row.counts[step], 0)),
  );
  const perDay = section(
    "按天的漏斗",
    groupedColumns("按天的漏斗", days, FUNNEL_STEPS.map((step, i) => ({ name: STEP_LABELS[step], color: PALETTE[i % PALETTE.length] ?? "#888" })), dayValues),
  );
  const errors = section("最常见的错误状态", horizontalBars("错误状态", a.errorStatuses.map((c) => ({ label: c.label, value: c.count })), { colors: ["#D55E00"] }));
  const loadTitle = `页面加载时间分布（毫秒，共 ${a.pageLoad.samples} 次${a.pageLoad.medianMs === null ? "" : `，中位数 ${Math.round(a.pageLoad.medianMs)} ms`}）`;
  const loads = section(loadTitle, columns("页面加载时间", a.pageLoad.buckets.map((b) => ({ label: b.label, value: b.count }))));
  const degrades = section("降级原因", horizontalBars("降级原因", a.downgrades.map((c) => ({ label: c.label, value: c.count })), { colors: ["#E69F00"] }));
  const range = `${dayOf(a.range.since)} 至 ${dayOf(a.range.until)}（UTC），共 ${a.events.total} 条事件`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>核身数据看板</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${DASHBOARD_ASSET_PATHS.css}">
<script type="module" src="${DASHBOARD_ASSET_PATHS.js}"></script>
</head>
<body>
<header><h1>核身数据看板</h1><p class="range">${escapeHtml(range)}</p>${filterForm(a)}</header>
<main>
${funnel}
${perDay}
${perApp}
${errors}
${loads}
${degrades}
</main>
<p class="json"><a href="/admin/analytics.json?days=${a.range.days}${a.range.appId ? `&amp;app=${encodeURIComponent(a.range.appId)}` : ""}">JSON</a></p>
</body>
</html>`;
}
