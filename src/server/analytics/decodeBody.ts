/**
 * Turning an analytics request body into a typed report: gzip bytes are inflated with a
 * hard cap on the output (a few KB of gzip can expand to gigabytes), text is parsed as
 * JSON, and the result is read by the contract's schema (schemas/analytics.ts).
 */
import { gunzipSync } from "node:zlib";
import * as z from "zod";
import { API_ERROR_CODES } from "../../../schemas/api";
import { HttpError, parseOr400 } from "../http/errors";

/** Largest request body read (compressed or not); the client's buffer holds at most 50 KB. */
export const MAX_BODY_BYTES = 256 * 1024;
/** Largest inflated gzip body: past this the inflater stops instead of filling memory. */
const MAX_INFLATED_BYTES = 512 * 1024;

/** Inflate a gzip body, refusing with 413 once the output would pass `maxBytes`. */
export function inflateBounded(body: Buffer, maxBytes: number = MAX_INFLATED_BYTES): string {
  try {
    return gunzipSync(body, { maxOutputLength: maxBytes }).toString("utf8");
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE") {
      throw new HttpError(413, API_ERROR_CODES.payloadTooLarge, `inflated body is larger than ${maxBytes} bytes`);
    }
    throw new HttpError(400, API_ERROR_CODES.badRequest, "body is not valid gzip");
  }
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, API_ERROR_CODES.badRequest, "body is not valid JSON");
  }
}

/**
 * The body as a value: Buffer (octet-stream, gzip), string (text/plain JSON) or already
 * parsed JSON (application/json, parsed by the service's raw JSON parser).
 */
function bodyValue(body: unknown): unknown {
  if (Buffer.isBuffer(body)) return parseJsonText(inflateBounded(body));
  if (typeof body === "string") return parseJsonText(body);
  if (body === undefined || body === null) throw new HttpError(400, API_ERROR_CODES.badRequest, "body is empty");
  return body;
}

/** Decode and validate a body with a schema of the contract. */
export function decodeReport<T extends z.core.$ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  return parseOr400(schema, bodyValue(body), what);
}

const counter = z.string().regex(/^\d{1,16}$/).transform(Number);

/** An optional non-negative integer header (x-post-time, x-retry-count); 400 when malformed. */
export function integerHeader(value: string | string[] | undefined, name: string): number | null {
  if (value === undefined) return null;
  return parseOr400(counter, Array.isArray(value) ? value[0] : value, `header ${name}`);
}
