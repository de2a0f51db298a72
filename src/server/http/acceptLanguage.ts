/**
 * Accept-Language's tags, most preferred first (q=0 left out): what a browser's
 * navigator.languages says, as the service hears it. The staff pages and the page's own
 * language (./appPages.ts) read it.
 * @example acceptedTags("en-GB;q=0.8, zh-CN") // ["zh-CN", "en-GB"]
 */
export function acceptedTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => t.tag !== "" && t.tag !== "*" && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((t) => t.tag);
}
