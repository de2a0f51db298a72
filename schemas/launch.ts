/**
 * Launch parameters of spec §3: what a partner puts in the launch URL's query (or what was
 * stored from an earlier page of the same launch). Parsed with zod/mini because this runs
 * on the first screen and the full zod build would cost ~95 KB gzip.
 *
 * Every value arrives as a string from the URL. Where the spec fixes the values (live_type,
 * redirect_mode, theme, the action codes, popup_context's 70 characters), the field is an
 * enum or pattern, so a wrong value fails the parse and the flow shows the `errorSettings`
 * screen instead of silently picking a default. Where the spec only names a meaning
 * ("live_service equal to 2 means will", "auth_type 1 …"), any value is accepted and only the
 * named one has an effect. The length caps and character classes marked "ours" are not the
 * spec's: they protect the page (storage, cookies, rendered text) from oversized or odd input.
 */
import * as z from "zod/mini";
import { handoffPolicySchema } from "./handoffPolicy";
import { languageTagSchema } from "./languageTag";

/**
 * A value the spec gives a meaning to only for some inputs (e.g. live_service "2" means will):
 * anything else is accepted and has no effect. Ours: at most 32 characters.
 */
const open = z.string().check(z.maxLength(32));
/** A switch: "1" turns it on (spec §3, §4); the spec fixes no other value, so any other is off. */
const flag = open;

export const THEMES = ["", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"] as const;
export const ACTION_CODES = { shakeHead: "1", blink: "2", openMouth: "3", nod: "4" } as const;

/** Longest popup_context kept (spec §9). */
const POPUP_CONTEXT_MAX = 70;

export const launchParamsSchema = z.object({
  live_type: z.optional(z.enum(["1", "2", "3"])),
  grade_type: z.optional(open),
  /** Comma-separated action codes 1..4, e.g. "2,3" asks for blink then open mouth. */
  traditional_action: z.optional(z.string().check(z.regex(/^[1-4](,[1-4])*$/, "expected action codes 1-4 separated by commas"))),
  /** "2" means the will check is a nod. */
  will_type: z.optional(open),
  live_inter_type: z.optional(open),
  csrf_token: z.optional(z.string()),
  rtc_mode_switch: z.optional(flag),
  ws_mode_switch: z.optional(flag),
  user_id: z.optional(z.string()),
  wb_token: z.optional(z.string()),
  h5_face_id: z.optional(z.string()),
  lips: z.optional(z.string()),
  /** Messaging-app JS config signature (spec §7), not the launch signature (that is `sign`). */
  signature: z.optional(z.string()),
  nonce_str: z.optional(z.string()),
  time_stamp: z.optional(z.string()),
  /** Return address; the text "null" once the flow has finished (spec §4). */
  url: z.optional(z.string()),
  wb_app_id: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, "expected an app id"))),
  order_no: z.optional(z.string().check(z.maxLength(128))),
  result_type: z.optional(z.string()),
  /** 1 live, 2 face. */
  redirect_mode: z.optional(z.enum(["1", "2"])),
  /** "1" returns with location.replace (no back entry), anything else with location.assign. */
  redirect_type: z.optional(open),
  /** Spec §6: 1 (or 0 with auth_tick_switch 1) is simple auth, 2 with need_auth 1 enhanced; others neither. */
  auth_type: z.optional(open),
  auth_tick_switch: z.optional(flag),
  need_auth: z.optional(flag),
  theme: z.optional(z.enum(THEMES)),
  /** "2" selects will (consent) mode; any other value does not. */
  live_service: z.optional(open),
  turing_switch: z.optional(open),
  rtc_resolution: z.optional(z.string()),
  popup_context: z.optional(z.pipe(z.string(), z.transform((s) => s.slice(0, POPUP_CONTEXT_MAX)))),
  from: z.optional(z.string()),
  auth_protocol_version: z.optional(z.string()),
  /** Rendered as text on the agreement and start pages. Ours: at most 100 characters. */
  protocol_corp_name: z.optional(z.string().check(z.maxLength(100))),
  debug_msg: z.optional(z.string()),
  wb_dcn: z.optional(z.string()),
  priori_mode_switch: z.optional(flag),
  splash_page: z.optional(flag),
  web_log_report: z.optional(open),
  /** Highlighted text segments for the record-timeout modal, separated by "|". */
  high_light: z.optional(z.string()),
  /**
   * The page's language (issue 17), a tag of flows/languages.json; without it the browser's
   * languages choose. Covered by the launch signature like every parameter; the service
   * refuses an order whose `lang` is not listed, and the page (src/runtime/language.ts) a link
   * whose `lang` is not listed (errorSettings).
   */
  lang: z.optional(languageTagSchema),
  /**
   * Ours (issue 32): whether this launch's desktop offers to continue on a phone, "on",
   * "noCamera" (only when its camera check fails) or "off"; without it, flows/devices.json
   * `phoneHandoff` decides for the app.
   */
  phone_handoff: z.optional(handoffPolicySchema),
  /** Launch signature issued by the verification service; selects cookie-less mode (spec §3). */
  sign: z.optional(z.string()),
});

export type LaunchParams = z.infer<typeof launchParamsSchema>;
export type LaunchKey = keyof LaunchParams;
export const LAUNCH_KEYS = Object.keys(launchParamsSchema.shape) as LaunchKey[];

/**
 * Fields kept after the flow finishes (spec §3 "Session"); every other launch field is
 * cleared. `url` is kept but set to the text "null".
 */
export const PERSISTENT_LAUNCH_KEYS = [
  "url", "order_no", "wb_app_id", "h5_face_id", "signature", "nonce_str", "time_stamp", "user_id", "from", "theme",
] as const satisfies readonly LaunchKey[];
