"""faceflow partner kit for Python 3.9+ (standard library only): sign and send partner API
requests, verify return payloads and webhooks. See packages/README.md ("Python")."""
from .client import FaceflowPartner, FaceflowPartnerError
from .returns import RETURN_PAYLOAD_KEYS, ReturnVerification, return_signature_bases, verify_return, verify_return_payload
from .signing import PARTNER_HEADERS, canonical_query, hmac_hex, partner_auth_headers, partner_request_base, sign_partner_request
from .webhooks import WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SEC, WebhookVerification, sign_webhook, verify_webhook

__all__ = [
    "FaceflowPartner",
    "FaceflowPartnerError",
    "PARTNER_HEADERS",
    "RETURN_PAYLOAD_KEYS",
    "ReturnVerification",
    "WEBHOOK_HEADERS",
    "WEBHOOK_TOLERANCE_SEC",
    "WebhookVerification",
    "canonical_query",
    "hmac_hex",
    "partner_auth_headers",
    "partner_request_base",
    "return_signature_bases",
    "sign_partner_request",
    "sign_webhook",
    "verify_return",
    "verify_return_payload",
    "verify_webhook",
]
