/**
 * The contract between the streaming socket handler and the service that wires it: the
 * socket it drives, the dependencies it calls, and what it reports.
 */
import type { LightShown } from "../../../schemas/lightChallenge";
import type { StreamLimits } from "../../../schemas/capture";
import type { StreamClock } from "./streamClock";

/** What ws delivers for one message. */
export type RawMessage = Buffer | ArrayBuffer | Buffer[];

/** The part of a `ws` WebSocket (as @fastify/websocket hands it over) this handler uses. */
export interface StreamSocket {
  send(data: string): void;
  close(code: number, reason: string): void;
  on(event: "message", listener: (data: RawMessage, isBinary: boolean) => void): unknown;
  on(event: "close", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
}

export type OrderResolution<O> = { ok: true; order: O } | { ok: false; code: string; message: string };

/**
 * Thrown by `onFinished` when the service will not verify the stream after all (another
 * recording of the order got there first): the client gets this code, the socket closes as for
 * a refused order (4403), and the session ends abandoned.
 */
export class StreamRefusedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "StreamRefusedError";
  }
}

export interface StreamSummary {
  frames: number;
  /** Server-observed time from the first to the last accepted frame. */
  durationMs: number;
  /** (frames - 1) per second over durationMs, two decimals; 0 with fewer than two frames. */
  avgFps: number;
  /** JPEG bytes accepted. */
  bytes: number;
}

export interface StreamFrame {
  seq: number;
  /** 0-based position among accepted frames. */
  index: number;
  jpeg: Buffer;
  receivedAtMs: number;
  /** The client's capture time, as sent; not trusted for timing. */
  capturedAtMs: number | null;
}

/** Why a session whose order resolved ended without a result. */
export type AbandonReason = "cancel" | "idle" | "violation" | "disconnected" | "error";

export interface AbandonInfo {
  reason: AbandonReason;
  /** The error code sent to the client, null when none was (cancel, disconnect). */
  code: string | null;
  message: string;
  summary: StreamSummary;
}

export interface StreamSocketDeps<O> {
  /**
   * Bind the session to an order (e.g. check orderNo against the session cookie, open an
   * attempt); `sessionToken` is the start message's, sent by a cookie-less page, and
   * `deviceInfo` its device-info string (spec §3), when the page sent one.
   */
  resolveOrder(orderNo: string, sessionToken?: string, deviceInfo?: string): Promise<OrderResolution<O>>;
  /** Each accepted frame, in order, e.g. to store it; awaited before the frame is acknowledged. */
  onFrame?(order: O, frame: StreamFrame): void | Promise<void>;
  /**
   * `end` (done) arrived: queue the stream for verification; the attempt is sent as the
   * `verifying` message. `end.light`: the end message's light times (light modes), else [].
   * May throw StreamRefusedError.
   */
  onFinished(order: O, summary: StreamSummary, end: { light: LightShown }): Promise<{ attempt: number }>;
  /** The session ended without a result. */
  onAbandoned(order: O, info: AbandonInfo): void | Promise<void>;
  clock: StreamClock;
  limits: StreamLimits;
}

export type StreamSessionEnd =
  | { kind: "finished"; summary: StreamSummary; attempt: number }
  | { kind: "abandoned"; summary: StreamSummary; reason: AbandonReason; code: string | null };
