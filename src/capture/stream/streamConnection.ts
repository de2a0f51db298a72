/**
 * The browser's end of the frame-streaming protocol (schemas/apiStream.ts): `start`, then
 * each frame as a `frame` announcement followed by its JPEG bytes as one binary message,
 * then `end`. Every message the service sends is parsed by its schema; anything else ends
 * the stream as a protocol failure. After `end` the service answers `verifying` with the
 * attempt it opened and closes the socket: the verdict is not sent here, the page follows
 * the attempt with the long poll. Exactly one of onAccepted / onFailure is called, once.
 */
import type { LightShown } from "../../../schemas/lightChallenge";
import * as z from "zod/mini";
import {
  streamClientMessageSchema,
  streamServerMessageSchema,
  type StreamClientMessage,
} from "../../../schemas/api";
import type { StatsRecorder } from "../../analytics/statsRecorder";
import type { CaptureOutcome } from "../contract";
import { serviceErrorOutcome, streamBreakOutcome } from "./streamOutcomes";

type Failed = Extract<CaptureOutcome, { kind: "failed" }>;

/** The part of the browser's WebSocket this client uses (a test passes a double). */
export interface WebSocketLike {
  binaryType: string;
  readonly readyState: number;
  send(data: string | ArrayBuffer): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
}

/** WebSocket.OPEN; the constant is not on test doubles. */
const OPEN = 1;
/** Normal closure (RFC 6455). */
const CLOSE_NORMAL = 1000;

interface StreamListener {
  /** The service resolved the order and accepts frames. */
  onReady(): void;
  /** The service accepted frame `seq`. */
  onAck(seq: number): void;
  /** The service received every frame and verifies attempt `attempt` (its sequence number in the order). */
  onAccepted(attempt: number): void;
  onFailure(outcome: Failed): void;
}

export interface StreamConnection {
  sendFrame(seq: number, jpeg: ArrayBuffer, capturedAtMs: number): void;
  /** "done" asks for the verdict; "cancel" abandons the attempt and closes. `light`: when each colour went up, from the first frame sent (light modes). */
  end(reason: "done" | "cancel", light?: LightShown): void;
  /** Close without a word (after a failure, or once the attempt was accepted). */
  close(): void;
}

/**
 * Speak the protocol on `socket` for `orderNo`. `sessionToken` is a cookie-less page's session
 * (api/client.ts streamSessionToken), sent in `start` because a WebSocket carries no header.
 * `stats` counts a service error code with no screen (screenForApiError).
 */
export function connectStream(
  socket: WebSocketLike,
  orderNo: string,
  listener: StreamListener,
  stats: Pick<StatsRecorder, "record">,
  start: { sessionToken?: string | undefined; deviceInfo?: string | undefined } = {},
): StreamConnection {
  let over = false;

  const finish = (report: () => void) => {
    if (over) return;
    over = true;
    report();
  };
  const fail = (outcome: Failed) => {
    finish(() => listener.onFailure(outcome));
    close();
  };

  const sendMessage = (message: StreamClientMessage) => {
    // Checked on the way out too, so a frame the service would refuse never leaves.
    const checked = z.parse(streamClientMessageSchema, message);
    socket.send(JSON.stringify(checked));
  };

  const close = () => {
    socket.onmessage = null;
    try {
      socket.close(CLOSE_NORMAL, "client done");
    } catch {
      // Already closing.
    }
  };

  socket.binaryType = "arraybuffer";
  socket.onopen = () => {
    try {
      const { sessionToken, deviceInfo } = start;
      sendMessage({ type: "start", orderNo, ...(sessionToken === undefined ? {} : { sessionToken }), ...(deviceInfo === undefined ? {} : { deviceInfo }) });
    } catch {
      fail(streamBreakOutcome("connection"));
    }
  };
  socket.onmessage = (event) => {
    if (over) return;
    if (typeof event.data !== "string") return fail(streamBreakOutcome("protocol"));
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      return fail(streamBreakOutcome("protocol"));
    }
    // A verdict on the socket (an older service's `result`) is no message of this protocol either.
    const parsed = z.safeParse(streamServerMessageSchema, json);
    if (!parsed.success) return fail(streamBreakOutcome("protocol"));
    const message = parsed.data;
    switch (message.type) {
      case "ack":
        return listener.onAck(message.seq);
      case "progress":
        // Other steps only inform (frames received so far); "ready" opens the stream.
        if (message.step === "ready") listener.onReady();
        return;
      case "verifying":
        finish(() => listener.onAccepted(message.attempt));
        return close();
      case "error":
        return fail(serviceErrorOutcome(message.code, stats));
    }
  };
  // A broken connection fires error then close; close alone covers both.
  socket.onerror = () => undefined;
  socket.onclose = () => {
    if (!over) fail(streamBreakOutcome("connection"));
  };

  return {
    sendFrame(seq, jpeg, capturedAtMs) {
      if (over || socket.readyState !== OPEN) return;
      try {
        sendMessage({ type: "frame", seq, capturedAtMs: Math.max(0, Math.round(capturedAtMs)), binaryBytes: jpeg.byteLength });
        socket.send(jpeg);
      } catch {
        fail(streamBreakOutcome("connection"));
      }
    },
    end(reason, light) {
      if (over || socket.readyState !== OPEN) return;
      try {
        sendMessage({ type: "end", reason, ...(light && light.length > 0 ? { light } : {}) });
      } catch {
        return fail(streamBreakOutcome("connection"));
      }
      if (reason === "cancel") {
        over = true;
        close();
      }
    },
    close() {
      over = true;
      close();
    },
  };
}
