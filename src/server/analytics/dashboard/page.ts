/**
 * The dashboard page: server-rendered HTML with inline SVG charts in the staff page frame
 * (admin/staffPage.ts: navigation, language switch), in the staff member's language
 * (flows/staff.json "dashboard"); its stylesheet and small script come from the service (no
 * inline script: the CSP forbids it). Cards sit in a grid of two columns on a desktop screen,
 * the per-day funnel across both. Every service-side funnel number leads to its orders
 * (orderLinks.ts); attempts that failed on the device before upload have their own card.
 */
import { RANGE_DAYS } from "../../../../schemas/analyticsDashboard";
import type { HandoffStep } from "../../../../schemas/handoff";
import type { StaffTextKey } from "../../../../schemas/staffTexts";
import { escapeHtml, renderStaffPage } from "../../admin/staffPage";
import type { StaffWords } from "../../admin/staffTexts";
import { OTHER_LABEL } from "../../store/analyticsRollups";
import { FUNNEL_STEPS, LOAD_BUCKETS_MS, dayOf, type AnalyticsAggregates, type FunnelCounts } from "./aggregate";
import { DASHBOARD_ASSET_PATHS } from "./assets";
import { DEVICE_FAILURE_KINDS, GUIDANCE_FAILURE_REASONS, UNKNOWN_REASON, type DeviceFailureKind } from "./eventFacts";
import { ordersHref, type OrderScope } from "./orderLinks";
import { CHART_WIDTHS, PALETTE, groupedColumns, horizontalBars, type Bar } from "./svgCharts";

const { half: HALF, full: FULL } = CHART_WIDTHS;

/** Device failure kinds whose reason is an error status, said as "<kind>: <status>". */
const STATUS_KINDS = DEVICE_FAILURE_KINDS.filter((k): k is Exclude<DeviceFailureKind, "guidance"> => k !== "guidance");

function percent(part: number, whole: number): string {
  return whole > 0 ? `(${Math.round((part / whole) * 100)}%)` : "";
}

/** A number's link to its orders, when it counts orders and there are some. */
function stepLink(words: StaffWords, step: (typeof FUNNEL_STEPS)[number], count: number, scope: OrderScope): Bar["link"] | undefined {
  const href = count > 0 ? ordersHref(step, scope) : null;
  return href === null ? undefined : { href, name: words.t("dashboard.funnel.ordersLink", { step: words.t(`dashboard.step.${step}`), count }) };
}

function funnelBars(words: StaffWords, counts: FunnelCounts, scope: OrderScope): Bar[] {
  return FUNNEL_STEPS.map((step) => {
    const link = stepLink(words, step, counts[step], scope);
    return { label: words.t(`dashboard.step.${step}`), value: counts[step], note: percent(counts[step], counts.launched), ...(link ? { link } : {}) };
  });
}

function card(id: string, title: string, body: string, wide = false): string {
  return `<section class="card${wide ? " wide" : ""}" id="${id}"><h2>${escapeHtml(title)}</h2>${body}</section>`;
}

/** A device failure's label ("guidance.face", "camera.trtc_cameraError") in words; a label of another build as stored. */
function failureLabel(words: StaffWords, label: string): string {
  if (label === OTHER_LABEL) return words.t("dashboard.other");
  const dot = label.indexOf(".");
  const kind = label.slice(0, dot);
  const reason = label.slice(dot + 1);
  if (kind === "guidance") {
    const known = GUIDANCE_FAILURE_REASONS.find((r) => r === reason) ?? (reason === UNKNOWN_REASON ? UNKNOWN_REASON : undefined);
    return known === undefined ? label : words.t(`dashboard.failure.guidance.${known}`);
  }
  const statusKind = STATUS_KINDS.find((k) => k === kind);
  if (statusKind === undefined) return label;
  return words.t(`dashboard.failure.${statusKind}`, { status: reason === UNKNOWN_REASON ? words.t("dashboard.failure.unknownStatus") : reason });
}

