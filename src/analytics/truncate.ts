/**
 * Caps applied to everything the collectors record (spec §9), so one noisy error (a minified
 * bundle's message, a huge inline element) cannot crowd the 50 KB buffer or the 8192-char
 * single report. Strings are cut, never rejected: a shortened report beats a missing one.
 */
import { EVENT_DATA_MAX_KEYS, EVENT_STRING_MAX, type EventValue } from "../../schemas/analyticsEvent";

/** `text` cut to at most `max` characters. */
export const cutText = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text);

/**
 * The data of an event made fit for the contract: string values cut at EVENT_STRING_MAX,
 * keys cut at 64 characters, at most EVENT_DATA_MAX_KEYS keys, non-finite numbers as text.
 */
export function capEventData(data: Record<string, EventValue>): Record<string, EventValue> {
  const out: Record<string, EventValue> = {};
  let kept = 0;
  for (const [key, value] of Object.entries(data)) {
    if (kept === EVENT_DATA_MAX_KEYS) break;
    const v = typeof value === "string" ? cutText(value, EVENT_STRING_MAX)
      : typeof value === "number" && !Number.isFinite(value) ? String(value)
      : value;
    out[cutText(key, 64)] = v;
    kept++;
  }
  return out;
}

/**
 * A URL fit to report: the query's values are replaced by "*" (tokens, signatures and order
 * numbers travel there) and the fragment dropped; the path and the parameter names stay so
 * failures can still be told apart.
 * @example redactUrl("https://a.b/x?sign=abc#/start", "https://a.b") // "https://a.b/x?sign=*"
 */
export function redactUrl(raw: string, base: string): string {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return cutText(raw.split(/[?#]/)[0] ?? "", EVENT_STRING_MAX);
  }
  const names = [...new Set([...url.searchParams.keys()])];
  const query = names.length ? `?${names.map((n) => `${encodeURIComponent(n)}=*`).join("&")}` : "";
  const origin = url.protocol === "data:" || url.protocol === "blob:" ? `${url.protocol}` : `${url.origin}${url.pathname}`;
  return cutText(origin + query, EVENT_STRING_MAX);
}
