"""The partner client: signs and sends partner API requests (urllib, standard library only).

    faceflow = FaceflowPartner("https://faceflow.example", "APP1", secret)
    order = faceflow.create_order({"userId": "u1", "liveType": "2", "actions": ["2"], "returnUrl": "https://shop.example/kyc/done"})
    # send the user to order["launchUrl"]; when they come back to /kyc/done?...:
    result = faceflow.verify_return(request_url)
"""
from __future__ import annotations

import json
import secrets as _random
import time
import urllib.error
import urllib.request
from typing import Any, Callable, Dict, Mapping, Optional, Sequence, Tuple
from urllib.parse import quote, urlsplit

from .returns import ReturnInput, ReturnVerification, verify_return
from .signing import partner_auth_headers

_LAUNCH_KEYS = ("orderNo", "h5_face_id", "launchUrl", "expiresAt")
_ORDER_KEYS = ("orderNo", "h5_face_id", "appId", "userId", "liveType", "state", "createdAt", "finishedAt", "maxAttempts", "guidance", "result", "attempts")


class FaceflowPartnerError(Exception):
    """A non-2xx answer ({code, message} from the service), or an answer that is not the contract's."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    # The partner API never redirects: a 3xx is reported, not followed with the signed headers.
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        return None


class FaceflowPartner:
    """One app's client. `rotation_secrets` only verify returns (never sign), during a secret rotation."""

    def __init__(
        self,
        base_url: str,
        app_id: str,
        secret: str,
        rotation_secrets: Sequence[str] = (),
        timeout_sec: float = 10.0,
        now: Callable[[], float] = time.time,
        nonce: Callable[[], str] = lambda: _random.token_hex(16),
    ) -> None:
        self._base = base_url.rstrip("/")
        # A path prefix (https://example.com/faceflow) is part of what the service sees, so it is signed.
        self._base_path = urlsplit(self._base).path.rstrip("/")
        self.app_id = app_id
        self._secret = secret
        self._rotation_secrets = tuple(rotation_secrets)
        self._timeout = timeout_sec
        self._now = now
        self._nonce = nonce
        self._opener = urllib.request.build_opener(_NoRedirect)

    def request(self, method: str, path: str, body: Optional[Any] = None) -> Any:
        """Sign and send one request (path from the API root, e.g. "/partner/v1/orders"); the parsed JSON answer."""
        return self._call(method, path, body)[1]

    def _call(self, method: str, path: str, body: Optional[Any] = None) -> Tuple[int, Any]:
        text = "" if body is None else json.dumps(body, ensure_ascii=False, separators=(",", ":"))
        headers = partner_auth_headers(self.app_id, self._secret, method, self._base_path + path, str(int(self._now())), self._nonce(), text)
        headers["accept"] = "application/json"
        if body is not None:
            headers["content-type"] = "application/json"
        # The bytes sent are exactly the UTF-8 of the signed text.
        data = None if body is None else text.encode("utf-8")
        req = urllib.request.Request(self._base + path, data=data, method=method.upper(), headers=headers)
        try:
            with self._opener.open(req, timeout=self._timeout) as response:
                return response.status, _json_or_error(response.status, response.read())
        except urllib.error.HTTPError as error:
            answer = _json(error.read())
            if isinstance(answer, dict) and isinstance(answer.get("code"), str) and isinstance(answer.get("message"), str):
                raise FaceflowPartnerError(error.code, answer["code"], answer["message"]) from None
            raise FaceflowPartnerError(error.code, "UNEXPECTED_RESPONSE", "error response without { code, message }") from None

    def create_order(self, order: Mapping[str, Any]) -> Dict[str, Any]:
        """Create an order: {orderNo, h5_face_id, launchUrl, expiresAt}; send the user to launchUrl."""
        return _with_keys(*self._call("POST", "/partner/v1/orders", dict(order)), _LAUNCH_KEYS)

    def relaunch(self, order_no: str, expires_in_sec: Optional[int] = None) -> Dict[str, Any]:
        """A fresh launch URL for an unfinished order (the first one expired or was used up)."""
        body = {} if expires_in_sec is None else {"expiresInSec": expires_in_sec}
        return _with_keys(*self._call("POST", f"/partner/v1/orders/{quote(order_no, safe='')}/launches", body), _LAUNCH_KEYS)

    def get_order(self, order_no: str) -> Dict[str, Any]:
        """State, signed result (None until finished) and every attempt of an order."""
        return _with_keys(*self._call("GET", f"/partner/v1/orders/{quote(order_no, safe='')}"), _ORDER_KEYS)

    def verify_return(self, received: ReturnInput) -> ReturnVerification:
        """Check what came back on the return URL (the whole URL, its query, or parsed parameters)."""
        return verify_return(self.app_id, (self._secret, *self._rotation_secrets), received)


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None


def _json_or_error(status: int, raw: bytes) -> Any:
    answer = _json(raw)
    if answer is None:
        raise FaceflowPartnerError(status, "UNEXPECTED_RESPONSE", "the answer is not JSON")
    return answer


def _with_keys(status: int, answer: Any, keys: Sequence[str]) -> Dict[str, Any]:
    missing = [k for k in keys if not isinstance(answer, dict) or k not in answer]
    if missing:
        raise FaceflowPartnerError(status, "UNEXPECTED_RESPONSE", f"answer without {', '.join(missing)}")
    return answer
