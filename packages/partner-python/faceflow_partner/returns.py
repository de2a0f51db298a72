"""Verifying the return payload: the query faceflow appends to the partner's return URL
(packages/partner-node/src/returnSigning.ts in the faceflow repository). Both signatures are hex
HMAC-SHA256 with the app secret:

- signature    over "faceflow-return-core-v1\\n" + appId + "\\n" + canonical(orderNo, h5faceId, code, liveRate)
- newSignature over "faceflow-return-v1\\n" + appId + "\\n" + canonical(every field but the two signatures)

A return is valid only when both match. It carries no time: a payload never expires, so check
that its orderNo is an order you started for this user and have not handled yet.
"""
from __future__ import annotations

import re
from typing import Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union
from urllib.parse import unquote

from .signing import canonical_query, hmac_hex, safe_equal_hex

RETURN_PAYLOAD_KEYS = ("orderNo", "code", "signature", "newSignature", "liveRate", "h5faceId", "willCode", "faceCode", "similarity", "checks")
_CORE_KEYS = ("orderNo", "h5faceId", "code", "liveRate")
_SIGNATURE = re.compile(r"[0-9a-f]{64}")
_SCHEME = re.compile(r"[a-z][a-z0-9+.-]*:", re.IGNORECASE)

ReturnInput = Union[str, Mapping[str, Optional[str]]]


class ReturnVerification(NamedTuple):
    """valid, the return fields as received (None when malformed), and why not when not valid."""

    valid: bool
    payload: Optional[Dict[str, str]]
    reason: Optional[str] = None


def return_signature_bases(app_id: str, fields: Mapping[str, Optional[str]]) -> Tuple[str, str]:
    """The texts the two signatures cover: (core, full)."""
    core = {k: fields.get(k) for k in _CORE_KEYS}
    full = {k: v for k, v in fields.items() if k not in ("signature", "newSignature")}
    return (f"faceflow-return-core-v1\n{app_id}\n{canonical_query(core)}", f"faceflow-return-v1\n{app_id}\n{canonical_query(full)}")


def verify_return_payload(app_id: str, secret: str, received: ReturnInput) -> ReturnVerification:
    """Check one secret's signatures on a whole return URL, a query string or parsed parameters."""
    params = _params_of(received)
    picked: Dict[str, str] = {}
    for key in RETURN_PAYLOAD_KEYS:
        values = params.get(key)
        # A repeated parameter counts once, the first time, as in the service's kit.
        if values and values[0] not in ("", "null"):
            picked[key] = values[0]
    if "orderNo" not in picked or "code" not in picked or not all(_SIGNATURE.fullmatch(picked.get(k, "")) for k in ("signature", "newSignature")):
        return ReturnVerification(False, None, "payload fields missing or malformed")
    core, full = return_signature_bases(app_id, picked)
    if not safe_equal_hex(hmac_hex(secret, core), picked["signature"]):
        return ReturnVerification(False, picked, "signature does not match")
    if not safe_equal_hex(hmac_hex(secret, full), picked["newSignature"]):
        return ReturnVerification(False, picked, "newSignature does not match")
    return ReturnVerification(True, picked)


def verify_return(app_id: str, secrets: Sequence[str], received: ReturnInput) -> ReturnVerification:
    """Valid by any of `secrets` (yours first, then rotation secrets); else the first one's reason."""
    first: Optional[ReturnVerification] = None
    for secret in secrets:
        result = verify_return_payload(app_id, secret, received)
        if result.valid:
            return result
        first = first or result
    if first is None:
        raise ValueError("verify_return needs at least one secret")
    return first


def _params_of(received: ReturnInput) -> Dict[str, List[str]]:
    if not isinstance(received, str):
        return {k: [v] for k, v in received.items() if v is not None}
    if _SCHEME.match(received):
        # A whole URL: the query, then what follows "?" in the fragment (hash-routed pages).
        before_hash, _, fragment = received.partition("#")
        params = _parse_query(before_hash.partition("?")[2])
        for key, values in _parse_query(fragment.partition("?")[2]).items():
            params.setdefault(key, values)
        return params
    return _parse_query(received[1:] if received.startswith("?") else received)


def _parse_query(query: str) -> Dict[str, List[str]]:
    """application/x-www-form-urlencoded as browsers read it: "+" is a space, bad UTF-8 becomes U+FFFD."""
    params: Dict[str, List[str]] = {}
    for piece in query.split("&"):
        if piece == "":
            continue
        name, _, value = piece.partition("=")
        params.setdefault(_decode(name), []).append(_decode(value))
    return params


def _decode(text: str) -> str:
    return unquote(text.replace("+", " "), encoding="utf-8", errors="replace")
