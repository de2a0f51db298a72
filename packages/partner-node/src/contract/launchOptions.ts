/**
 * The launch parameters a partner may set on an order (`launch` of the order request): the
 * presentation options of spec §3, by their spec names. The service writes the others itself
 * (live_type, traditional_action, live_service, will_type, theme, url, wb_app_id, order_no,
 * h5_face_id, user_id, sign) and signs the lot. The service's own schema is
 * `partnerLaunchOptionsSchema` of schemas/api.ts (built from its launch parameters,
 * schemas/launch.ts); this copy is kept identical to it by the repository's tests.
 */
import * as z from "zod/mini";

/** A BCP 47 tag as the flow uses them: a language, then optionally a script or region. */
export const languageTagSchema = z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "expected a language tag such as zh-CN or en"));

/** The themes of spec §3 ("" the default). */
export const THEMES = ["", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"] as const;

/** A value the spec gives a meaning to only for some inputs: anything else is accepted and has no effect. At most 32 characters. */
const open = z.string().check(z.maxLength(32));
/** A switch: "1" turns it on; any other value is off. */
const flag = open;

/** Longest popup_context kept (spec §9). */
const POPUP_CONTEXT_MAX = 70;

export const partnerLaunchOptionsSchema = z.strictObject({
  grade_type: z.optional(open),
  live_inter_type: z.optional(open),
  csrf_token: z.optional(z.string()),
  rtc_mode_switch: z.optional(flag),
  ws_mode_switch: z.optional(flag),
  wb_token: z.optional(z.string()),
  lips: z.optional(z.string()),
  /** Messaging-app JS config signature (spec §7), not the launch signature. */
  signature: z.optional(z.string()),
  nonce_str: z.optional(z.string()),
  time_stamp: z.optional(z.string()),
  result_type: z.optional(z.string()),
  /** 1 live, 2 face. */
  redirect_mode: z.optional(z.enum(["1", "2"])),
  /** "1" returns with location.replace (no back entry), anything else with location.assign. */
  redirect_type: z.optional(open),
  /** Spec §6: 1 (or 0 with auth_tick_switch 1) is simple auth, 2 with need_auth 1 enhanced; others neither. */
  auth_type: z.optional(open),
  auth_tick_switch: z.optional(flag),
  need_auth: z.optional(flag),
  turing_switch: z.optional(open),
  rtc_resolution: z.optional(z.string()),
  popup_context: z.optional(z.pipe(z.string(), z.transform((s) => s.slice(0, POPUP_CONTEXT_MAX)))),
  from: z.optional(z.string()),
  auth_protocol_version: z.optional(z.string()),
  /** Rendered as text on the agreement and start pages; at most 100 characters. */
  protocol_corp_name: z.optional(z.string().check(z.maxLength(100))),
  debug_msg: z.optional(z.string()),
  wb_dcn: z.optional(z.string()),
  priori_mode_switch: z.optional(flag),
  splash_page: z.optional(flag),
  web_log_report: z.optional(open),
  /** Highlighted text segments for the record-timeout modal, separated by "|". */
  high_light: z.optional(z.string()),
  /** The page's language, a tag the service lists (zh-CN, zh-TW, en); without it the browser's languages choose. */
  lang: z.optional(languageTagSchema),
  /** Whether a desktop may continue on a phone: "on", "noCamera" (only when its camera check fails) or "off"; without it, the service's setting for the app. */
  phone_handoff: z.optional(z.enum(["on", "noCamera", "off"])),
});
export type PartnerLaunchOptions = z.infer<typeof partnerLaunchOptionsSchema>;
