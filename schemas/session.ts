/**
 * What faceflow keeps between pages of one launch (spec §3 "Session"): the session state,
 * the video result, the result values and the flags the navigation guard reads. Everything
 * here is read back from storage the user (or another script on the origin) can edit, so
 * each stored value is parsed by its schema; a value that fails is treated as absent and
 * reported, never trusted and never a crash.
 */
import * as z from "zod/mini";

/** Device mode codes (spec §3 "Codes"). */
export const DEVICE_MODES = { trtc: 1, websocket: 2, video: 3 } as const;

/** h5conf codes: a mode opened (positive) or closed (negative), and which mode goes first. */
export const H5CONF_CODES = {
  trtcOpen: 1, trtcClose: -1,
  websocketOpen: 2, websocketClose: -2,
  videoOpen: 3, videoClose: -3,
  willTrtcOpen: 4, willTrtcClose: -4,
  firstModeWs: 5, firstModeTrtc: -5,
} as const;

/** Why a mode was given up (spec §3 "Codes"; 7 is not assigned). */
export const DOWNGRADE_REASONS = {
  trtcSdkCheckNoSupport: 1,
  trtcFrontError: 2,
  wxTrtcFrontCoreDegrade: 3,
  h5TrtcFrontCoreDegrade: 4,
  websocketCheckNoSupport: 5,
  websocketFrontError: 6,
  websocketBlacklist: 8,
  webcamNoPermissionQuickly: 9,
  webcamNoPermissionNormally: 10,
  webcamNoPermissionTimeout: 11,
  webcamOtherError: 12,
} as const;

export const deviceModeSchema = z.enum(DEVICE_MODES);
export const h5confCodeSchema = z.enum(H5CONF_CODES);
export const downgradeReasonSchema = z.enum(DOWNGRADE_REASONS);
export type DeviceMode = z.infer<typeof deviceModeSchema>;
export type H5confCode = z.infer<typeof h5confCodeSchema>;
export type DowngradeReason = z.infer<typeof downgradeReasonSchema>;

const count = z.int().check(z.nonnegative());

/** The part of the device-info string (spec §3) that the capture flow decides at run time. */
const deviceInfoSchema = z.object({
  /** Mode in use; null until one has been chosen. */
  trtc: z.nullable(deviceModeSchema),
  /** Every h5conf code recorded so far, in order. */
  h5conf: z.array(h5confCodeSchema),
  /** Every downgrade reason recorded so far, in order (a launch can downgrade twice). */
  h5downgrade: z.array(downgradeReasonSchema),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

/** Session state of spec §3: which modes still count as supported, and why not. */
const sessionStateSchema = z.object({
  /** A mode counts as supported until a check or the front-error threshold says otherwise (spec §4). */
  supportTrtc: z.boolean(),
  supportWs: z.boolean(),
  trtcFrontErrorTimes: count,
  wsFrontErrorTimes: count,
  /** Real-time video profile (e.g. "480p"); "" until chosen. */
  videoProfile: z.string(),
  deviceInfo: deviceInfoSchema,
  /**
   * The messaging app refused its JS config in this session (spec §8: a statistic only), so
   * mode choice skips its camera. Not in spec §3's list; absent in states stored before it.
   */
  wxCameraUnusable: z.optional(z.boolean()),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

/** The state of a launch that has not recorded anything yet. */
export const INITIAL_SESSION_STATE: SessionState = {
  supportTrtc: true,
  supportWs: true,
  trtcFrontErrorTimes: 0,
  wsFrontErrorTimes: 0,
  videoProfile: "",
  deviceInfo: { trtc: null, h5conf: [], h5downgrade: [] },
};

const position = z.int().check(z.positive());

/** A scrambled recording ready to upload (spec §4 "Video scrambling"). */
export const videoResultSchema = z.object({
  messageId: z.string().check(z.minLength(1)),
  sessionId: z.string(),
  /** Base64 of the (scrambled) video. */
  videoFile: z.string().check(z.minLength(1)),
  /** The two cut positions; the second always lies after the first, or the server cannot undo the cut. */
  posArr: z.tuple([position, position]).check(
    z.refine(([first, second]) => second > first, "second cut position must be after the first"),
  ),
});

/** Result values handed back to the partner (spec §3); will fields only exist in will mode. */
const resultValuesSchema = z.object({
  code: z.string(),
  sign: z.optional(z.string()),
  newSign: z.optional(z.string()),
  liveRate: z.optional(z.string()),
  willCode: z.optional(z.string()),
  faceCode: z.optional(z.string()),
  similarity: z.optional(z.string()),
  /** The service's checks, comma-separated; covered by newSignature, so it goes back as received. */
  checks: z.optional(z.string()),
});
export type ResultValues = z.infer<typeof resultValuesSchema>;

/** Result values of a will-mode check, where the will fields are required. */
export const willResultValuesSchema = z.extend(resultValuesSchema, {
  willCode: z.string(),
  faceCode: z.string(),
  similarity: z.string(),
});

/**
 * An attempt the service accepted and is still verifying: a reload of the page then waits
 * for this attempt's verdict instead of recording again. Removed once it is judged.
 */
const pendingAttemptSchema = z.object({
  /** The attempt's sequence number in the order (schemas/api.ts attemptStateSchema). */
  attempt: z.int().check(z.gte(1)),
});
export type PendingAttempt = z.infer<typeof pendingAttemptSchema>;

/**
 * Every non-launch value faceflow stores, by storage key. Launch fields are stored under
 * their own (snake_case) names and parsed by `launchParamsSchema`; these names are camelCase
 * so the two can never collide.
 */
export const storedValueSchemas = {
  /** Set once retrying can no longer help; the guard then shows exitException (spec §2). */
  noRetry: z.boolean(),
  /** The launch signature the user logged in with (spec §3 `sign` rule). */
  loginSign: z.string().check(z.minLength(1)),
  /**
   * The stored `url` came from an unsigned launch's query (spec §3, §4), not from the service's
   * login answer: the finisher asks the service to vouch for it before leaving for it.
   */
  urlUnsigned: z.literal(true),
  /** Messaging-app auth code (spec §2 root redirect step 6). */
  wxAuthCode: z.string().check(z.minLength(1)),
  sessionState: sessionStateSchema,
  videoResult: videoResultSchema,
  resultValues: resultValuesSchema,
  pendingAttempt: pendingAttemptSchema,
} as const;
export type StoredKey = keyof typeof storedValueSchemas;
