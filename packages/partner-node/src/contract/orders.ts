/**
 * The partner API's requests and answers (`/partner/v1/...`): creating an order, a fresh launch
 * for it, reading it, and the error body. The service's own schemas are those of the same
 * names in schemas/api.ts and schemas/apiErrors.ts; this copy is kept identical to them by the
 * repository's tests (tests/partnerKit/contractCopy.test.ts), and docs/openapi.json there is
 * made from the service's.
 */
import * as z from "zod/mini";
import { uploadGuidanceSchema } from "./guidance.js";
import { languageTagSchema, partnerLaunchOptionsSchema, THEMES } from "./launchOptions.js";
import { returnPayloadSchema } from "./returnPayload.js";

const ORDER_STATES = ["created", "in_progress", "passed", "failed"] as const;
export const orderStateSchema = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof orderStateSchema>;

/** 1 read digits, 2 actions, 3 silent. */
export const liveTypeSchema = z.enum(["1", "2", "3"]);
export type LiveType = z.infer<typeof liveTypeSchema>;
/** 1 shake head, 2 blink, 3 open mouth, 4 nod. */
export const actionCodeSchema = z.enum(["1", "2", "3", "4"]);
export type ActionCode = z.infer<typeof actionCodeSchema>;
export const themeSchema = z.enum(THEMES);

const orderNo = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, "expected an order number"));
const isoTime = z.iso.datetime();
const check = z.object({ name: z.string(), passed: z.boolean(), detail: z.string() });
export type VerifyCheck = z.infer<typeof check>;

/** Body of every error answer. `code` is a string so a newer service cannot break an older kit. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Only on login refusals of a genuine launch: the order's registered return address. */
  returnUrl: z.optional(z.url({ protocol: /^https?$/ })),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A will question's text in one language: what the page shows and may speak. */
const willQuestionText = z.string().check(z.minLength(1), z.maxLength(200));

/**
 * The will question: one text for every language, or a text per language tag the service
 * lists, the default language's required. The page gets the one of its language, else the
 * default language's.
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
  /** On-device face guidance shown to the user while recording (default true); the service's checks are the same either way. */
  guidance: z.optional(z.boolean()),
  /**
   * A photo of the person expected (base64 JPEG or PNG, at most 2 MB decoded): the service
   * compares it with the faces of the recording and returns `similarity` (0-100) and `faceCode`.
   */
  referencePhoto: z.optional(z.string().check(z.maxLength(3_000_000), z.regex(/^[A-Za-z0-9+/]+={0,2}$/, "expected base64"))),
  /**
   * Number and will modes: true fails an attempt whose speech could not be recognised; false
   * (default) accepts speech that was heard but not recognised, and the check says so.
   */
  requireSpeechRecognition: z.optional(z.boolean()),
});
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;

/** `POST /partner/v1/orders/:orderNo/launches` body: a fresh launch URL for an unfinished order. */
export const relaunchRequestSchema = z.strictObject({
  expiresInSec: z.optional(z.int().check(z.gte(60), z.lte(86_400))),
});
export type RelaunchRequest = z.infer<typeof relaunchRequestSchema>;

/** Answer of order creation and of a re-launch. */
export const launchResponseSchema = z.object({
  orderNo,
  h5_face_id: z.string(),
  launchUrl: z.string(),
  expiresAt: isoTime,
});
export type LaunchResponse = z.infer<typeof launchResponseSchema>;

/** An attempt's status as the service keeps it; "pending" until it is judged or closed. */
export const attemptStatusSchema = z.enum(["pending", "passed", "failed", "rejected", "abandoned"]);

/** As the partner reads it: "verifying" while its recording is queued or being verified; "pending" then means no recording yet. */
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
