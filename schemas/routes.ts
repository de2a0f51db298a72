/**
 * flows/routes.json: every route of spec §2 with its flags (spec §3 "Route flags").
 */
import * as z from "zod/mini";

export const routeFlagsSchema = z.strictObject({
  /** The page asks for the user's authorisation (agreement consent; level from apps.json authLevels). */
  auth: z.optional(z.boolean()),
  needLoginOrCookie: z.optional(z.boolean()),
  checkFinish: z.optional(z.boolean()),
  checkRetry: z.optional(z.boolean()),
  uaDetect: z.optional(z.boolean()),
  needWxCode: z.optional(z.boolean()),
  /** "wx": a page of the messaging-app channel (only makes sense with its camera). */
  channel: z.optional(z.enum(["wx"])),
});

const routeSchema = z.strictObject({
  /** wouter pattern, e.g. "/protocol/:product". */
  path: z.string().check(z.regex(/^\/[A-Za-z0-9/:_-]*$/)),
  /** Unique name; action-mode counterparts are named "action_<plain name>" (guard steps 4 and 5). */
  name: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]*$/)),
  /** Screen type, looked up in the screen registry. */
  screen: z.string(),
  /** Fixed props handed to the screen (e.g. which start-page variant). */
  props: z.optional(z.record(z.string(), z.union([z.string(), z.boolean(), z.number()]))),
  /**
   * Where each of the screen's outcomes leads (schemas/screenOutcomes.ts), e.g.
   * `{ "success": "/success", "fail": "/fail", "error": "/error" }`; checked by `npm run validate`.
   */
  next: z.optional(z.record(z.string().check(z.regex(/^[a-z][A-Za-z]*$/)), z.string().check(z.regex(/^\/[A-Za-z0-9/_-]*$/)))),
  /** Key in texts.zh-CN.json "titles" for document.title. */
  title: z.string(),
  flags: routeFlagsSchema,
});
export type RouteDef = z.infer<typeof routeSchema>;

export const routesFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  routes: z.array(routeSchema).check(z.minLength(1)),
});
export type RoutesFile = z.infer<typeof routesFileSchema>;
