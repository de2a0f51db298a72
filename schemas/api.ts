/**
 * The contract of the verification service (src/server/), shared by the service and the
 * browser client (src/api/). Written with zod/mini because the browser imports it.
 *
 * Three audiences:
 * - partner API (server to server, HMAC-signed requests): create an order, read an order;
 * - front-end API (cookie session): login with the launch parameters, config, digits,
 *   upload, result; plus the frame-streaming WebSocket (schemas/apiStream.ts);
 * - the return payload handed back to the partner in the redirect (spec §3).
 *
 * Every error is `{ code, message }` with an HTTP status (schemas/apiErrors.ts lists the codes
 * and the error screen of spec §8 the flow shows for each).
 */
import * as z from "zod/mini";
import { analyticsTokenSchema } from "./analyticsToken";
import { uploadGuidanceSchema } from "./apiGuidance";
import { DEMO_RETURN_ROUTES } from "./apiCodes";
import { deviceInfoTextSchema } from "./device";
import { languageTagSchema } from "./languageTag";
import { lightShownSchema } from "./lightChallenge";
import { launchParamsSchema, THEMES } from "./launch";

export * from "./apiErrors";
export * from "./apiGuidance";
export * from "./apiStream";

// ---------------------------------------------------------------------------------------
// Shared values

const ORDER_STATES = ["created", "in_progress", "passed", "failed"] as const;
export const orderStateSchema = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof orderStateSchema>;

export const liveTypeSchema = z.enum(["1", "2", "3"]);
export type LiveType = z.infer<typeof liveTypeSchema>;
export const actionCodeSchema = z.enum(["1", "2", "3", "4"]);
export type ActionCode = z.infer<typeof actionCodeSchema>;
export const themeSchema = z.enum(THEMES);

const orderNo = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, "expected an order number"));
const isoTime = z.iso.datetime();
const check = z.object({ name: z.string(), passed: z.boolean(), detail: z.string() });
export type VerifyCheck = z.infer<typeof check>;

// ---------------------------------------------------------------------------------------
// Return payload (spec §3): what the partner receives as query parameters of its return URL.

/**
 * Every value is text because it travels as a query parameter. Empty values are never sent.
 * - `signature`: hex HMAC-SHA256 with the app secret over the live-check core:
 *   "faceflow-return-core-v1\n" + appId + "\n" + canonical(orderNo, h5faceId, code, liveRate).
 * - `newSignature`: the same over every other field present:
 *   "faceflow-return-v1\n" + appId + "\n" + canonical(all fields except the two signatures).
 * canonical = keys sorted by code unit, `encodeURIComponent(key)=encodeURIComponent(value)`
 * joined by "&", empty values left out (packages/partner-node/src/canonical.ts).
 */
export const returnPayloadSchema = z.object({
  orderNo: z.string().check(z.minLength(1)),
  code: z.string().check(z.minLength(1)),
  signature: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  newSignature: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  liveRate: z.optional(z.string()),
  h5faceId: z.optional(z.string()),
  willCode: z.optional(z.string()),
  faceCode: z.optional(z.string()),
  similarity: z.optional(z.string()),
  /**
   * The checks the service ran on the media it received, comma-separated in the order they
   * ran, e.g. "media,duration,face,identity,liveness,steady" (an extension of spec §3: partners
   * that ignore it lose nothing; it is covered by newSignature).
   */
  checks: z.optional(z.string()),
});
export type ReturnPayload = z.infer<typeof returnPayloadSchema>;
export const RETURN_PAYLOAD_KEYS = Object.keys(returnPayloadSchema.shape) as (keyof ReturnPayload)[];

// ---------------------------------------------------------------------------------------
// Partner API

/**
 * Launch parameters the partner may set directly ("presentation options"); the service owns
 * the others (it writes them from the order and signs the lot).
 */
export const partnerLaunchOptionsSchema = z.strictObject(
  z.omit(launchParamsSchema, {
    sign: true, order_no: true, wb_app_id: true, h5_face_id: true, url: true, user_id: true,
    live_type: true, traditional_action: true, live_service: true, will_type: true, theme: true,
  }).shape,
);
export type PartnerLaunchOptions = z.infer<typeof partnerLaunchOptionsSchema>;

