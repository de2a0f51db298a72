/**
 * What a page the service rendered says of itself (issue 33): its root's attributes name the hash
 * page and the language rendered, so the browser (src/boot/serverRendered.ts) hydrates only that
 * page in that language. Apart from ./launchPage.ts, whose contract with the renderer brings the
 * API's schemas, which the browser's first screen does not load.
 */
import * as z from "zod/mini";

/** The root's attributes naming the rendered page and its language. */
export const SERVED_PAGE_ATTRIBUTE = "data-ssr-page";
export const SERVED_LANGUAGE_ATTRIBUTE = "data-ssr-lang";
/** Set on the root by the page's guard when the URL's hash names another page (src/server/ssr/staleGuard.ts). */
export const SERVED_STALE_ATTRIBUTE = "data-ssr-stale";

/** A hash page as the flow names it ("/h5pre", "/error?code=400101"). */
export const hashPageSchema = z.string().check(z.regex(/^\/[^#\s]*$/));

/** What the root says was rendered. */
export const servedPageSchema = z.object({ page: hashPageSchema, language: z.string().check(z.minLength(1)) });
export type ServedPage = z.infer<typeof servedPageSchema>;
