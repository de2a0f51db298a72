/**
 * Device data of spec §3 and §5: the parsed device, the fields of the device-info string,
 * and the cached camera-eligibility record (`uaDetect`). The last two come back from places
 * the user can edit (storage, a query value), so they are parsed, never trusted.
 */
import * as z from "zod/mini";
import { THEMES } from "./launch";
import { deviceModeSchema, downgradeReasonSchema, h5confCodeSchema } from "./session";

/** Device types of spec §3: mobile, tablet, desktop, plus the kinds the parser also knows. */
const DEVICE_TYPES = ["mobile", "tablet", "desktop", "television", "gaming", "ereader", "media", "emulator"] as const;
const deviceTypeSchema = z.enum(DEVICE_TYPES);
export type DeviceType = z.infer<typeof deviceTypeSchema>;

/** A name and version as the parser reports them; null when the user-agent does not say. */
const nameVersionSchema = z.strictObject({
  name: z.nullable(z.string()),
  version: z.nullable(z.string()),
});
export type NameVersion = z.infer<typeof nameVersionSchema>;

export const parsedDeviceSchema = z.strictObject({
  type: deviceTypeSchema,
  manufacturer: z.nullable(z.string()),
  model: z.nullable(z.string()),
  browser: nameVersionSchema,
  engine: nameVersionSchema,
  os: nameVersionSchema,
  /** The user-agent contradicts itself (browser, engine and OS versions that cannot go together). */
  camouflage: z.boolean(),
});
export type ParsedDevice = z.infer<typeof parsedDeviceSchema>;

/** Browser kind of the device-info string: messaging app, its mini-program, anything else. */
const BROWSER_KINDS = ["wechat", "wechatmp", "other"] as const;
const browserKindSchema = z.enum(BROWSER_KINDS);
export type BrowserKind = z.infer<typeof browserKindSchema>;

/** Every field of the device-info string (spec §3), in the order they are written. */
export const deviceInfoFieldsSchema = z.strictObject({
  deviceType: deviceTypeSchema,
  /** Operating system and its version, e.g. "Android 12", "iOS 17.4". */
  version: z.nullable(z.string()),
  model: z.nullable(z.string()),
  /** "WIFI", "4G", ... as the messaging app or the Network Information API reports it. */
  networkType: z.nullable(z.string()),
  /** Browser signature "name/version", e.g. "Chrome/120.0.0.0". */
  browser: z.nullable(z.string()),
  /** Browser engine "name/version", e.g. "Blink/120.0.0.0". */
  engine: z.nullable(z.string()),
  /** The two halves of `wv`: the theme ('' is the default theme) and the grayscale (canary) version. */
  theme: z.enum(THEMES),
  grayVersion: z.string(),
  browserKind: browserKindSchema,
  trtc: z.nullable(deviceModeSchema),
  h5conf: z.array(h5confCodeSchema),
  h5downgrade: z.array(downgradeReasonSchema),
});
export type DeviceInfoFields = z.infer<typeof deviceInfoFieldsSchema>;

/**
 * The device-info string as it travels (upload meta, the stream's start), bounded before it is
 * parsed (src/domain/deviceInfo.ts parseDeviceInfo): eleven short fields, URL-encoded.
 */
export const deviceInfoTextSchema = z.string().check(z.minLength(1), z.maxLength(1024));

/** Why camera input is allowed or not (spec §5 "Camera-input eligibility"). */
const ALLOWING_REASONS = ["iosAlwaysAllowed", "noRuleMatched"] as const;
const BLOCKING_REASONS = ["inAppDeviceBlocked", "userAgentBlacklisted", "browserVersionBlocked"] as const;
const eligibilityReasonSchema = z.enum([...ALLOWING_REASONS, ...BLOCKING_REASONS]);
export type EligibilityReason = z.infer<typeof eligibilityReasonSchema>;

/** Whether a reason allows camera input; used to reject a stored record whose two halves disagree. */
function reasonAllows(reason: EligibilityReason): boolean {
  return (ALLOWING_REASONS as readonly string[]).includes(reason);
}

/**
 * The cached decision, stored as JSON under `uaDetect`. It is only reused for the same
 * user-agent, launch origin (`from`) and rules; `rules` is a fingerprint of the
 * devices.json content the decision was made with, so a new deploy re-decides.
 */
export const uaDetectRecordSchema = z
  .strictObject({
    userAgent: z.string(),
    from: z.nullable(z.string()),
    rules: z.string().check(z.minLength(1)),
    allowed: z.boolean(),
    reason: eligibilityReasonSchema,
    /** The rule that decided (its note), null when none did. */
    detail: z.nullable(z.string()),
  })
  .check(z.refine((r) => r.allowed === reasonAllows(r.reason), "allowed disagrees with reason"));
export type UaDetectRecord = z.infer<typeof uaDetectRecordSchema>;