/** A will question's text in one language: what the page shows and may speak. */
const willQuestionText = z.string().check(z.minLength(1), z.maxLength(200));

/**
 * The will question: one text for every language (as before languages existed), or a text per
 * language tag of flows/languages.json, the default language's required (the service checks
 * the tags at order creation: 400 LANG_UNKNOWN). The page gets the one of its language, else
 * the default language's.
 */
export const willQuestionSchema = z.union([
  willQuestionText,
  z.record(languageTagSchema, willQuestionText).check(z.refine((map) => Object.keys(map).length > 0, "expected at least one language")),
]);
export type WillQuestion = z.infer<typeof willQuestionSchema>;

/** `POST /partner/v1/orders` body. */
export const createOrderRequestSchema = z.strictObject({
  userId: z.string().check(z.regex(/^[\w.@:-]{1,64}$/, "expected 1-64 letters, digits or _ . @ : -")),
  /** 1 read digits, 2 actions, 3 silent. */
  liveType: liveTypeSchema,
  /** Actions to perform in order (liveType 2): 1 shake head, 2 blink, 3 open mouth, 4 nod. */
  actions: z.optional(z.array(actionCodeSchema).check(z.minLength(1), z.maxLength(4))),
  /** Will (consent) mode: the question the user answers on camera; nod asks for a nod (will_type 2). */
  will: z.optional(z.strictObject({
    question: willQuestionSchema,
    nod: z.optional(z.boolean()),
  })),
  theme: z.optional(themeSchema),
  /** Where the flow returns; its origin must be allowed for the app. */
  returnUrl: z.url({ protocol: /^https?$/ }).check(z.maxLength(2000)),
  launch: z.optional(partnerLaunchOptionsSchema),
  /** Lifetime of the launch URL, 60 s to 1 day (default 30 min). */
  expiresInSec: z.optional(z.int().check(z.gte(60), z.lte(86_400))),
  /** Recordings the user may submit before the order fails (default 3). */
  maxAttempts: z.optional(z.int().check(z.gte(1), z.lte(10))),
  /**
   * On-device face guidance shown to the user while recording (default true). It changes only
   * what the page shows: the service's checks on the media it receives are the same either way.
   */
  guidance: z.optional(z.boolean()),
  /**
   * A photo of the person expected (base64 JPEG or PNG, at most verification.reference.maxBytes
   * decoded): the service compares it with the faces of the recording and returns
   * `similarity` (0-100) and `faceCode`.
   */
  referencePhoto: z.optional(z.string().check(z.maxLength(3_000_000), z.regex(/^[A-Za-z0-9+/]+={0,2}$/, "expected base64"))),
  /**
   * Number and will modes: true fails an attempt whose speech could not be recognised (no
   * recogniser configured on the service, or nothing recognised); false (default) accepts
   * speech that was heard but not recognised, and the check says so.
   */
  requireSpeechRecognition: z.optional(z.boolean()),
});
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;

/** `POST /partner/v1/orders/:orderNo/launches` body: a fresh launch URL for an unfinished order. */
export const relaunchRequestSchema = z.strictObject({
  expiresInSec: z.optional(z.int().check(z.gte(60), z.lte(86_400))),
});
export type RelaunchRequest = z.infer<typeof relaunchRequestSchema>;

/** Response of order creation and of a re-launch. */
export const launchResponseSchema = z.object({
  orderNo,
  h5_face_id: z.string(),
  launchUrl: z.string(),
  expiresAt: isoTime,
});
export type LaunchResponse = z.infer<typeof launchResponseSchema>;

/** An attempt's status as the store keeps it; "pending" until it is judged or closed. */
export const attemptStatusSchema = z.enum(["pending", "passed", "failed", "rejected", "abandoned"]);
export type AttemptStatus = z.infer<typeof attemptStatusSchema>;

/**
 * An attempt's status as its partner reads it: the stored one, except that a pending attempt
 * whose recording is queued or being verified (also after a restart, which resumes the job) is
 * "verifying". "pending" then only means no recording yet: the digits were handed out, or
 * frames are still streaming.
 */
