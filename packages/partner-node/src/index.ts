/** The partner kit's public surface (README.md next to the package.json). */
export { createFaceflowPartner, FaceflowPartnerError } from "./client";
export type { FaceflowPartner, FaceflowPartnerOptions } from "./client";
export { canonicalQuery, hmacHex, safeEqualHex } from "./canonical";
export {
  PARTNER_HEADERS,
  PARTNER_NONCE_PATTERN,
  PARTNER_TIMESTAMP_WINDOW_SEC,
  partnerAuthHeaders,
  partnerRequestBase,
  signPartnerRequest,
} from "./requestSigning";
export type { PartnerRequestParts } from "./requestSigning";
export { signReturnPayload, verifyReturnPayload, returnSignatureBases } from "./returnSigning";
export type { ReturnInput, ReturnVerification, UnsignedReturnPayload } from "./returnSigning";
export { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SEC, signWebhook, verifyWebhook } from "./webhookSigning";
export type { WebhookVerification } from "./webhookSigning";
