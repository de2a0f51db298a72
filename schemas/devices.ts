/**
 * flows/devices.json: the camera-input eligibility rules of spec §5.
 *
 * - `userAgentBlacklist`: user-agent patterns that block camera input.
 * - `browserVersionBlocks`: browser (as the user-agent parser names it) and version specs
 *   that block camera input, optionally only on one operating system.
 * - `inAppBlocked`: operating system / manufacturer / model combinations blocked when the
 *   partner app launched the flow inside its own web-view (`from=app`).
 *
 * Browser, OS and manufacturer names are the exact strings ua-parser-js 1.x reports; a name
 * outside the lists below fails validation with the list of known names, because a misspelt
 * name ("UC Browser" for "UCBrowser") would otherwise never match and block nothing.
 *
 * A pattern is a plain substring, matched case-sensitively, or a regular expression written
 * "/source/flags" with flags from i, m, s, u (g and y would make matching stateful).
 */
import * as z from "zod/mini";
import { handoffPolicySchema } from "./handoffPolicy";
import { isValidVersionSpec } from "./versionSpec";

/** Browser names (ua-parser-js 1.x spelling) the rules may name. */
export const BROWSER_NAMES = [
  "2345", "360", "Alipay", "Android Browser", "Baidu", "Chrome", "Chrome WebView", "Edge", "Firefox",
  "HeyTap", "Huawei Browser", "IE", "MIUI Browser", "Mobile Safari", "QQBrowser", "Quark", "Safari",
  "Samsung Internet", "Sogou Mobile", "UCBrowser", "Vivo Browser", "WeChat",
] as const;
/** Operating-system names (ua-parser-js 1.x spelling) the rules may name. */
export const OS_NAMES = ["Android", "HarmonyOS", "iOS", "Mac OS", "Windows"] as const;
/** Manufacturer names (ua-parser-js 1.x `device.vendor`) the rules may name. */
export const MANUFACTURER_NAMES = ["Apple", "Honor", "Huawei", "OPPO", "Samsung", "Vivo", "Xiaomi"] as const;

function namedEnum<const T extends readonly [string, ...string[]]>(kind: string, names: T) {
  return z.enum(names, { error: (issue) => `unknown ${kind} ${JSON.stringify(issue.input)}; known ${kind}s: ${names.join(", ")}` });
}

/** "/source/flags": the regular-expression form of a pattern. */
export const REGEX_PATTERN = /^\/(.+)\/([imsu]*)$/;

function isValidPattern(pattern: string): boolean {
  const m = REGEX_PATTERN.exec(pattern);
  if (!m) return !/^\/.*\/[a-z]*$/.test(pattern); // "/x/g": a regex with a refused flag, not a substring
  try {
    new RegExp(m[1] ?? "", m[2]);
    return true;
  } catch {
    return false;
  }
}

const uaPatternSchema = z.string().check(
  z.minLength(1),
  z.refine(isValidPattern, "expected a substring or /regex/ with flags from i, m, s, u, that compiles"),
);

/** A version spec ("*", "8.0.47", "8.0.40-8.0.45") whose range, if any, is in order. */
const orderedVersionSpecSchema = z.string().check(
  z.refine(isValidVersionSpec, "expected *, a version like 8.0.47 or an ordered range like 8.0.40-8.0.45"),
);

/** Why the rule exists (JSON has no comments); it is also the `detail` of the decision. */
const note = z.string().check(z.minLength(1));
const nonEmpty = <T extends z.ZodMiniType>(item: T) => z.array(item).check(z.minLength(1));

const userAgentBlacklistEntrySchema = z.strictObject({ pattern: uaPatternSchema, note });

const browserVersionBlockSchema = z.strictObject({
  browser: namedEnum("browser", BROWSER_NAMES),
  versions: nonEmpty(orderedVersionSpecSchema),
  /** Only on this operating system; every OS when absent. */
  os: z.optional(namedEnum("OS", OS_NAMES)),
  note,
});

const inAppBlockSchema = z.strictObject({
  os: namedEnum("OS", OS_NAMES),
  osVersions: nonEmpty(orderedVersionSpecSchema),
  /** Only devices of these manufacturers; every manufacturer when absent. */
  manufacturers: z.optional(nonEmpty(namedEnum("manufacturer", MANUFACTURER_NAMES))),
  /** Only models matching one of these patterns; every model when absent. */
  models: z.optional(nonEmpty(uaPatternSchema)),
  note,
});

/** An app id, as flows/apps.json spells them. */
const appIdKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));

export const devicesFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  userAgentBlacklist: z.array(userAgentBlacklistEntrySchema),
  browserVersionBlocks: z.array(browserVersionBlockSchema),
  inAppBlocked: z.array(inAppBlockSchema),
  /**
   * Continuing on a phone (issue 32): whether a desktop offers it ("on": on the start page and
   * when its camera check fails; "noCamera": only when the check fails; "off": never), by
   * default and per app id; a launch's `phone_handoff` overrides both. How long a phone link
   * and its code live, how many handoffs a desktop session may ask for in that time, and how
   * many codes one address, and all addresses together, may try in that time.
   */
  phoneHandoff: z.strictObject({
    default: handoffPolicySchema,
    apps: z.record(appIdKey, handoffPolicySchema),
    ttlSec: z.int().check(z.gte(60), z.lte(3600)),
    offersPerSession: z.int().check(z.gte(1), z.lte(50)),
    codeTriesPerAddress: z.int().check(z.gte(1), z.lte(100)),
    codeTriesOverall: z.int().check(z.gte(1), z.lte(100_000)),
  }),
});
export type DevicesFile = z.infer<typeof devicesFileSchema>;
export type BrowserVersionBlock = z.infer<typeof browserVersionBlockSchema>;
export type InAppBlock = z.infer<typeof inAppBlockSchema>;

/** Every browser, OS and manufacturer name a devices file refers to, for the build-time cross-check. */
export function devicesFileNames(file: DevicesFile): { browsers: string[]; oses: string[]; manufacturers: string[] } {
  const unique = (names: (string | undefined)[]) => [...new Set(names.filter((n): n is string => n !== undefined))];
  return {
    browsers: unique(file.browserVersionBlocks.map((b) => b.browser)),
    oses: unique([...file.browserVersionBlocks.map((b) => b.os), ...file.inAppBlocked.map((b) => b.os)]),
    manufacturers: unique(file.inAppBlocked.flatMap((b) => b.manufacturers ?? [])),
  };
}
