/**
 * The return payload (spec §3): what the partner receives as query parameters of its return
 * URL, and as `result` of an order. The service's own schema is `returnPayloadSchema` of
 * schemas/api.ts in the faceflow repository; this copy is the kit's, kept identical to it by
 * the repository's tests (tests/partnerKit/contractCopy.test.ts).
 */
import * as z from "zod/mini";

/**
 * Every value is text because it travels as a query parameter. Empty values are never sent.
 * - `signature`: hex HMAC-SHA256 with the app secret over the live-check core:
 *   "faceflow-return-core-v1\n" + appId + "\n" + canonical(orderNo, h5faceId, code, liveRate).
 * - `newSignature`: the same over every other field present:
 *   "faceflow-return-v1\n" + appId + "\n" + canonical(all fields except the two signatures).
 * canonical = keys sorted by code unit, `encodeURIComponent(key)=encodeURIComponent(value)`
 * joined by "&", empty values left out (canonicalQuery).
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
   * ran, e.g. "media,duration,face,identity,liveness,steady" (covered by newSignature).
   */
  checks: z.optional(z.string()),
});
export type ReturnPayload = z.infer<typeof returnPayloadSchema>;
export const RETURN_PAYLOAD_KEYS = Object.keys(returnPayloadSchema.shape) as (keyof ReturnPayload)[];
