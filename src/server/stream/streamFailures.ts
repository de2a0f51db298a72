/**
 * Every way the service ends a frame stream early: the `code` sent in the error message and
 * the WebSocket close code that follows. Close codes are 4000 + the nearest HTTP status, so
 * they read like the upload route's errors; wire codes reuse the API's codes (schemas/api.ts)
 * where one means the same thing.
 */
import { API_ERROR_CODES } from "../../../schemas/api";

export const STREAM_FAILURES = {
  /** Not JSON, not a message of the schema, or a message out of turn. */
  badMessage: { code: API_ERROR_CODES.badRequest, close: 4400 },
  /** resolveOrder refused the order; its own code is sent instead of this one. */
  orderRejected: { code: API_ERROR_CODES.sessionInvalid, close: 4403 },
  /** Nothing arrived for `idleTimeoutMs` (the record-timeout case of spec §2). */
  idleTimeout: { code: "STREAM_IDLE_TIMEOUT", close: 4408 },
  frameTooLarge: { code: API_ERROR_CODES.payloadTooLarge, close: 4413 },
  /** More than `maxFrames`: the recording is too long. */
  tooManyFrames: { code: API_ERROR_CODES.videoTooLong, close: 4414 },
  notJpeg: { code: API_ERROR_CODES.unsupportedMediaType, close: 4415 },
  /** Spec §8 websocket_webcamPicSmallException: the picture is too small. */
  frameTooSmall: { code: "STREAM_FRAME_TOO_SMALL", close: 4422 },
  rateLimited: { code: API_ERROR_CODES.rateLimited, close: 4429 },
  /** A dependency failed; 1011 is the WebSocket code for an unexpected server condition. */
  internal: { code: API_ERROR_CODES.internal, close: 1011 },
} as const;

export type StreamFailureKind = keyof typeof STREAM_FAILURES;

/** Normal closure after a result or a cancel. */
export const STREAM_CLOSE_NORMAL = 1000;
