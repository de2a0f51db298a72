/**
 * The contract between the service and its renderer of a signed launch's first page (issue 33):
 * the service (src/server/ssr/launchPage.ts) works out what the login would answer and asks the
 * renderer (src/ssr/renderLaunchPage.tsx, the browser's screens run on the server, loaded from
 * its own bundle) for the page. Both sides parse. What the page's root says was rendered is
 * ./servedPage.ts (the browser's first screen reads it; this file would bring the API contract).
 */
import * as z from "zod/mini";
import { orderConfigSchema } from "./api";
import { hashPageSchema as hashPage } from "./servedPage";


/** What `POST /api/v1/login` would answer the launch now. */
export const launchLoginAnswerSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("accepted"), orderNo: z.string(), returnUrl: z.string(), config: orderConfigSchema }),
  z.object({ kind: z.literal("refused"), status: z.int(), code: z.string(), message: z.string(), returnUrl: z.optional(z.string()) }),
]);
export type LaunchLoginAnswer = z.infer<typeof launchLoginAnswerSchema>;

/** One request's page: the launch URL as the browser asked for it, its user agent and languages. */
export const launchPageInputSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  userAgent: z.string(),
  /** Accept-Language's tags, in preference order. */
  languages: z.array(z.string()),
  /** The service's clock, milliseconds since the epoch. */
  now: z.number(),
  login: launchLoginAnswerSchema,
});
export type LaunchPageInput = z.infer<typeof launchPageInputSchema>;

export const renderedLaunchPageSchema = z.object({
  /** The root's HTML. */
  markup: z.string(),
  page: hashPage,
  language: z.string(),
  /** The document's title as the page would set it. */
  title: z.string(),
  /** The theme's id in themes.json and its body class. */
  theme: z.string(),
  bodyClass: z.nullable(z.string().check(z.regex(/^[a-z0-9-]+$/))),
  /**
   * The launch goes on to a real-time page (its SDK sets style attributes of its own), or the
   * page opens the debug console (likewise): the service then sends the page unrendered, under
   * the CSP that allows them.
   */
  realtime: z.boolean(),
  debugConsole: z.boolean(),
});
export type RenderedLaunchPage = z.infer<typeof renderedLaunchPageSchema>;

/** The renderer's answer: a page, or none when the first page is not one to render (a full redirect, a loop). */
export const launchRenderSchema = z.nullable(renderedLaunchPageSchema);
