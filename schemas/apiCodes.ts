/**
 * The API contract's plain values (re-exported by schemas/api.ts through apiErrors.ts): error
 * codes and the error screen of each, the session header, the demo's return routes. No zod
 * here, so a screen that only needs these does not build every schema of the contract when
 * it loads (issue 14: on a slow phone that was a noticeable part of the demo page's start).
 */
import type { ErrorStatus } from "./errors";

/** Every error code the service sends. Keys are for code, values go over the wire. */
export const API_ERROR_CODES = {
  badRequest: "BAD_REQUEST",
  notFound: "NOT_FOUND",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  rateLimited: "RATE_LIMITED",
  internal: "INTERNAL",
  appNotBuilt: "APP_NOT_BUILT",
  // partner API
  authMissing: "AUTH_MISSING",
  authAppUnknown: "AUTH_APP_UNKNOWN",
  authStale: "AUTH_STALE",
  authSignature: "AUTH_SIGNATURE",
  authReplay: "AUTH_REPLAY",
  returnUrlNotAllowed: "RETURN_URL_NOT_ALLOWED",
  orderNotFound: "ORDER_NOT_FOUND",
  // launch and session; a tampered or unknown launch is the spec's "link invalid" code
  launchInvalid: "400101",
  launchUsed: "LAUNCH_USED",
  launchExpired: "LAUNCH_EXPIRED",
  orderFinished: "ORDER_FINISHED",
  sessionInvalid: "SESSION_INVALID",
  /** A browser request the service's own pages did not make (the stream's upgrade from another site). */
  originNotAllowed: "ORIGIN_NOT_ALLOWED",
  wrongMode: "WRONG_MODE",
  digitsRequired: "DIGITS_REQUIRED",
  /** A light mode's upload or stream without the colour sequence drawn for it (GET /api/v1/light). */
  lightRequired: "LIGHT_REQUIRED",
  resultPending: "RESULT_PENDING",
  /** An attempt of the order is still being verified: wait for it before sending another. */
  verificationInProgress: "VERIFICATION_IN_PROGRESS",
  attemptNotFound: "ATTEMPT_NOT_FOUND",
  /** The frame stream was opened for an order whose launch did not enable streaming. */
  streamNotEnabled: "STREAM_NOT_ENABLED",
  /** A language tag (launch `lang`, a will question's language, the config's `lang`) not listed in flows/languages.json. */
  langUnknown: "LANG_UNKNOWN",
  /** The partner's reference photo is not a JPEG or PNG of the allowed size. */
  referencePhotoInvalid: "REFERENCE_PHOTO_INVALID",
  // upload
  uploadMissing: "UPLOAD_MISSING",
  uploadCorrupt: "UPLOAD_CORRUPT",
  messageIdMismatch: "MESSAGE_ID_MISMATCH",
  videoType: "VIDEO_TYPE",
  videoUnreadable: "VIDEO_UNREADABLE",
  videoTooSmall: "VIDEO_TOO_SMALL",
  videoTooLarge: "VIDEO_TOO_LARGE",
  videoTooShort: "VIDEO_TOO_SHORT",
  videoTooLong: "VIDEO_TOO_LONG",
  /** The upload's (or the stream start's) device-info string is not the format of spec §3. */
  deviceInfoInvalid: "DEVICE_INFO_INVALID",
  // evidence frames sent with an upload (schemas/apiGuidance.ts)
  framesTooMany: "FRAMES_TOO_MANY",
  frameTooLarge: "FRAME_TOO_LARGE",
  frameNotJpeg: "FRAME_NOT_JPEG",
  framesMismatch: "FRAMES_MISMATCH",
  // frame stream (schemas/apiStream.ts)
  streamIdleTimeout: "STREAM_IDLE_TIMEOUT",
  streamFrameTooSmall: "STREAM_FRAME_TOO_SMALL",
  /** Spec §7 uploadVideo path: the messaging app's cloud has no video of that server id (expired, or another account's). */
  wxMediaNotFound: "WX_MEDIA_NOT_FOUND",
  /** Spec §7 uploadVideo path: the service has no official-account credentials, or the media API did not answer. */
  wxMediaUnavailable: "WX_MEDIA_UNAVAILABLE",
  // the phone handoff (issue 32, schemas/handoff.ts)
  /** The launch or the app does not offer the phone, or a phone's session asked for a handoff of its own. */
  handoffNotAllowed: "HANDOFF_NOT_ALLOWED",
  /**
   * A typed code that opens nothing: unknown, used, expired, cancelled, or its order is over (a
   * guesser learns no more). A link is answered with a redirect to its error screen instead.
   */
  handoffExpired: "HANDOFF_EXPIRED",
  /** A phone's session asked for what only the computer gets: the return address, the signed result. */
  handoffPhone: "HANDOFF_PHONE",
} as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];