const attemptViewStatusSchema = z.enum([...attemptStatusSchema.options, "verifying"]);
export type AttemptViewStatus = z.infer<typeof attemptViewStatusSchema>;

const attemptViewSchema = z.object({
  seq: z.int(),
  channel: z.enum(["upload", "stream"]),
  status: attemptViewStatusSchema,
  /** Verifier code, or the API error code when the service rejected the recording. */
  code: z.nullable(z.string()),
  liveRate: z.nullable(z.number()),
  /** "0" when the face checks passed, else the failing face check's code; null when they did not run. */
  faceCode: z.nullable(z.string()),
  digits: z.nullable(z.string()),
  verifier: z.nullable(z.string()),
  checks: z.array(check),
  recording: z.nullable(z.object({
    container: z.string(), mimeType: z.string(), bytes: z.int(), durationMs: z.nullable(z.int()),
  })),
  /** The device's face guidance report sent with the recording; null when none was sent. */
  guidance: z.nullable(uploadGuidanceSchema),
  /** The page's device-info string (spec §3) sent with the recording; null when none was sent. */
  deviceInfo: z.nullable(z.string()),
  createdAt: isoTime,
  finishedAt: z.nullable(isoTime),
});
export type AttemptView = z.infer<typeof attemptViewSchema>;

/** `GET /partner/v1/orders/:orderNo`. */
export const orderViewSchema = z.object({
  orderNo,
  h5_face_id: z.string(),
  appId: z.string(),
  userId: z.string(),
  liveType: liveTypeSchema,
  state: orderStateSchema,
  createdAt: isoTime,
  finishedAt: z.nullable(isoTime),
  maxAttempts: z.int(),
  /** Face guidance and face checks on (the order's `guidance` option). */
  guidance: z.boolean(),
  /** The signed payload the user was (or will be) returned with; null until finished. */
  result: z.nullable(returnPayloadSchema),
  attempts: z.array(attemptViewSchema),
});
export type OrderView = z.infer<typeof orderViewSchema>;

// ---------------------------------------------------------------------------------------
// Front-end API

/**
 * `POST /api/v1/login`: the launch query parameters exactly as received, `sign` included, and
 * `cookieless` (not a launch parameter: the page sets it) when the page found it cannot keep
 * cookies and asks for the session token in the answer.
 */
export const loginRequestSchema = z.extend(launchParamsSchema, {
  sign: z.string().check(z.minLength(1), z.maxLength(300)),
  cookieless: z.optional(z.boolean()),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** Server-side limits of spec §5 for this order (flows/capture.json), so the client checks the same numbers. */
const uploadLimitsSchema = z.object({
  /** max null: no upper bound. */
  durationMs: z.object({ min: z.int(), max: z.nullable(z.int()) }),
  /** Allowed beyond both ends of the duration window. */
  toleranceMs: z.int(),
  minBytes: z.object({ ios: z.int(), android: z.int(), other: z.int() }),
  maxBytes: z.int(),
  mimeTypes: z.array(z.string()),
});
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;

/**
 * The ticket for the order's real-time video room (trtc-sdk-v5 `enterRoom`), issued by the
 * service because only it holds the TRTC secret key (src/server/trtc/).
 */
const trtcRoomConfigSchema = z.object({
  sdkAppId: z.int().check(z.gte(1)),
  userId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/)),
  /** Tencent UserSig (TLSSigAPIv2) for userId, valid until expiresAt. */
  userSig: z.string().check(z.minLength(1)),
  /** String room id (`strRoomId`): one room per order. */
  roomId: z.string().check(z.minLength(1), z.maxLength(64)),
  expiresAt: isoTime,
});
export type TrtcRoomConfig = z.infer<typeof trtcRoomConfigSchema>;

/**
 * `GET /api/v1/config?lang=<tag>`: the page's chosen language, a tag of flows/languages.json
 * (another: 400 LANG_UNKNOWN), for the texts the service answers with (the will question).
 * Absent: the launch's `lang`, else the default language.
 */
export const orderConfigQuerySchema = z.object({ lang: z.optional(languageTagSchema) });