function filterForm(words: StaffWords, a: AnalyticsAggregates): string {
  const options = (items: readonly { value: string; label: string }[], selected: string) =>
    items.map((o) => `<option value="${escapeHtml(o.value)}"${o.value === selected ? " selected" : ""}>${escapeHtml(o.label)}</option>`).join("");
  const apps = [{ value: "", label: words.t("dashboard.filter.allApps") }, ...a.apps.map((id) => ({ value: id, label: id }))];
  const days = RANGE_DAYS.map((d) => ({ value: String(d), label: d === 1 ? words.t("dashboard.filter.lastDay") : words.t("dashboard.filter.lastDays", { days: d }) }));
  const t = (key: Parameters<StaffWords["t"]>[0]) => escapeHtml(words.t(key));
  return (
    `<form class="filters" method="get" action="/admin/analytics">` +
    `<label>${t("dashboard.filter.app")} <select name="app" data-autosubmit>${options(apps, a.range.appId ?? "")}</select></label>` +
    `<label>${t("dashboard.filter.days")} <select name="days" data-autosubmit>${options(days, String(a.range.days))}</select></label>` +
    `<button type="submit">${t("dashboard.filter.refresh")}</button>` +
    `<label class="auto"><input type="checkbox" id="auto-refresh"> ${t("dashboard.filter.autoRefresh")}</label></form>`
  );
}

function funnelCards(words: StaffWords, a: AnalyticsAggregates, scope: OrderScope): string {
  const empty = words.t("dashboard.empty");
  const failedBefore =
    a.deviceFailures.total > 0
      ? `<p><a href="#device-failures">${escapeHtml(words.t("dashboard.funnel.deviceFailed", { count: a.deviceFailures.total }))}</a></p>`
      : "";
  const funnel = card(
    "funnel",
    words.t("dashboard.funnel.title"),
    horizontalBars({ title: words.t("dashboard.funnel.title"), empty }, funnelBars(words, a.funnel.total, scope), { funnel: true, colors: PALETTE, width: HALF }) +
      `<p class="note">${escapeHtml(words.t("dashboard.funnel.note"))}</p>${failedBefore}`,
  );
  const device = card(
    "device-failures",
    words.t("dashboard.deviceFailures.title"),
    `<p class="total">${escapeHtml(words.t("dashboard.deviceFailures.total", { count: a.deviceFailures.total }))}</p>` +
      horizontalBars(
        { title: words.t("dashboard.deviceFailures.chart"), empty },
        a.deviceFailures.reasons.map((c) => ({ label: failureLabel(words, c.label), value: c.count })),
        { colors: ["#D55E00"], width: HALF },
      ) +
      `<p class="note">${escapeHtml(words.t("dashboard.deviceFailures.note"))}</p>`,
  );
  const perApp = card(
    "per-app",
    words.t("dashboard.funnel.byApp"),
    a.funnel.byApp.length === 0
      ? horizontalBars({ title: words.t("dashboard.funnel.byApp"), empty }, [], { width: HALF })
      : a.funnel.byApp
          .map((row) => {
            const title = words.t("dashboard.funnel.appChart", { app: row.appId });
            const bars = funnelBars(words, row.counts, { ...scope, app: row.appId });
            return `<h3>${escapeHtml(row.appId)}</h3>${horizontalBars({ title, empty }, bars, { funnel: true, colors: PALETTE, width: HALF })}`;
          })
          .join(""),
  );
  return `${funnel}\n${device}\n${perDayCard(words, a)}\n${perApp}`;
}

/** The funnel per day (summed over the apps in view), as columns and as a table of linked numbers. */
function perDayCard(words: StaffWords, a: AnalyticsAggregates): string {
  const days = [...new Set(a.funnel.byDay.map((row) => row.day))];
  const totals = days.map((day) => {
    const counts = Object.fromEntries(FUNNEL_STEPS.map((step) => [step, 0])) as FunnelCounts;
    for (const row of a.funnel.byDay) if (row.day === day) for (const step of FUNNEL_STEPS) counts[step] += row.counts[step];
    return counts;
  });
  const scopeOf = (day: string): OrderScope => ({ from: day, to: day, app: a.range.appId });
  const links = days.map((day, d) => FUNNEL_STEPS.map((step) => stepLink(words, step, totals[d]?.[step] ?? 0, scopeOf(day))));
  const series = FUNNEL_STEPS.map((step, i) => ({ name: words.t(`dashboard.step.${step}`), color: PALETTE[i % PALETTE.length] ?? "#888" }));
  const chart = groupedColumns(
    { title: words.t("dashboard.funnel.byDay"), empty: words.t("dashboard.empty") },
    // The year is in the range line; the axis says month and day, the tooltip the whole date.
    days.map((day) => ({ label: day.slice(5), title: day })),
    series,
    totals.map((counts) => FUNNEL_STEPS.map((step) => counts[step])),
    { width: FULL, links },
  );
  const head = `<tr><th scope="col">${escapeHtml(words.t("dashboard.funnel.day"))}</th>${series.map((s) => `<th scope="col">${escapeHtml(s.name)}</th>`).join("")}</tr>`;
  const rows = days
    .map((day, d) => {
      const cells = FUNNEL_STEPS.map((step, s) => {
        const value = totals[d]?.[step] ?? 0;
        const link = links[d]?.[s];
        return `<td>${link ? `<a href="${escapeHtml(link.href)}" aria-label="${escapeHtml(`${day} ${link.name}`)}">${value}</a>` : value}</td>`;
      }).join("");
      return `<tr><th scope="row">${escapeHtml(day)}</th>${cells}</tr>`;
    })
    .join("");
  const table = days.length === 0 ? "" : `<details><summary>${escapeHtml(words.t("dashboard.funnel.dayTable"))}</summary><table class="data days"><thead>${head}</thead><tbody>${rows}</tbody></table></details>`;
  return card("per-day", words.t("dashboard.funnel.byDay"), chart + table, true);
}

