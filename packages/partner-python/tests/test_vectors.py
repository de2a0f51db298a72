"""The kit against the shared vectors (packages/test-vectors/partner-vectors.json), one test
per vector so a failure names the case. The vectors are made by the service's own Node kit."""
from __future__ import annotations

import json
import re
import unittest
from pathlib import Path
from typing import Any, Callable, Dict

from faceflow_partner import (
    canonical_query,
    partner_auth_headers,
    partner_request_base,
    return_signature_bases,
    sign_partner_request,
    sign_webhook,
    verify_return,
    verify_webhook,
)

VECTORS_FILE = Path(__file__).resolve().parents[2] / "test-vectors" / "partner-vectors.json"
VECTORS: Dict[str, Any] = json.loads(VECTORS_FILE.read_text(encoding="utf-8"))


class PartnerVectors(unittest.TestCase):
    def test_signs_a_webhook_as_the_service_does(self) -> None:
        first = VECTORS["webhooks"][0]
        self.assertEqual(sign_webhook(first["secrets"][0], first["body"].encode("utf-8"), first["expect"]["timestampSec"]), first["header"])


def _request_test(v: Dict[str, Any]) -> Callable[[PartnerVectors], None]:
    def test(self: PartnerVectors) -> None:
        parts = (v["method"], v["path"], v["timestamp"], v["nonce"], v["body"])
        self.assertEqual(partner_request_base(*parts), v["base"])
        self.assertEqual(sign_partner_request(v["secret"], *parts), v["signature"])
        self.assertEqual(partner_auth_headers(v["appId"], v["secret"], *parts), v["headers"])
    return test


def _canonical_test(v: Dict[str, Any]) -> Callable[[PartnerVectors], None]:
    def test(self: PartnerVectors) -> None:
        self.assertEqual(canonical_query(v["params"]), v["canonical"])
    return test


def _return_test(v: Dict[str, Any]) -> Callable[[PartnerVectors], None]:
    def test(self: PartnerVectors) -> None:
        received = v["input"].get("url") or v["input"].get("query") or v["input"].get("params")
        result = verify_return(v["appId"], v["secrets"], received)
        expect = v["expect"]
        self.assertEqual(result.valid, expect["valid"])
        self.assertEqual(result.payload, expect["payload"])
        self.assertEqual(result.reason, expect.get("reason"))
        if "bases" in v:
            fields = {k: s for k, s in expect["payload"].items() if k not in ("signature", "newSignature")}
            self.assertEqual(return_signature_bases(v["appId"], fields), (v["bases"]["core"], v["bases"]["full"]))
    return test


def _webhook_test(v: Dict[str, Any]) -> Callable[[PartnerVectors], None]:
    def test(self: PartnerVectors) -> None:
        result = verify_webhook(v["body"].encode("utf-8"), v["header"], v["secrets"], v["nowSec"], v.get("toleranceSec", VECTORS["webhookToleranceSec"]))
        expect = v["expect"]
        self.assertEqual(result.ok, expect["ok"])
        self.assertEqual(result.timestamp_sec, expect.get("timestampSec"))
        self.assertEqual(result.reason, expect.get("reason"))
    return test


def _add(kind: str, index: int, name: str, test: Callable[[PartnerVectors], None]) -> None:
    slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:60]
    test.__doc__ = f"{kind}: {name}"
    setattr(PartnerVectors, f"test_{kind}_{index:02d}_{slug}", test)


for i, vector in enumerate(VECTORS["requestSignatures"]):
    _add("request", i, vector["name"], _request_test(vector))
for i, vector in enumerate(VECTORS["canonicalQuery"]):
    _add("canonical", i, vector["name"], _canonical_test(vector))
for i, vector in enumerate(VECTORS["returns"]):
    _add("return", i, vector["name"], _return_test(vector))
for i, vector in enumerate(VECTORS["webhooks"]):
    _add("webhook", i, vector["name"], _webhook_test(vector))

if __name__ == "__main__":
    unittest.main()
