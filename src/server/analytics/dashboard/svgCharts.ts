/**
 * Charts as inline SVG markup, rendered on the server: two chart shapes are all the dashboard
 * needs, fewer bytes than any chart library, and no script has to run (the CSP forbids inline
 * scripts; SVG markup is not script). Every label goes through escapeHtml; every word comes
 * from the caller (flows/staff.json), none is written here.
 *
 * A chart is laid out for `width` user units and drawn at the width of its card (the
 * stylesheet's `width: 100%`), so the card, not the chart, decides how wide it is. Text is
 * measured by an estimate (textWidth) that errs wide, so labels keep clear of each other:
 * the x axis shows every n-th label when they would not fit side by side, and a bar's label
 * too long to stand beside its bar stands above it (shortened with "…" only past the chart's
 * whole width; the whole one stays in the tooltip). A legend is HTML under the chart, so it
 * wraps like text and is never clipped.
 */
import { escapeHtml } from "../../admin/staffPage";

export interface Bar {
  label: string;
  value: number;
  /** Shown after the value, e.g. "(45%)". */
  note?: string;
  /** Where the bar leads (the orders behind the number), with the link's accessible name. */
  link?: { href: string; name: string };
}

export interface Series {
  name: string;
  color: string;
}

/** A chart's own words: its accessible name, and what it says when it has nothing to show. */
export interface ChartWords {
  title: string;
  empty: string;
}

/**
 * Layout widths of a chart in a half-width card and in a full-width one: what the card's
 * content measures in a 1280 px window, so the chart is drawn there at its own size.
 */
export const CHART_WIDTHS = { half: 560, full: 1180 } as const;

/** Palette for series and steps; colour-blind friendly (Okabe–Ito). */
export const PALETTE = ["#0072B2", "#56B4E9", "#009E73", "#E69F00", "#CC79A7", "#2CA02C", "#D55E00"] as const;

const FONT = 12;
const TICK_FONT = 11;
/** Least room between two neighbouring x labels. */
const LABEL_GAP = 6;

/**
 * Width of `text` at `fontSize`, estimated from the widest of the fonts the stylesheet lists
 * (DejaVu Sans where no CJK UI font exists): ideographs a full em, capitals and wide letters
 * more than others. Deliberately generous: too wide costs a little room, too narrow overlaps.
 */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x2e80) em += 1;
    else if (/[mwMW@%]/.test(ch)) em += 0.95;
    else if (/[A-Z&]/.test(ch)) em += 0.75;
    else if (/[0-9]/.test(ch)) em += 0.64;
    else if (/[rtfj]/.test(ch)) em += 0.42;
    else if (/[ il.,:;'|!()[\]]/.test(ch)) em += 0.34;
    else em += 0.6;
  }
  return em * fontSize;
}

/** `text`, shortened with "…" to fit `room`. */
function fit(text: string, room: number, fontSize: number): string {
  if (textWidth(text, fontSize) <= room) return text;
  const chars = [...text];
  while (chars.length > 1 && textWidth(`${chars.join("")}…`, fontSize) > room) chars.pop();
  return `${chars.join("")}…`;
}

function scale(value: number, max: number, length: number): number {
  return max <= 0 ? 0 : Math.max(value > 0 ? 1 : 0, Math.round((value / max) * length));
}

/** A bar's group: a link to its orders when it has one, else a plain group the page's script can pin. */
function barGroup(bar: { label: string; value: number; link?: Bar["link"] }, tooltip: string, body: string): string {
  const open = bar.link
    ? `<a class="bar" href="${escapeHtml(bar.link.href)}" aria-label="${escapeHtml(bar.link.name)}" data-label="${escapeHtml(bar.label)}" data-value="${bar.value}">`
    : `<g class="bar" data-label="${escapeHtml(bar.label)}" data-value="${bar.value}">`;
  return `${open}<title>${escapeHtml(tooltip)}</title>${body}${bar.link ? "</a>" : "</g>"}`;
}

function svg(words: ChartWords, width: number, height: number, body: string, hasLinks: boolean): string {
  // A chart with links is a group (its links stay reachable); one without is a single image.
  const role = hasLinks ? "group" : "img";
  return `<svg class="chart" role="${role}" aria-label="${escapeHtml(words.title)}" data-width="${width}" viewBox="0 0 ${width} ${Math.ceil(height)}" xmlns="http://www.w3.org/2000/svg">${
    hasLinks ? "" : `<title>${escapeHtml(words.title)}</title>`
  }${body}</svg>`;
}

function emptyText(words: ChartWords, width: number, y: number): string {
  return `<text x="${width / 2}" y="${y}" text-anchor="middle" class="empty">${escapeHtml(words.empty)}</text>`;
}

/**
 * Horizontal bars, one row per item; `funnel` centres each bar so the rows read as a funnel.
 * Labels stand left of their bars in a column as wide as the longest needs; when that would
 * take more than 40% of the chart (error statuses, failure reasons), each label stands on its
 * own line above its bar instead, so it is read whole rather than cut.
 * @example horizontalBars({ title: "错误状态", empty: "暂无数据" }, [{ label: "noCookie", value: 3 }])
 */
