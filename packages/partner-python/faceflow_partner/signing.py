"""The canonical forms and the partner request signature, byte for byte as the service makes
them (packages/partner-node/src/canonical.ts and requestSigning.ts in the faceflow repository).

Every signed text starts with its own purpose line ("faceflow-partner-v1", ...): one app
secret signs several kinds of message, and the prefix keeps a signature made for one purpose
from being accepted for another.
"""
from __future__ import annotations

import hashlib
import hmac
import re
from typing import Dict, Mapping, Optional
from urllib.parse import quote

PARTNER_HEADERS = {
    "app_id": "x-faceflow-app-id",
    "timestamp": "x-faceflow-timestamp",
    "nonce": "x-faceflow-nonce",
    "signature": "x-faceflow-signature",
}

# What JavaScript's encodeURIComponent leaves alone besides letters and digits; quote()'s
# default would also keep "/" and escape "!'()*", and the signatures are over the JS form.
_URI_COMPONENT_SAFE = "-_.!~*'()"
_LOWER_HEX = re.compile(r"[0-9a-f]*")


def encode_uri_component(text: str) -> str:
    """encodeURIComponent: UTF-8, then every byte but the unreserved set as %XX."""
    return quote(text, safe=_URI_COMPONENT_SAFE)


def _utf16_order(key: str) -> bytes:
    # The service sorts keys by UTF-16 code unit (JavaScript's sort), which differs from
    # Python's code point order for characters beyond U+FFFF; big-endian UTF-16 bytes sort
    # exactly like the code units.
    return key.encode("utf-16-be", "surrogatepass")


def canonical_query(params: Mapping[str, Optional[str]]) -> str:
    """Keys sorted, enc(key)=enc(value) joined by "&", None and empty values left out.

    >>> canonical_query({"b": "2", "a": "x y", "c": ""})
    'a=x%20y&b=2'
    """
    keys = sorted((k for k, v in params.items() if v is not None and v != ""), key=_utf16_order)
    return "&".join(f"{encode_uri_component(k)}={encode_uri_component(params[k] or '')}" for k in keys)


def hmac_hex(secret: str, message: str) -> str:
    """Lowercase hex HMAC-SHA256 of a UTF-8 message under a UTF-8 secret."""
    return hmac.new(secret.encode("utf-8"), message.encode("utf-8"), hashlib.sha256).hexdigest()


def safe_equal_hex(expected: str, received: str) -> bool:
    """Constant-time comparison; anything but lowercase hex of the expected length is unequal."""
    if len(received) != len(expected) or _LOWER_HEX.fullmatch(received) is None:
        return False
    return hmac.compare_digest(expected, received)


def partner_request_base(method: str, path: str, timestamp: str, nonce: str, body: str) -> str:
    """The exact text a partner request signature covers; path with its query as sent."""
    return "\n".join(["faceflow-partner-v1", method.upper(), path, timestamp, nonce, body])


def sign_partner_request(secret: str, method: str, path: str, timestamp: str, nonce: str, body: str) -> str:
    """Hex signature of a partner request."""
    return hmac_hex(secret, partner_request_base(method, path, timestamp, nonce, body))


def partner_auth_headers(app_id: str, secret: str, method: str, path: str, timestamp: str, nonce: str, body: str) -> Dict[str, str]:
    """The four authentication headers of a request."""
    return {
        PARTNER_HEADERS["app_id"]: app_id,
        PARTNER_HEADERS["timestamp"]: timestamp,
        PARTNER_HEADERS["nonce"]: nonce,
        PARTNER_HEADERS["signature"]: sign_partner_request(secret, method, path, timestamp, nonce, body),
    }