function otherCards(words: StaffWords, a: AnalyticsAggregates): string {
  const empty = words.t("dashboard.empty");
  const label = (l: string) => (l === OTHER_LABEL ? words.t("dashboard.other") : l);
  const errors = card(
    "errors",
    words.t("dashboard.errors.title"),
    horizontalBars({ title: words.t("dashboard.errors.chart"), empty }, a.errorStatuses.map((c) => ({ label: label(c.label), value: c.count })), { colors: ["#D55E00"], width: HALF }),
  );
  const median = a.pageLoad.medianMs === null ? "" : ` · ${words.t("dashboard.load.median", { ms: Math.round(a.pageLoad.medianMs) })}`;
  // Each bucket by its upper bound ("≤250"), short enough to stand under its column at this width.
  const last = LOAD_BUCKETS_MS[LOAD_BUCKETS_MS.length - 1];
  const buckets = a.pageLoad.buckets.map((b, i) => {
    const upper = LOAD_BUCKETS_MS[i];
    return { label: upper === undefined ? `>${last}` : `≤${upper}`, title: b.label };
  });
  const loads = card(
    "load",
    words.t("dashboard.load.title", { samples: a.pageLoad.samples }) + median,
    groupedColumns({ title: words.t("dashboard.load.chart"), empty }, buckets, [{ name: words.t("dashboard.load.chart"), color: PALETTE[1] }], a.pageLoad.buckets.map((b) => [b.count]), { width: HALF }),
  );
  const degrades = card(
    "downgrades",
    words.t("dashboard.downgrades.title"),
    horizontalBars({ title: words.t("dashboard.downgrades.chart"), empty }, a.downgrades.map((c) => ({ label: label(c.label), value: c.count })), { colors: ["#E69F00"], width: HALF }),
  );
  const handoffs = card(
    "handoffs",
    words.t("dashboard.handoffs.title"),
    horizontalBars(
      { title: words.t("dashboard.handoffs.chart"), empty },
      a.handoffs.map((c) => ({ label: words.t(HANDOFF_STEP_WORDS[c.label as HandoffStep]), value: c.count })),
      { colors: ["#009E73"], width: HALF },
    ),
  );
  return `${errors}\n${loads}\n${degrades}\n${handoffs}`;
}

/** Each handoff step's words (flows/staff.json). */
const HANDOFF_STEP_WORDS = {
  offered: "dashboard.handoffs.offered",
  opened: "dashboard.handoffs.opened",
  completed: "dashboard.handoffs.completed",
  abandoned: "dashboard.handoffs.abandoned",
} as const satisfies Record<HandoffStep, StaffTextKey>;

export function renderDashboard(words: StaffWords, url: string, a: AnalyticsAggregates): string {
  const scope: OrderScope = { from: dayOf(a.range.since), to: dayOf(a.range.until), app: a.range.appId };
  const range = words.t("dashboard.range", { from: scope.from, to: scope.to, events: a.events.total });
  const json = `/admin/analytics.json?days=${a.range.days}${a.range.appId ? `&app=${encodeURIComponent(a.range.appId)}` : ""}`;
  return renderStaffPage({
    words,
    url,
    section: "dashboard",
    title: words.t("dashboard.title"),
    head: `<link rel="stylesheet" href="${DASHBOARD_ASSET_PATHS.css}">\n<script type="module" src="${DASHBOARD_ASSET_PATHS.js}"></script>`,
    header: `<p class="range">${escapeHtml(range)}</p>${filterForm(words, a)}`,
    body: `<div class="dash">\n${funnelCards(words, a, scope)}\n${otherCards(words, a)}\n</div>\n<p class="json"><a href="${escapeHtml(json)}">${escapeHtml(words.t("dashboard.json"))}</a></p>`,
  });
}
