/**
 * flows/apps.json: per-app-id policy of spec §3, §5 and §6.
 */
import * as z from "zod/mini";
import { conditionSchema } from "./condition";
import { environmentSchema } from "./environment";

const appId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));

/** "*" (every version), "8.0.47" (one version) or "8.0.40-8.0.45" (inclusive range). */
const versionSpecSchema = z.string().check(
  z.regex(/^(\*|\d+(\.\d+)*(-\d+(\.\d+)*)?)$/, "expected *, a version like 8.0.47 or a range like 8.0.40-8.0.45"),
);

export type { Environment } from "./environment";

export const appsFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  defaultAppId: appId,
  /** Environment the build reports when FACEFLOW_ENV is not set (spec §6: release). */
  defaultEnvironment: environmentSchema,
  /** Environments in which the debug console turns itself on (spec §2 root wrapper). */
  debugConsoleEnvironments: z.array(environmentSchema),
  /** App id whose users can open the debug console with 10 quick clicks. */
  debugConsoleClickAppId: appId,
  /** Two app ids keep cookies host-scoped and skip cookie write/removal handling (spec §3). */
  hostScopedCookieAppIds: z.array(appId),
  /**
   * Domain of the launch cookies of spec §3 (e.g. "partner.example"), so the partner's other
   * pages under it read them; null: host-only. A page on another host writes host-only cookies.
   */
  cookieDomain: z.nullable(z.string().check(z.regex(/^\.?([a-z0-9-]+\.)+[a-z]{2,}$/i, "expected a domain like partner.example"))),
  authOnlyView: z.strictObject({
    /** App ids allowed to show the auth-only view (spec §6). */
    allowList: z.array(appId),
    /** Added to the allow-list when the environment is not release. */
    extraOutsideRelease: z.array(appId),
  }),
  /** Auth levels as conditions over the launch parameters (spec §6). */
  authLevels: z.strictObject({ simple: conditionSchema, enhanced: conditionSchema }),
  /** Messaging-app versions whose in-app camera is downgraded, per app id ("*" key = every app). */
  wxCameraDowngrade: z.record(z.string(), z.array(versionSpecSchema)),
  /** App ids that may not switch between front and back camera. */
  unchangeableCameraAppIds: z.array(appId),
  /** Origins from which the messaging-app camera may be used (spec §4). */
  wxCameraAllowedOrigins: z.array(z.string()),
  /** Messaging-app OAuth (spec §7) used by guard step 7 when the top-level-domain switch is on. */
  wxOauth: z.strictObject({
    tldSwitch: z.boolean(),
    authorizeUrl: z.url({ protocol: /^https$/ }),
    /** The messaging-app official-account id the OAuth page asks for; required when tldSwitch is on. */
    appId: z.string(),
  }).check(z.refine((o) => !o.tldSwitch || o.appId.length > 0, "wxOauth.appId is required when tldSwitch is on")),
});
export type AppsFile = z.infer<typeof appsFileSchema>;
