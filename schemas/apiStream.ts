/**
 * Messages of the frame-streaming WebSocket `/api/v1/stream` (the `/action/ws/record` mode).
 * Text frames carry JSON matching these schemas; a binary frame is only accepted right after
 * a `frame` message announcing it with `binaryBytes`, so every byte on the socket is claimed
 * by a parsed message. Re-exported by schemas/api.ts.
 */
import * as z from "zod/mini";
import { deviceInfoTextSchema } from "./device";
import { lightShownSchema } from "./lightChallenge";

const seq = z.int().check(z.gte(0), z.lte(100_000));
const orderNo = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, "expected an order number"));

/** Client → service. */
export const streamClientMessageSchema = z.union([
  /**
   * Opens the session for the order the session cookie belongs to (orderNo must match it). A
   * cookie-less page (schemas/api.ts loginResponseSchema.sessionToken) sends its session token
   * here, since a browser's WebSocket carries no custom header and a URL is no place for it.
   */
  z.strictObject({
    type: z.literal("start"),
    orderNo,
    sessionToken: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
    /** The page's device-info string (spec §3), kept with the stream's attempt like an upload's. */
    deviceInfo: z.optional(deviceInfoTextSchema),
  }),
  /** One JPEG frame inline as base64. */
  z.strictObject({
    type: z.literal("frame"),
    seq,
    capturedAtMs: z.optional(z.int().check(z.gte(0))),
    jpeg: z.string().check(z.maxLength(700_000)),
  }),
  /** One JPEG frame sent as the next binary WebSocket message, of exactly binaryBytes bytes. */
  z.strictObject({
    type: z.literal("frame"),
    seq,
    capturedAtMs: z.optional(z.int().check(z.gte(0))),
    binaryBytes: z.int().check(z.gte(1), z.lte(512_000)),
  }),
  /** No more frames: "done" hands the attempt to verification, "cancel" abandons it. */
  z.strictObject({
    type: z.literal("end"),
    reason: z.optional(z.enum(["done", "cancel"])),
    /** Light modes: when each colour went up, in ms from the first frame sent (schemas/lightChallenge.ts). */
    light: z.optional(lightShownSchema),
  }),
]);
export type StreamClientMessage = z.infer<typeof streamClientMessageSchema>;

/** Service → client. */
export const streamServerMessageSchema = z.union([
  z.strictObject({ type: z.literal("ack"), seq }),
  z.strictObject({
    type: z.literal("progress"),
    framesReceived: z.int(),
    /** Short machine-readable step, e.g. "receiving" or "verifying". */
    step: z.string(),
    detail: z.optional(z.string()),
  }),
  z.strictObject({ type: z.literal("error"), code: z.string(), message: z.string() }),
  /**
   * After `end`: the frames were received and the service is verifying them. The socket then
   * closes; the page follows the attempt with `GET /api/v1/attempts/:attempt` like an upload.
   */
  z.strictObject({ type: z.literal("verifying"), attempt: z.int().check(z.gte(1)) }),
]);
export type StreamServerMessage = z.infer<typeof streamServerMessageSchema>;