/**
 * The error screen (spec §8) the flow shows for each code; null for codes only a partner's
 * server can receive (src/api/screenForApiError.ts counts one that reaches a page anyway).
 * Exhaustive: a new code without a screen fails to compile.
 */
export const API_ERROR_SCREEN = {
  BAD_REQUEST: "exception",
  NOT_FOUND: "exception",
  PAYLOAD_TOO_LARGE: "sizeException",
  UNSUPPORTED_MEDIA_TYPE: "exception",
  RATE_LIMITED: "trtc_overFrequency",
  INTERNAL: "exception",
  APP_NOT_BUILT: "exception",
  AUTH_MISSING: null,
  AUTH_APP_UNKNOWN: null,
  AUTH_STALE: null,
  AUTH_SIGNATURE: null,
  AUTH_REPLAY: null,
  RETURN_URL_NOT_ALLOWED: null,
  ORDER_NOT_FOUND: null,
  "400101": "400101",
  LAUNCH_USED: "exitException",
  LAUNCH_EXPIRED: "exitException",
  ORDER_FINISHED: "exitException",
  SESSION_INVALID: "401Exception",
  // Only another site's page gets it, and the flow never runs there.
  ORIGIN_NOT_ALLOWED: "exception",
  WRONG_MODE: "errorSettings",
  DIGITS_REQUIRED: "lipsException",
  // The page fetches the light right before recording; without it (a reload mid-attempt) the
  // recording is abnormal and is simply made again.
  LIGHT_REQUIRED: "exception",
  RESULT_PENDING: "exception",
  // The page waits for the attempt it sent; another one arriving meanwhile is a client fault.
  VERIFICATION_IN_PROGRESS: "refreshException",
  ATTEMPT_NOT_FOUND: "exception",
  STREAM_NOT_ENABLED: "errorSettings",
  // Partners get it at order creation; a page gets it only by asking for a language it does not ship.
  LANG_UNKNOWN: "exception",
  REFERENCE_PHOTO_INVALID: null,
  UPLOAD_MISSING: "uploadVideoOtherException",
  UPLOAD_CORRUPT: "uploadVideoException",
  MESSAGE_ID_MISMATCH: "uploadVideoException",
  VIDEO_TYPE: "chooseVideoException",
  VIDEO_UNREADABLE: "exception",
  VIDEO_TOO_SMALL: "smallException",
  VIDEO_TOO_LARGE: "largeException",
  VIDEO_TOO_SHORT: "shortException",
  VIDEO_TOO_LONG: "longException",
  // The page wrote a string its own parser refuses: a fault of the page, not of the user's recording.
  DEVICE_INFO_INVALID: "exception",
  // A correct client never sends these: the upload failed for a reason the user cannot fix by recording again.
  FRAMES_TOO_MANY: "uploadVideoOtherException",
  FRAME_TOO_LARGE: "uploadVideoOtherException",
  FRAME_NOT_JPEG: "uploadVideoOtherException",
  FRAMES_MISMATCH: "uploadVideoOtherException",
  STREAM_IDLE_TIMEOUT: "trtc_opTimeout",
  STREAM_FRAME_TOO_SMALL: "websocket_webcamPicSmallException",
  WX_MEDIA_NOT_FOUND: "serverIdNotFundException",
  WX_MEDIA_UNAVAILABLE: "serverIdNotFundException",
  HANDOFF_NOT_ALLOWED: "errorSettings",
  HANDOFF_EXPIRED: "handoffExpired",
  // The phone's page never asks (it ends on its own screen); reaching it is a fault of the page.
  HANDOFF_PHONE: "exception",
} as const satisfies Record<ApiErrorCode, ErrorStatus | null>;

/**
 * The cookie the service sets beside a phone's session of a handoff (issue 32; value "1"): the
 * page reads it to end on "done, return to the computer" instead of handing a result back. It
 * decides nothing: the service refuses a phone's session the return address and the signed
 * result whatever the page believes. A login (the launch's own session) clears it.
 */
export const HANDOFF_PHONE_COOKIE = "faceflow_phone";

/** Header carrying the session token of a cookie-less login (never the URL: logs and Referer keep URLs). */
export const SESSION_HEADER = "x-faceflow-session";

/** The demo partner's pages a demo order returns to (the /entry routes of flows/routes.json). */
export const DEMO_RETURN_ROUTES = ["entry", "srcEntry", "liveEntry"] as const;
