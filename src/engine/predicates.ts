/**
 * The built-in predicates the flow files may name. Each declares the arguments it takes
 * (checked at build time) and is a pure function of the navigation context.
 */
import * as z from "zod/mini";
import type { PredicateArgs } from "../../schemas/condition";
import { routeFlagsSchema } from "../../schemas/routes";
import { LAUNCH_KEYS } from "../../schemas/launch";
import type { NavContext } from "./context";
import { firstRealtimeMode, isActionMode, isRtcEnabled, isWillMode, isWsEnabled, liveModeOf } from "./modes";

export interface Predicate {
  /** Schema of the arguments; undefined means the predicate takes none. */
  args?: z.ZodMiniType;
  test(ctx: NavContext, args: PredicateArgs): boolean;
}

const flagName = z.enum(Object.keys(routeFlagsSchema.shape) as [string, ...string[]]);
const launchKey = z.enum(LAUNCH_KEYS as [string, ...string[]]);
const keyValue = z.strictObject({ key: z.string(), value: z.string() });

function str(args: PredicateArgs, key: string): string {
  const v = args[key];
  if (typeof v !== "string") throw new Error(`predicate argument "${key}" must be a string`);
  return v;
}
function list(args: PredicateArgs, key: string): string[] {
  const v = args[key];
  if (!Array.isArray(v)) throw new Error(`predicate argument "${key}" must be a list`);
  return v;
}

export const builtinPredicates: Record<string, Predicate> = {
  always: { test: () => true },
  loginRequired: { test: (c) => c.session.loginRequired },
  isActionMode: { test: (c) => isActionMode(c.launch) },
  isSilentMode: { test: (c) => liveModeOf(c.launch) === "silent" },
  isWillMode: { test: (c) => isWillMode(c.launch) },
  rtcEnabled: { test: (c) => isRtcEnabled(c.launch) },
  wsEnabled: { test: (c) => isWsEnabled(c.launch) },
  /** Real-time video or websocket is enabled and supported, in the order of spec §4. */
  realtimeModeAvailable: { test: (c) => firstRealtimeMode(c.launch, c.session) !== null },
  storedUrlIsNullText: { test: (c) => c.session.storedUrl === "null" },
  noRetrySet: { test: (c) => c.session.noRetry },
  hasOrderNoCookie: { test: (c) => c.session.hasOrderNoCookie },
  wxCameraUsable: { test: (c) => c.device.wxCameraUsable },
  wxCodeObtainable: { test: (c) => c.device.wxCodeObtainable },
  hasWxAuthCode: { test: (c) => Boolean(c.session.wxAuthCode) },
  tldSwitchOn: { test: (c) => c.settings.tldSwitch },
  targetHasFlag: {
    args: z.strictObject({ flag: flagName }),
    test: (c, a) => Boolean(c.target.route.flags[str(a, "flag") as keyof NavContext["target"]["route"]["flags"]]),
  },
  targetIsScreen: { args: z.strictObject({ screen: z.string() }), test: (c, a) => c.target.route.screen === str(a, "screen") },
  targetNameIn: { args: z.strictObject({ names: z.array(z.string()) }), test: (c, a) => list(a, "names").includes(c.target.route.name) },
  queryEquals: { args: keyValue, test: (c, a) => c.target.query[str(a, "key")] === str(a, "value") },
  queryHas: { args: z.strictObject({ key: z.string() }), test: (c, a) => Boolean(c.target.query[str(a, "key")]) },
  searchHas: { args: z.strictObject({ key: z.string() }), test: (c, a) => Boolean(c.search[str(a, "key")]) },
  launchEquals: {
    args: z.strictObject({ key: launchKey, value: z.string() }),
    test: (c, a) => c.launch[str(a, "key") as keyof NavContext["launch"]] === str(a, "value"),
  },
  environmentIs: { args: z.strictObject({ value: z.string() }), test: (c, a) => c.settings.environment === str(a, "value") },
};