export function horizontalBars(words: ChartWords, bars: readonly Bar[], options: { funnel?: boolean; colors?: readonly string[]; width?: number } = {}): string {
  const width = options.width ?? CHART_WIDTHS.half;
  const captions = bars.map((bar) => `${bar.value}${bar.note ? ` ${bar.note}` : ""}`);
  const captionWidth = Math.max(40, ...captions.map((c) => textWidth(c, FONT) + 10));
  const widest = Math.max(0, ...bars.map((b) => textWidth(b.label, FONT)));
  const above = widest + 12 > width * 0.4;
  // A glyph may start a little left of its x (DejaVu's "w" by about a unit): labels above their bars start 2 units in, and so do the bars.
  const labelWidth = above ? 2 : Math.max(60, widest + 12);
  const rowHeight = above ? 40 : 26;
  const barArea = Math.max(40, width - labelWidth - captionWidth - 4);
  const height = Math.max(1, bars.length) * rowHeight + 6;
  const max = Math.max(0, ...bars.map((b) => b.value));
  const rows = bars.map((bar, i) => {
    const y = i * rowHeight + 3;
    const barY = above ? y + 18 : y + 3;
    const length = scale(bar.value, max, barArea);
    const x = labelWidth + (options.funnel ? Math.round((barArea - length) / 2) : 0);
    const color = options.colors?.[i % options.colors.length] ?? PALETTE[0];
    const caption = captions[i] ?? "";
    const label = above
      ? `<text x="${labelWidth}" y="${y + 13}">${escapeHtml(fit(bar.label, width - 6, FONT))}</text>`
      : `<text x="${labelWidth - 8}" y="${y + 17}" text-anchor="end">${escapeHtml(bar.label)}</text>`;
    return barGroup(
      bar,
      `${bar.label}: ${caption}`,
      label +
        `<rect x="${x}" y="${barY}" width="${length}" height="18" rx="3" fill="${color}"/>` +
        `<text x="${labelWidth + barArea + 6}" y="${barY + 14}" class="value">${escapeHtml(caption)}</text>`,
    );
  });
  const body = rows.join("") + (bars.length === 0 ? emptyText(words, width, 18) : "");
  return svg(words, width, height, body, bars.some((b) => b.link));
}

/** One group of columns on the x axis: its label under the axis, and the longer name for the tooltip. */
export interface ColumnGroup {
  label: string;
  title?: string;
}

/**
 * Groups of columns, one group per x label and one column per series in each group
 * (`values[group][series]`, `links[group][series]` where a column leads somewhere); with
 * more than one series, an HTML legend follows the chart.
 */
export function groupedColumns(
  words: ChartWords,
  groups: readonly ColumnGroup[],
  series: readonly Series[],
  values: readonly (readonly number[])[],
  options: { width?: number; links?: readonly (readonly (Bar["link"] | undefined)[])[] } = {},
): string {
  const width = options.width ?? CHART_WIDTHS.half;
  const plotTop = 8;
  const plotHeight = 180;
  const max = Math.max(0, ...values.flat());
  const labelWidth = Math.max(0, ...groups.map((g) => textWidth(g.label, TICK_FONT)));
  // Room for the y ticks, and for half a label that sticks out past the first and last groups.
  let left = textWidth(String(max), TICK_FONT) + 10;
  let right = 6;
  let slot = 0;
  for (let pass = 0; pass < 2; pass += 1) {
    slot = (width - left - right) / Math.max(1, groups.length);
    const overhang = Math.max(0, labelWidth / 2 - slot / 2 + 2);
    left = Math.max(left, overhang);
    right = Math.max(6, overhang);
  }
  // Every label when they fit side by side, else every n-th: never two on top of each other.
  const every = Math.max(1, Math.ceil((labelWidth + LABEL_GAP) / Math.max(slot, 1)));
  const gap = Math.min(16, slot * 0.25);
  const columnWidth = Math.max(1, Math.min(28, (slot - gap) / Math.max(1, series.length)));
  const baseline = plotTop + plotHeight;
  const parts: string[] = [
    `<line x1="${left}" y1="${baseline}" x2="${width - right}" y2="${baseline}" class="axis"/>`,
    `<text x="${left - 4}" y="${plotTop + 8}" text-anchor="end" class="tick">${max}</text>`,
    `<text x="${left - 4}" y="${baseline}" text-anchor="end" class="tick">0</text>`,
  ];
  groups.forEach((group, g) => {
    const centre = left + g * slot + slot / 2;
    const x0 = centre - (columnWidth * series.length) / 2;
    series.forEach((s, k) => {
      const value = values[g]?.[k] ?? 0;
      const h = scale(value, max, plotHeight - 10);
      const link = options.links?.[g]?.[k];
      parts.push(
        barGroup(
          { label: `${group.title ?? group.label} ${s.name}`, value, ...(link ? { link } : {}) },
          `${group.title ?? group.label} · ${s.name}: ${value}`,
          `<rect x="${(x0 + k * columnWidth).toFixed(1)}" y="${baseline - h}" width="${Math.max(0.5, columnWidth - (columnWidth > 3 ? 2 : 0)).toFixed(1)}" height="${h}" fill="${s.color}"/>`,
        ),
      );
    });
    if (g % every === 0) parts.push(`<text x="${centre.toFixed(1)}" y="${baseline + 16}" text-anchor="middle" class="tick xlabel">${escapeHtml(group.label)}</text>`);
  });
  if (groups.length === 0) parts.push(emptyText(words, width, plotTop + plotHeight / 2));
  const chart = svg(words, width, baseline + 24, parts.join(""), (options.links ?? []).some((row) => row.some((l) => l !== undefined)));
  return series.length > 1 ? `${chart}${legend(series)}` : chart;
}

/** The series' names with their colours, as a list that wraps. */
function legend(series: readonly Series[]): string {
  const items = series
    .map((s) => `<li><svg class="swatch" viewBox="0 0 10 10" aria-hidden="true"><rect width="10" height="10" rx="2" fill="${s.color}"/></svg>${escapeHtml(s.name)}</li>`)
    .join("");
  return `<ul class="legend">${items}</ul>`;
}
