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
// The contract the kit parses with: the same schemas as the service's (checked in the faceflow
// repository), for a partner that wants to validate what it stores or receives itself.
export {
  apiErrorSchema,
  createOrderRequestSchema,
  launchResponseSchema,
  orderViewSchema,
  relaunchRequestSchema,
  willQuestionSchema,
} from "./contract/orders";
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
} from "./contract/orders";
export { partnerLaunchOptionsSchema } from "./contract/launchOptions";
export type { PartnerLaunchOptions } from "./contract/launchOptions";
export type { UploadGuidance } from "./contract/guidance";
export { RETURN_PAYLOAD_KEYS, returnPayloadSchema } from "./contract/returnPayload";
export type { ReturnPayload } from "./contract/returnPayload";
export { WEBHOOK_EVENT_TYPES, webhookEventSchema } from "./contract/webhookEvent";
export type { WebhookEvent, WebhookEventType } from "./contract/webhookEvent";
