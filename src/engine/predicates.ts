/**
 * The built-in predicates the flow files may name: pure functions of the navigation
 * context. The arguments each takes are declared in ./argumentSchemas.ts and checked at
 * build time, so no schema code ships to the browser for them.
 */
import type { PredicateArgs } from "../../schemas/condition";
import type { NavContext } from "./context";
import { firstRealtimeMode, isActionMode, isRtcEnabled, isWillMode, isWsEnabled, liveModeOf } from "../domain/modes";

export interface Predicate {
  test(ctx: NavContext, args: PredicateArgs): boolean;
}

function str(args: PredicateArgs, key: string): string {
  const v = args[key];
  if (typeof v !== "string") throw new Error(`predicate argument "${key}" must be a string`);
  return v;
}
function num(args: PredicateArgs, key: string): number {
  const v = args[key];
  if (typeof v !== "number") throw new Error(`predicate argument "${key}" must be a number`);
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
  /** Spec §5: a messaging-app code counts only when longer than `longerThan` (6) characters. */
  hasWxAuthCode: { test: (c, a) => (c.session.wxAuthCode ?? "").length > num(a, "longerThan") },
  tldSwitchOn: { test: (c) => c.settings.tldSwitch },
  targetHasFlag: {
    test: (c, a) => Boolean(c.target.route.flags[str(a, "flag") as keyof NavContext["target"]["route"]["flags"]]),
  },
  targetIsScreen: { test: (c, a) => c.target.route.screen === str(a, "screen") },
  targetNameIn: { test: (c, a) => list(a, "names").includes(c.target.route.name) },
  queryEquals: { test: (c, a) => c.target.query[str(a, "key")] === str(a, "value") },
  queryHas: { test: (c, a) => Boolean(c.target.query[str(a, "key")]) },
  searchHas: { test: (c, a) => Boolean(c.search[str(a, "key")]) },
  launchEquals: {
    test: (c, a) => c.launch[str(a, "key") as keyof NavContext["launch"]] === str(a, "value"),
  },
  environmentIs: { test: (c, a) => c.settings.environment === str(a, "value") },
};