/** `GET /api/v1/config` (and part of the login response). */
export const orderConfigSchema = z.object({
  orderNo,
  appId: z.string(),
  h5faceId: z.string(),
  state: orderStateSchema,
  liveType: liveTypeSchema,
  actions: z.array(actionCodeSchema),
  will: z.nullable(z.object({ question: z.string(), willType: z.string() })),
  modes: z.object({ rtc: z.boolean(), ws: z.boolean(), prioriMode: z.boolean() }),
  /**
   * Real-time video room ticket when the launch enables it (modes.rtc) and the service has
   * TRTC credentials; absent or null: real-time video is unavailable on this service.
   */
  trtc: z.optional(z.nullable(trtcRoomConfigSchema)),
  theme: themeSchema,
  splashPage: z.boolean(),
  protocolCorpName: z.string(),
  popupContext: z.nullable(z.string()),
  limits: uploadLimitsSchema,
  /** Action pre-pictures of spec §4: messaging-app browser and plain h5 counts (0 for number mode). */
  prePictures: z.object({ wx: z.int(), h5: z.int() }),
  attempts: z.object({ max: z.int(), used: z.int(), left: z.int() }),
  /** Run on-device face guidance and send evidence frames with the recording (the order's option). */
  guidance: z.boolean(),
  /**
   * The light challenge: `required` when the order's mode shows light (GET /api/v1/light before
   * each recording, after the digits in number mode); `alternative` the live type a
   * photosensitive user takes instead (number mode without the light, GET
   * /api/v1/digits?route=lightAlternative, a number-mode order's too), null when the definitions
   * name none.
   * Absent (an older service): no light.
   */
  light: z.optional(z.object({ required: z.boolean(), alternative: z.nullable(z.literal("1")) })),
});
export type OrderConfig = z.infer<typeof orderConfigSchema>;

