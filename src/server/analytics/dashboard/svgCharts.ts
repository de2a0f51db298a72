/**
 * Charts as inline SVG markup, rendered on the server: three chart shapes are all the
 * dashboard needs, fewer bytes than any chart library, and no script has to run (the CSP
 * forbids inline scripts; SVG markup is not script). Every label goes through escapeHtml.
 */

export interface Bar {
  label: string;
  value: number;
  /** Shown after the value, e.g. "(45%)". */
  note?: string;
}

interface Series {
  name: string;
  color: string;
}

/** Palette for series and steps; colour-blind friendly (Okabe–Ito). */
export const PALETTE = ["#0072B2", "#56B4E9", "#009E73", "#E69F00", "#CC79A7", "#2CA02C", "#D55E00"] as const;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function scale(value: number, max: number, length: number): number {
  return max <= 0 ? 0 : Math.max(value > 0 ? 1 : 0, Math.round((value / max) * length));
}

/**
 * Horizontal bars, one row per item; `funnel` centres each bar so the rows read as a funnel.
 * @example horizontalBars("错误状态", [{ label: "noCookie", value: 3 }])
 */
export function horizontalBars(title: string, bars: readonly Bar[], options: { funnel?: boolean; colors?: readonly string[] } = {}): string {
  const rowHeight = 28;
  const labelWidth = 170;
  const barArea = 420;
  const width = labelWidth + barArea + 110;
  const height = Math.max(1, bars.length) * rowHeight + 8;
  const max = Math.max(0, ...bars.map((b) => b.value));
  const rows = bars.map((bar, i) => {
    const y = i * rowHeight + 4;
    const length = scale(bar.value, max, barArea);
    const x = labelWidth + (options.funnel ? Math.round((barArea - length) / 2) : 0);
    const color = options.colors?.[i % options.colors.length] ?? PALETTE[0];
    const caption = `${bar.value}${bar.note ? ` ${bar.note}` : ""}`;
    return `<g class="bar" data-label="${escapeHtml(bar.label)}" data-value="${bar.value}">` +
      `<title>${escapeHtml(`${bar.label}: ${caption}`)}</title>` +
      `<text x="${labelWidth - 8}" y="${y + 18}" text-anchor="end">${escapeHtml(bar.label)}</text>` +
      `<rect x="${x}" y="${y + 3}" width="${length}" height="${rowHeight - 8}" rx="3" fill="${color}"/>` +
      `<text x="${labelWidth + barArea + 8}" y="${y + 18}">${escapeHtml(caption)}</text></g>`;
  });
  const empty = bars.length === 0 ? `<text x="${width / 2}" y="20" text-anchor="middle" class="empty">暂无数据</text>` : "";
  return svg(title, width, height, rows.join("") + empty);
}

/** Vertical columns with the labels underneath (a histogram when the labels are ranges). */
export function columns(title: string, bars: readonly Bar[]): string {
  return groupedColumns(title, bars.map((b) => b.label), [{ name: title, color: PALETTE[1] }], bars.map((b) => [b.value]));
}

/**
 * Groups of columns, one group per label and one column per series in each group.
 * `values[group][series]`.
 */
export function groupedColumns(title: string, groups: readonly string[], series: readonly Series[], values: readonly (readonly number[])[]): string {
  const plotHeight = 180;
  const columnWidth = Math.max(6, Math.min(28, Math.floor(600 / Math.max(1, groups.length * series.length))));
  const groupWidth = columnWidth * series.length + 16;
  const left = 40;
  const width = Math.max(320, left + groups.length * groupWidth + 10);
  const legendHeight = series.length > 1 ? 22 : 0;
  const height = plotHeight + 40 + legendHeight;
  const max = Math.max(0, ...values.flat());
  const parts: string[] = [
    `<line x1="${left}" y1="${plotHeight + 5}" x2="${width - 5}" y2="${plotHeight + 5}" class="axis"/>`,
    `<text x="${left - 4}" y="14" text-anchor="end" class="tick">${max}</text>`,
    `<text x="${left - 4}" y="${plotHeight + 5}" text-anchor="end" class="tick">0</text>`,
  ];
  groups.forEach((group, g) => {
    const x0 = left + g * groupWidth + 8;
    series.forEach((s, k) => {
      const value = values[g]?.[k] ?? 0;
      const h = scale(value, max, plotHeight - 10);
      parts.push(
        `<g class="bar" data-label="${escapeHtml(`${group} ${s.name}`)}" data-value="${value}"><title>${escapeHtml(`${group} · ${s.name}: ${value}`)}</title>` +
          `<rect x="${x0 + k * columnWidth}" y="${plotHeight + 5 - h}" width="${columnWidth - 2}" height="${h}" fill="${s.color}"/></g>`,
      );
    });
    parts.push(`<text x="${x0 + (columnWidth * series.length) / 2}" y="${plotHeight + 22}" text-anchor="middle" class="tick">${escapeHtml(group)}</text>`);
  });
  if (legendHeight > 0) {
    series.forEach((s, k) => {
      const x = left + k * 110;
      const y = plotHeight + 36;
      parts.push(`<rect x="${x}" y="${y}" width="10" height="10" fill="${s.color}"/><text x="${x + 14}" y="${y + 9}" class="tick">${escapeHtml(s.name)}</text>`);
    });
  }
  return svg(title, width, height, parts.join(""));
}

function svg(title: string, width: number, height: number, body: string): string {
  return `<svg class="chart" role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg"><title>${escapeHtml(title)}</title>${body}</svg>`;
}
