/**
 * What the service says it rendered into #root (src/server/ssr/launchPage.ts): the hash page and
 * the language, as data attributes of the root, so the page hydrates only the HTML of the page
 * and language it would render itself (src/main.tsx).
 */
import * as z from "zod/mini";

/** The root's attribute names; the service writes them (src/server/ssr/launchPage.ts). */
export const SERVED_PAGE_ATTRIBUTE = "data-ssr-page";
export const SERVED_LANGUAGE_ATTRIBUTE = "data-ssr-lang";

const servedSchema = z.object({
  page: z.string().check(z.regex(/^\/[^#\s]*$/)),
  language: z.string().check(z.minLength(1)),
});
export type ServedPage = z.infer<typeof servedSchema>;

/** The served page, or null on a page the browser renders itself (or attributes that do not parse). */
export function serverRenderedPage(doc: Pick<Document, "getElementById">): ServedPage | null {
  const root = doc.getElementById("root");
  if (!root?.hasAttribute(SERVED_PAGE_ATTRIBUTE)) return null;
  const parsed = servedSchema.safeParse({ page: root.getAttribute(SERVED_PAGE_ATTRIBUTE), language: root.getAttribute(SERVED_LANGUAGE_ATTRIBUTE) });
  return parsed.success ? parsed.data : null;
}