export const loginResponseSchema = z.object({
  orderNo,
  sessionExpiresAt: isoTime,
  /**
   * The new session's token, only when the login asked for it (`cookieless`: in-app browsers
   * that drop cookies, cookie-less mode of spec §3): sent back as the SESSION_HEADER header,
   * and in the stream's `start` message. Absent when a reload re-used the session.
   */
  sessionToken: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
  /**
   * The order's return address as the partner registered it. The browser keeps this one, not
   * the launch URL's `url`, so quitting or finishing never follows an address nobody signed.
   */
  returnUrl: z.url({ protocol: /^https?$/ }),
  config: orderConfigSchema,
  /**
   * The page's credential for analytics reports only (schemas/analyticsToken.ts): short-lived,
   * bound to this session's order and app. The service always sends it; a page without one
   * keeps its analytics events buffered rather than sending them unauthenticated.
   */
  analyticsToken: z.optional(analyticsTokenSchema),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * `POST /api/v1/return-url`: the return address an unsigned launch carried (spec §3 `url`), for
 * the service to vouch for before the page leaves for it (src/finish/finisher.ts).
 */
export const returnUrlCheckRequestSchema = z.strictObject({ url: z.string().check(z.minLength(1), z.maxLength(2000)) });
/** The address, vouched for: the logged-in order's partner app allows its origin. Refused: 400 RETURN_URL_NOT_ALLOWED. */
export const returnUrlCheckResponseSchema = z.object({ returnUrl: z.url({ protocol: /^https?$/ }) });
export type ReturnUrlCheckResponse = z.infer<typeof returnUrlCheckResponseSchema>;

/** `GET /api/v1/digits` (number mode): the digits to read aloud, remembered on a new attempt. */
export const digitsResponseSchema = z.object({ digits: z.string().check(z.regex(/^\d{4}$/)) });
export type DigitsResponse = z.infer<typeof digitsResponseSchema>;

/**
 * `GET /api/v1/digits?route=lightAlternative`: a light mode's order taken in number mode
 * without the light instead, for a user who must not see flashing light (reduced motion, or
 * their own choice); number mode's own order too, since it shows the light.
 */
export const digitsQuerySchema = z.object({ route: z.optional(z.literal("lightAlternative")) });
export type DigitsRoute = NonNullable<z.infer<typeof digitsQuerySchema>["route"]>;

/** The two cut positions of spec §4: first 1..300, second first+1..400. */
const posArrSchema = z.tuple([z.int(), z.int()]).check(
  z.refine(([a, b]) => a >= 1 && a <= 300 && b > a && b <= 400, "posArr must be [p1, p2] with 1 <= p1 <= 300 and p1 < p2 <= 400"),
);

/** One prompt the page showed while recording: an action to do, the digits to read or the question to answer. */
export const capturePromptSchema = z.strictObject({
  what: z.enum(["action", "digits", "question"]),
  /** The action asked (what = "action"). */
  action: z.optional(actionCodeSchema),
  atMs: z.number().check(z.gte(0), z.lte(600_000)),
});
export type CapturePrompt = z.infer<typeof capturePromptSchema>;

/**
 * The `meta` field of the multipart `POST /api/v1/upload`; the `video` field holds the
 * scrambled base64, and each `frame` part (image/jpeg, at most face.evidence.maxFrames of
 * them, each at most face.evidence.maxFrameBytes) one evidence frame, in the order of
 * `guidance.evidenceAtMs`.
 */
export const uploadMetaSchema = z.strictObject({
  posArr: posArrSchema,
  /** SHA-256 hex of the last 1000 characters of the unscrambled base64 (spec §4). */
  messageId: z.string().check(z.regex(/^[0-9a-f]{64}$/, "expected 64 lowercase hex digits")),
  /** Duration the recorder measured, used when the container does not declare one (WebM). */
  durationMs: z.int().check(z.gte(0), z.lte(600_000)),
  mimeType: z.string().check(z.maxLength(100)),
  /** Bytes of the decoded recording. */
  size: z.int().check(z.gte(1)),
  /** The device's face guidance report; absent from clients without guidance. Kept for staff, never judged. */
  guidance: z.optional(uploadGuidanceSchema),
  /**
   * When the page showed each prompt, on the recording's clock: the only thing the service
   * takes from the client, and it checks it against what it sees (an action must come after
   * its prompt; speech is looked for after the digits or the question were shown).
   */
  prompts: z.optional(z.array(capturePromptSchema).check(z.maxLength(8))),
  /** Light modes: when each colour of the attempt's sequence went up, on the recording's clock (schemas/lightChallenge.ts). */
  light: z.optional(lightShownSchema),
  // --- device info (spec §3) ---
  /**
   * The page's device-info string (src/domain/deviceInfo.ts: device, browser, theme, modes and
   * downgrade codes). The service parses it (400 DEVICE_INFO_INVALID when malformed) and keeps it
   * with the attempt for staff; nothing in it is judged.
   */
  deviceInfo: z.optional(deviceInfoTextSchema),
  // --- end device info ---
});
export type UploadMeta = z.infer<typeof uploadMetaSchema>;

// --- Spec §7 messaging-app uploadVideo path (issue 16 row 7) ---
/**
 * `POST /api/v1/upload/wx`: a video the page could not read, which the messaging app uploaded
 * to its own cloud (uploadVideo → serverId). The service fetches it through the official
 * account's media API and verifies it as any upload.
 */
export const wxUploadRequestSchema = z.strictObject({
  /** uploadVideo's serverId (the media API's media_id). */
  serverId: z.string().check(z.minLength(1), z.maxLength(256), z.regex(/^[A-Za-z0-9_-]+$/, "expected the app's media id")),
  /** What the page showed, before the app's camera opened (as meta.prompts). */
  prompts: z.optional(z.array(capturePromptSchema).check(z.maxLength(8))),
  /** The page's device-info string of spec §3, as meta.deviceInfo. */
  deviceInfo: z.optional(deviceInfoTextSchema),
});
export type WxUploadRequest = z.infer<typeof wxUploadRequestSchema>;
// --- end of row 7 ---

/** Outcome of one recording (upload response, and the stream's result message). */
const attemptOutcomeSchema = z.object({
  passed: z.boolean(),
  code: z.string(),
  /** True when the order is over (passed, or no attempts left): fetch the result and return. */
  finished: z.boolean(),
  attemptsLeft: z.int(),
  checks: z.array(check),
});
export type AttemptOutcome = z.infer<typeof attemptOutcomeSchema>;

/** What the service is doing with an accepted attempt, for the page's 核验中 progress. */
export const VERIFY_STEPS = ["queued", "decoding", "analysing", "listening", "deciding"] as const;
const verifyStepSchema = z.enum(VERIFY_STEPS);
export type VerifyStep = z.infer<typeof verifyStepSchema>;

/**
 * Where an accepted attempt stands (the upload's answer, and `GET /api/v1/attempts/:attempt`):
 * being verified by the service, or judged. `attempt` is the attempt's sequence number in
 * the order.
 */
export const attemptStateSchema = z.discriminatedUnion("state", [
  z.object({
    state: z.literal("verifying"),
    attempt: z.int().check(z.gte(1)),
    step: verifyStepSchema,
    /**
     * 0..1 of the whole job's work done, each step weighted by its measured cost and the face
     * analysis moving frame by frame (src/server/verify/verifyProgress.ts): the page shows it as
     * it is, knowing nothing of the steps' costs. 0 while queued.
     */
    progress: z.number().check(z.gte(0), z.lte(1)),
  }),
  z.object({ state: z.literal("judged"), attempt: z.int().check(z.gte(1)), outcome: attemptOutcomeSchema }),
]);
export type AttemptState = z.infer<typeof attemptStateSchema>;

/**
 * `GET /api/v1/attempts/:attempt?waitMs=N&step=S&progress=P` (long poll): answers at once when
 * judged, or when the job is already past what the page shows (`step` and `progress`, its last
 * answer: another step, or 0.05 more, PROGRESS_WAKE), else when the step changes, the progress
 * grows by 0.05, the attempt is judged, or waitMs (at most verification.jobs.maxWaitMs) passed.
 */
export const attemptStateQuerySchema = z.object({
  waitMs: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(60_000))),
  /** Where the page's last answer left the attempt; without it the poll waits for the next change. */
  step: z.optional(verifyStepSchema),
  progress: z.optional(z.coerce.number().check(z.gte(0), z.lte(1))),
});

