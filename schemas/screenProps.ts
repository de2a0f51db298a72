/**
 * Every screen type a route of flows/routes.json may name, and the props each one takes. The
 * props schemas are strict: a key no screen reads, or a value of the wrong type, fails
 * `npm run validate` naming the route, its screen and the key (routePropsProblems). The
 * browser does not parse props again: the router hands each screen its route's props typed
 * as ScreenPropsOf<its type> (src/ui/screenContract.ts routeProps, the composition root's
 * `validated<T>` pattern).
 */
import * as z from "zod/mini";
import { DEMO_RETURN_ROUTES } from "./apiCodes";
import { resultModeSchema, resultOutcomeSchema } from "./results";
import type { RouteDef } from "./routes";

/** Every screen type; the loaders in src/ui/screens/index.ts are checked against it at compile time. */
export const SCREEN_TYPES = [
  "rootRedirect",
  "start",
  "login",
  "uaDetect",
  "verify",
  "result",
  "error",
  "demoEntry",
  "protocol",
  "trtcRecord",
  "willDegrade",
  "wsRecord",
  "handoff",
] as const;
export type ScreenType = (typeof SCREEN_TYPES)[number];

/** The start-page variants (props.mode) and their channels (props.channel). */
export const START_MODES = ["plain", "action", "silent", "trtc"] as const;
export type StartMode = (typeof START_MODES)[number];
export const START_CHANNELS = ["wx", "h5"] as const;
export type StartChannel = (typeof START_CHANNELS)[number];

const noProps = z.strictObject({});

/** The props of each screen type. Exhaustive: a screen type without its schema fails to compile. */
export const SCREEN_PROPS = {
  rootRedirect: noProps,
  start: z.strictObject({ mode: z.enum(START_MODES), channel: z.enum(START_CHANNELS) }),
  login: noProps,
  uaDetect: noProps,
  handoff: noProps,
  /** The recording page of plain or action mode. */
  verify: z.strictObject({ mode: z.enum(["plain", "action"]) }),
  result: z.strictObject({ outcome: resultOutcomeSchema, mode: resultModeSchema }),
  error: noProps,
  /** Which demo return page this is (the demo order's return route). */
  demoEntry: z.strictObject({ variant: z.enum(DEMO_RETURN_ROUTES) }),
  /** The product named in the letter; absent on /protocol/:product, which takes it from the path. */
  protocol: z.strictObject({ product: z.optional(z.string().check(z.minLength(1))) }),
  /** The will (spoken consent) variant of the real-time video page. */
  trtcRecord: z.strictObject({ will: z.boolean() }),
  willDegrade: z.strictObject({ step: z.enum(["transition", "index"]) }),
  wsRecord: noProps,
} as const satisfies Record<ScreenType, z.ZodMiniObject>;

export type ScreenPropsOf<T extends ScreenType> = z.infer<(typeof SCREEN_PROPS)[T]>;

/** What the schema wanted, in words (zod/mini carries no messages of its own). */
function expected(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_value") return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
  if (issue.code === "invalid_type") return `expected a ${issue.expected}`;
  return issue.message;
}

function isScreenType(name: string): name is ScreenType {
  return Object.prototype.hasOwnProperty.call(SCREEN_PROPS, name);
}

/**
 * Every route whose props its screen's schema refuses, each naming the route, the screen and
 * the key. A route naming an unknown screen is left to the definitions' cross-check.
 * @example routePropsProblems([{ name: "vertify", screen: "verify", props: { mode: "plain", colour: "red" }, … }])
 * // ['flows/routes.json: route "vertify" (screen "verify"): unknown prop "colour" (known: mode)']
 */
export function routePropsProblems(routes: readonly RouteDef[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    if (!isScreenType(route.screen)) continue;
    const schema = SCREEN_PROPS[route.screen];
    const parsed = z.safeParse(schema, route.props ?? {});
    if (parsed.success) continue;
    const where = `flows/routes.json: route "${route.name}" (screen "${route.screen}")`;
    const known = Object.keys(schema.shape).join(", ") || "none";
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys) problems.push(`${where}: unknown prop "${key}" (known: ${known})`);
      } else {
        const key = issue.path.join(".");
        const value = route.props?.[key];
        problems.push(`${where}: prop "${key}" ${value === undefined ? "is missing" : `is ${JSON.stringify(value)}`}: ${expected(issue)}`);
      }
    }
  }
  return problems;
}
