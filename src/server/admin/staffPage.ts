/**
 * The frame every staff page shares (the dashboard, the order search and the order view):
 * the document in the request's language, the header with its title, the staff navigation
 * and the language switch, and the shared stylesheet. Server-rendered HTML: the CSP allows
 * no inline script, so a page's own behaviour comes as a file from the service.
 */
import type { StaffWords } from "./staffTexts";

export type StaffSection = "dashboard" | "orders";

export const STAFF_PATHS = {
  dashboard: "/admin/analytics",
  orders: "/admin/orders",
  css: "/admin/assets/staff.css",
} as const;

/** Text for HTML text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `url` (a path with its query) with `lang` set to `tag`, for the language switch. */
function withLanguage(url: string, tag: string): string {
  const u = new URL(url, "http://staff.invalid");
  u.searchParams.set("lang", tag);
  return u.pathname + u.search;
}

interface StaffPageInput {
  words: StaffWords;
  /** The request's path and query: the language switch keeps them. */
  url: string;
  /** Which navigation entry is this page's. */
  section: StaffSection;
  /** The document's and the header's title (plain text). */
  title: string;
  /** Extra HTML in the header under the title (filters, a range line). */
  header?: string;
  /** Extra tags in <head> (the page's own stylesheet or script). */
  head?: string;
  body: string;
}

export function renderStaffPage(input: StaffPageInput): string {
  const { words } = input;
  const nav = (["dashboard", "orders"] as const)
    .map((s) => `<a href="${STAFF_PATHS[s]}"${s === input.section ? ' aria-current="page"' : ""}>${escapeHtml(words.t(s === "dashboard" ? "common.nav.dashboard" : "common.nav.orders"))}</a>`)
    .join("");
  const switcher = words.languages
    .map((l) =>
      l.tag === words.lang
        ? `<span aria-current="true" lang="${escapeHtml(l.tag)}">${escapeHtml(l.name)}</span>`
        : `<a href="${escapeHtml(withLanguage(input.url, l.tag))}" lang="${escapeHtml(l.tag)}" hreflang="${escapeHtml(l.tag)}">${escapeHtml(l.name)}</a>`,
    )
    .join("");
  return `<!doctype html>
<html lang="${escapeHtml(words.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${STAFF_PATHS.css}">
${input.head ?? ""}
</head>
<body>
<header class="staff"><nav class="staff-nav" aria-label="faceflow">${nav}</nav><nav class="languages" aria-label="${escapeHtml(words.t("common.language"))}">${switcher}</nav>
<h1>${escapeHtml(input.title)}</h1>${input.header ?? ""}</header>
<main>
${input.body}
</main>
</body>
</html>`;
}

export const STAFF_CSS = `
body { margin: 0; font: 14px/1.5 -apple-system, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; color: #1f2328; background: #f5f6f8; }
header.staff { padding: 12px 24px 16px; background: #fff; border-bottom: 1px solid #e1e4e8; }
header.staff h1 { margin: 8px 0 4px; font-size: 20px; }
.staff-nav, .languages { display: inline-flex; gap: 16px; }
.languages { float: right; gap: 10px; }
.staff-nav a[aria-current="page"], .languages [aria-current] { font-weight: 600; color: #1f2328; text-decoration: none; }
a { color: #0550ae; }
h2 { margin: 0 0 12px; font-size: 16px; }
h3 { margin: 12px 0 4px; font-size: 14px; color: #57606a; }
.card { background: #fff; border: 1px solid #e1e4e8; border-radius: 8px; padding: 16px; overflow-x: auto; }
table.data { border-collapse: collapse; width: 100%; }
table.data th, table.data td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid #eaeef2; }
table.data th { color: #57606a; font-weight: 600; white-space: nowrap; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0; }
dl.facts dt { color: #57606a; }
dl.facts dd { margin: 0; }
.fail { color: #a40e26; font-weight: 600; }
.pass { color: #1a7f37; font-weight: 600; }
pre { white-space: pre-wrap; word-break: break-word; background: #f6f8fa; padding: 8px; border-radius: 6px; margin: 0; }
`;
