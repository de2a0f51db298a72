/**
 * The page URL's query as launch parameters arrive in it (spec §3), read alike by the page and by
 * the service, which renders a launch's first page (src/server/ssr). No zod and no other
 * import here: index.html's early login (src/boot/earlyLogin.ts) reads the query with these
 * same functions before any module has loaded, so both agree on what a launch is.
 */

/** A parsed query string: a null-prototype record, so keys like `__proto__` are plain data. */
export type Query = Readonly<Record<string, string>>;

/** Own-property test; Object.hasOwn is missing from the older in-app browsers faceflow must run in. */
export const hasOwn = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

/**
 * Parse a query string ("?a=1&b=2" or "a=1&b=2") into a null-prototype record.
 * The first value of a repeated name wins, so a value appended to a partner's URL cannot
 * override the partner's own.
 * @example parseQuery("?live_type=2&live_type=1&theme=") // { live_type: "2", theme: "" }
 */
export function parseQuery(search: string): Record<string, string> {
  const query = Object.create(null) as Record<string, string>;
  // URLSearchParams decodes "+" as a space and leaves malformed %-escapes as text instead of throwing.
  for (const [name, value] of new URLSearchParams(search)) {
    if (name !== "" && !hasOwn(query, name)) query[name] = value;
  }
  return query;
}

/** True when the launch URL carries a `sign`: the flow then runs without the order_no cookie (spec §3). */
export function isCookieLessMode(query: Query): boolean {
  return hasOwn(query, "sign") && query.sign !== "";
}
