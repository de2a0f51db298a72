/** The partner kit's public surface (see README.md next to this file). */
export { createFaceflowPartner, FaceflowPartnerError } from "./client";
export type { FaceflowPartner, FaceflowPartnerOptions } from "./client";
export { canonicalQuery } from "./canonical";
export { PARTNER_HEADERS, PARTNER_TIMESTAMP_WINDOW_SEC, partnerRequestBase, signPartnerRequest } from "./requestSigning";
export { signReturnPayload, verifyReturnPayload, returnSignatureBases } from "./returnSigning";
export type { ReturnInput, ReturnVerification } from "./returnSigning";
export { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SEC, signWebhook, verifyWebhook } from "./webhookSigning";
export type { WebhookVerification } from "./webhookSigning";
