"""The kit against a real faceflow service started by the test (scripts/kits/kitService.ts
runs the service's own entry point, configured with this app, its secret and a webhook URL
pointing at the receiver below): create an order, let it reach a verdict, receive the
service's signed webhook and verify it with the kit, read the order back with the same verdict.

Ports 8295 (service) and 8296 (receiver); needs node and the repository's node_modules.
"""
from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Dict, List

from faceflow_partner import WEBHOOK_HEADERS, FaceflowPartner, FaceflowPartnerError, verify_webhook

REPO = Path(__file__).resolve().parents[3]
SERVICE_PORT = 8295
RECEIVER_PORT = 8296
APP_ID = "PYKIT0001"
SECRET = "python-kit-e2e-secret-0123456789abcdef"


class Receiver(ThreadingHTTPServer):
    """The partner's webhook endpoint: verifies each request with the kit, keeps what it got."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", RECEIVER_PORT), _Handler)
        self.received: "queue.Queue[Dict[str, Any]]" = queue.Queue()


class _Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 (the name http.server calls)
        raw = self.rfile.read(int(self.headers.get("content-length", "0")))
        check = verify_webhook(raw, self.headers.get(WEBHOOK_HEADERS["signature"]), [SECRET], int(time.time()))
        assert isinstance(self.server, Receiver)
        self.server.received.put({"raw": raw, "event_id": self.headers.get(WEBHOOK_HEADERS["event_id"]), "check": check})
        # A 2xx only for a verified event: anything else, and the service tries again later.
        self.send_response(204 if check.ok else 400)
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (http.server's signature)
        pass


class Driver:
    """scripts/kits/kitService.ts: one JSON line out per JSON line in."""

    def __init__(self, webhook_url: str) -> None:
        self.process = subprocess.Popen(
            ["node", "--import", "tsx", "scripts/kits/kitService.ts", str(SERVICE_PORT), APP_ID, SECRET, webhook_url],
            cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8",
        )
        self._lines: "queue.Queue[str]" = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)

    def answer(self, timeout_sec: float) -> Dict[str, Any]:
        answer = json.loads(self._lines.get(timeout=timeout_sec))
        if "error" in answer:
            raise AssertionError(f"the service driver says: {answer['error']}")
        return answer

    def send(self, command: Dict[str, Any]) -> Dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        return self.answer(30)

    def close(self) -> None:
        # Closing stdin stops the service and removes its data.
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class EndToEnd(unittest.TestCase):
    def setUp(self) -> None:
        self.receiver = Receiver()
        threading.Thread(target=self.receiver.serve_forever, daemon=True).start()
        self.addCleanup(self.receiver.server_close)
        self.addCleanup(self.receiver.shutdown)
        self.driver = Driver(f"http://127.0.0.1:{RECEIVER_PORT}/faceflow/events")
        self.addCleanup(self.driver.close)
        # The service starts from its sources (tsx): allow for a busy machine.
        self.base_url = self.driver.answer(180)["baseUrl"]

    def test_creates_an_order_receives_its_verified_webhook_and_reads_the_same_verdict(self) -> None:
        faceflow = FaceflowPartner(self.base_url, APP_ID, SECRET)
        # A will question in two languages: non-ASCII text in the signed body.
        order = faceflow.create_order({
            "userId": "py-user-1",
            "liveType": "3",
            "will": {"question": {"zh-CN": "您是否同意本次认证？", "en": "Do you agree to this check? 🙂"}},
            "returnUrl": f"{self.base_url}/#/entry",
            "maxAttempts": 1,
        })
        self.assertTrue(order["launchUrl"].startswith(self.base_url))
        self.assertEqual(faceflow.get_order(order["orderNo"])["state"], "created")
        with self.assertRaises(FaceflowPartnerError) as refused:
            FaceflowPartner(self.base_url, APP_ID, "not-the-secret-0123456789").get_order(order["orderNo"])
        self.assertEqual((refused.exception.status, refused.exception.code), (401, "AUTH_SIGNATURE"))

        recorded = self.driver.send({"verdict": {"orderNo": order["orderNo"], "passed": True}})["recorded"]
        got = self.receiver.received.get(timeout=30)
        self.assertTrue(got["check"].ok, got["check"])
        event = json.loads(got["raw"])
        self.assertEqual(got["event_id"], event["id"])
        self.assertEqual(event["type"], "verification.completed")
        self.assertEqual(event["appId"], APP_ID)
        data = event["data"]
        self.assertEqual((data["orderNo"], data["userId"], data["passed"], data["code"], data["liveRate"], data["checks"]),
                         (order["orderNo"], "py-user-1", True, recorded["code"], recorded["liveRate"], recorded["checks"]))

        view = faceflow.get_order(order["orderNo"])
        self.assertEqual(view["state"], "passed")
        result = view["result"]
        self.assertEqual((result["orderNo"], result["code"], result["liveRate"], result["checks"]),
                         (data["orderNo"], data["code"], str(data["liveRate"]), ",".join(data["checks"])))
        self.assertTrue(faceflow.verify_return(result).valid)
        attempts: List[Dict[str, Any]] = view["attempts"]
        self.assertEqual([(a["status"], a["code"]) for a in attempts], [("passed", "0")])


if __name__ == "__main__":
    unittest.main()
