/** The partner kit's public surface (README.md next to the package.json). */
export { createFaceflowPartner, FaceflowPartnerError } from "./client.js";
export type { FaceflowPartner, FaceflowPartnerOptions } from "./client.js";
export { canonicalQuery, hmacHex, safeEqualHex } from "./canonical.js";
export {
  PARTNER_HEADERS,
  PARTNER_NONCE_PATTERN,
  PARTNER_TIMESTAMP_WINDOW_SEC,
  partnerAuthHeaders,
  partnerRequestBase,
  signPartnerRequest,
} from "./requestSigning.js";
export type { PartnerRequestParts } from "./requestSigning.js";
export { signReturnPayload, verifyReturnPayload, returnSignatureBases } from "./returnSigning.js";
export type { ReturnInput, ReturnVerification, UnsignedReturnPayload } from "./returnSigning.js";
export { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SEC, signWebhook, verifyWebhook } from "./webhookSigning.js";
export type { WebhookVerification } from "./webhookSigning.js";
// The contract the kit parses with: the same schemas as the service's (checked in the faceflow
// repository), for a partner that wants to validate what it stores or receives itself.
export {
  apiErrorSchema,
  createOrderRequestSchema,
  launchResponseSchema,
  orderViewSchema,
  relaunchRequestSchema,
  willQuestionSchema,
} from "./contract/orders.js";
export type {
  ActionCode,
  ApiError,
  AttemptView,
  AttemptViewStatus,
  CreateOrderRequest,
  LaunchResponse,
  LiveType,
  OrderState,
  OrderView,
  RelaunchRequest,
  VerifyCheck,
  WillQuestion,
} from "./contract/orders.js";
export { partnerLaunchOptionsSchema } from "./contract/launchOptions.js";
export type { PartnerLaunchOptions } from "./contract/launchOptions.js";
export type { UploadGuidance } from "./contract/guidance.js";
export { RETURN_PAYLOAD_KEYS, returnPayloadSchema } from "./contract/returnPayload.js";
export type { ReturnPayload } from "./contract/returnPayload.js";
export { WEBHOOK_EVENT_TYPES, webhookEventSchema } from "./contract/webhookEvent.js";
export type { WebhookEvent, WebhookEventType } from "./contract/webhookEvent.js";
