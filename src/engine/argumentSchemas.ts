/**
 * The arguments each built-in predicate and action takes, checked when the flow files are
 * validated (build time and tests). Kept apart from the implementations so that the
 * browser bundle carries no schema code for them. Every registered name must appear here:
 * a predicate or action without a declaration fails the cross-check.
 */
import * as z from "zod/mini";
import { LAUNCH_KEYS } from "../../schemas/launch";
import { routeFlagsSchema } from "../../schemas/routes";

const flagName = z.enum(Object.keys(routeFlagsSchema.shape) as [string, ...string[]]);
const launchKey = z.enum(LAUNCH_KEYS as [string, ...string[]]);
const keyValue = z.strictObject({ key: z.string(), value: z.string() });
const pairList = z.array(z.string().check(z.regex(/^[A-Za-z0-9_]+>[A-Za-z0-9_]+$/, "expected from>to route names")));

/** null: the predicate takes no arguments. */
export const predicateArgSchemas: Record<string, z.ZodMiniType | null> = {
  always: null,
  loginRequired: null,
  isActionMode: null,
  isSilentMode: null,
  isWillMode: null,
  rtcEnabled: null,
  wsEnabled: null,
  realtimeModeAvailable: null,
  storedUrlIsNullText: null,
  noRetrySet: null,
  hasOrderNoCookie: null,
  wxCameraUsable: null,
  wxCodeObtainable: null,
  hasWxAuthCode: z.strictObject({ longerThan: z.number() }),
  tldSwitchOn: null,
  targetHasFlag: z.strictObject({ flag: flagName }),
  targetIsScreen: z.strictObject({ screen: z.string() }),
  targetNameIn: z.strictObject({ names: z.array(z.string()) }),
  queryEquals: keyValue,
  queryHas: z.strictObject({ key: z.string() }),
  searchHas: z.strictObject({ key: z.string() }),
  launchEquals: z.strictObject({ key: launchKey, value: z.string() }),
  environmentIs: z.strictObject({ value: z.string() }),
};

export const actionArgSchemas: Record<string, z.ZodMiniType> = {
  redirect: z.catchall(z.strictObject({ to: z.string().check(z.regex(/^\//)) }), z.string()),
  redirectStart: z.strictObject({ prefix: z.string(), suffix: z.optional(z.string()) }),
  rewriteRoute: z.strictObject({ map: pairList, silentMap: z.optional(pairList) }),
  fullRedirectWxAuth: z.strictObject({ scope: z.enum(["snsapi_base", "snsapi_userinfo"]) }),
  cacheAuthCode: z.strictObject({ longerThan: z.number(), successStat: z.string(), failureStat: z.string() }),
};