/** `GET /api/v1/result`: the signed payload and where to send it. */
export const resultResponseSchema = z.object({
  orderNo,
  state: z.enum(["passed", "failed"]),
  returnUrl: z.string(),
  /** "1" replaces the history entry (location.replace), anything else assigns. */
  redirectType: z.nullable(z.string()),
  payload: returnPayloadSchema,
});
export type ResultResponse = z.infer<typeof resultResponseSchema>;

// ---------------------------------------------------------------------------------------
// Demo partner (the /entry pages): the service plays the partner's backend for app TIDA0001.
// Its return routes are DEMO_RETURN_ROUTES (schemas/apiCodes.ts).

/** `POST /demo/v1/orders`: like createOrder without user id and return URL. */
export const demoOrderRequestSchema = z.strictObject({
  liveType: liveTypeSchema,
  actions: z.optional(z.array(actionCodeSchema).check(z.minLength(1), z.maxLength(4))),
  will: z.optional(z.strictObject({ question: willQuestionSchema, nod: z.optional(z.boolean()) })),
  theme: z.optional(themeSchema),
  launch: z.optional(partnerLaunchOptionsSchema),
  /** The page's language (the launch's `lang`); absent: the browser's languages choose. */
  lang: z.optional(languageTagSchema),
  guidance: z.optional(z.boolean()),
  /** Demo page the flow returns to (spec §2 demo check). */
  returnRoute: z.optional(z.enum(DEMO_RETURN_ROUTES)),
});
export type DemoOrderRequest = z.input<typeof demoOrderRequestSchema>;

/** `POST /demo/v1/verify`: the query string the demo page was returned with. */
export const demoVerifyRequestSchema = z.strictObject({ query: z.string().check(z.maxLength(4000)) });
export const demoVerifyResponseSchema = z.object({
  valid: z.boolean(),
  payload: z.nullable(returnPayloadSchema),
  order: z.nullable(z.object({ state: orderStateSchema, attempts: z.int() })),
});
export type DemoVerifyResponse = z.infer<typeof demoVerifyResponseSchema>;
