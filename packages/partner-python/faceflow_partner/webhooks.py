"""Verifying faceflow's webhooks (packages/partner-node/src/webhookSigning.ts in the faceflow
repository). The service sends

    Faceflow-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>

Check the raw bytes before parsing any JSON, with every secret you hold (the current one and,
during a rotation, the other), and refuse a `t` outside the tolerance so a captured request
cannot be replayed later. Within the window the event id makes processing idempotent: an
event may arrive more than once.
"""
from __future__ import annotations

import hashlib
import hmac
import re
from typing import NamedTuple, Optional, Sequence, Union

from .signing import safe_equal_hex

WEBHOOK_HEADERS = {"signature": "faceflow-signature", "event_id": "faceflow-event-id", "event_type": "faceflow-event-type"}
WEBHOOK_TOLERANCE_SEC = 300
# ASCII digits only: Python's \d would also take other scripts' digits.
_TIMESTAMP = re.compile(r"[0-9]{1,12}")


class WebhookVerification(NamedTuple):
    """ok and the signed time, or not ok and why: "malformed", "signature" or "expired"."""

    ok: bool
    timestamp_sec: Optional[int] = None
    reason: Optional[str] = None


def sign_webhook(secret: str, body: Union[bytes, str], timestamp_sec: int) -> str:
    """The header value the service sends for `body` at `timestamp_sec`."""
    return f"t={timestamp_sec},v1={_mac(secret, str(timestamp_sec), _bytes(body))}"


def verify_webhook(
    body: Union[bytes, str],
    header: Optional[str],
    secrets: Sequence[str],
    now_sec: int,
    tolerance_sec: int = WEBHOOK_TOLERANCE_SEC,
) -> WebhookVerification:
    """Check a received webhook: the raw body, the Faceflow-Signature header, the secrets to accept, the time now."""
    if not isinstance(header, str):
        return WebhookVerification(False, reason="malformed")
    parts = [p.strip() for p in header.split(",")]
    t = next((p[2:] for p in parts if p.startswith("t=")), None)
    signatures = [p[3:] for p in parts if p.startswith("v1=")]
    if t is None or _TIMESTAMP.fullmatch(t) is None or not signatures:
        return WebhookVerification(False, reason="malformed")
    raw = _bytes(body)
    # The signature before the time, as the service's kit does: a forged request is called
    # forged whatever its time, and every kit gives the same reason (the vectors check it).
    if not any(safe_equal_hex(_mac(secret, t, raw), s) for secret in secrets for s in signatures):
        return WebhookVerification(False, reason="signature")
    if abs(now_sec - int(t)) > tolerance_sec:
        return WebhookVerification(False, reason="expired")
    return WebhookVerification(True, timestamp_sec=int(t))


def _mac(secret: str, t: str, raw: bytes) -> str:
    return hmac.new(secret.encode("utf-8"), t.encode("ascii") + b"." + raw, hashlib.sha256).hexdigest()


def _bytes(body: Union[bytes, str]) -> bytes:
    return body.encode("utf-8") if isinstance(body, str) else bytes(body)
