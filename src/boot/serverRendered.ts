/**
 * What the service says it rendered into #root (src/server/ssr/launchPage.ts): the hash page and
 * the language, as data attributes of the root (schemas/servedPage.ts), so the page hydrates only
 * the HTML of the page and language it would render itself (src/main.tsx).
 */
import { SERVED_LANGUAGE_ATTRIBUTE, SERVED_PAGE_ATTRIBUTE, servedPageSchema, type ServedPage } from "../../schemas/servedPage";

/** The served page, or null on a page the browser renders itself (or attributes that do not parse). */
export function serverRenderedPage(doc: Pick<Document, "getElementById">): ServedPage | null {
  const root = doc.getElementById("root");
  if (!root?.hasAttribute(SERVED_PAGE_ATTRIBUTE)) return null;
  const parsed = servedPageSchema.safeParse({ page: root.getAttribute(SERVED_PAGE_ATTRIBUTE), language: root.getAttribute(SERVED_LANGUAGE_ATTRIBUTE) });
  return parsed.success ? parsed.data : null;
}
