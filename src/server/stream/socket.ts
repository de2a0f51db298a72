/**
 * The frame-streaming WebSocket of the `/action/ws/record` mode: the browser sends JPEG frames
 * of the camera, the service checks each one, acknowledges it, and at the end hands a summary
 * to the verification side, which queues it and answers with the attempt the page then follows.
 *
 * Protocol (schemas/apiStream.ts): `start {orderNo, sessionToken?}` first, then `frame` messages (inline
 * base64, or announcing the next binary message), then `end`. Every text message is parsed by
 * the shared zod schema; anything else, or anything out of turn, gets an `error` message and
 * a 4xxx close (streamFailures.ts). Messages are handled one at a time in arrival order, so a
 * frame sent right behind `start` waits for the order to resolve instead of racing it.
 *
 * Every session whose order resolved ends in exactly one of `onFinished` resolving (its attempt
 * is sent unless the peer has gone) or `onAbandoned`, so the service can always close the
 * attempt it opened. Durations and rates use the service's clock, never the client's.
 */
import type { LightShown } from "../../../schemas/lightChallenge";
import * as z from "zod/mini";
import { streamClientMessageSchema, type StreamServerMessage } from "../../../schemas/api";
import { decodeBase64Strict, isCompleteJpeg } from "./jpeg";
import { createRateWindow } from "./rateWindow";
import type { ScheduledTimer } from "./streamClock";
import { StreamRefusedError } from "./streamContract";
import type {
  AbandonInfo,
  AbandonReason,
  RawMessage,
  StreamSessionEnd,
  StreamSocket,
  StreamSocketDeps,
  StreamSummary,
} from "./streamContract";
import { STREAM_CLOSE_NORMAL, STREAM_FAILURES, type StreamFailureKind } from "./streamFailures";

export type * from "./streamContract";
export { StreamRefusedError } from "./streamContract";

/** Text messages longer than this are refused unparsed (an inline frame is at most 700 000 characters). */
const MAX_TEXT_BYTES = 720_000;
/** Messages waiting behind a slow dependency; more means the client is not waiting for acks. */
const MAX_QUEUED = 64;
/** WebSocket close reasons are limited to 123 bytes. */
const MAX_CLOSE_REASON = 120;

function toBuffer(data: RawMessage): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(new Uint8Array(data));
}

class StreamFailure extends Error {
  constructor(
    readonly kind: StreamFailureKind,
    message: string,
    readonly code: string = STREAM_FAILURES[kind].code,
  ) {
    super(message);
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Serve one streaming socket until it ends; the promise says how it ended. */
export function handleStreamSocket<O>(socket: StreamSocket, deps: StreamSocketDeps<O>): Promise<StreamSessionEnd> {
  const { clock, limits } = deps;
  const rate = createRateWindow(limits.maxFramesPerSecond);
  let phase: "awaitingStart" | "streaming" | "finishing" | "ended" = "awaitingStart";
  // Read through a function so the checks after an await see the current phase.
  const isEnded = () => phase === "ended";
  let order: { value: O } | null = null;
  let announced: { seq: number; capturedAtMs: number | null; bytes: number } | null = null;
  let lastSeq = -1;
  let frames = 0;
  let bytes = 0;
  let firstAt = 0;
  let lastAt = 0;
  let queued = 0;
  let chain: Promise<void> = Promise.resolve();
  let idle: ScheduledTimer | null = null;
  /** Set once the socket is closing or closed: nothing more is sent. */
  let socketClosed = false;
  /** How the session ended without a result, for an order that resolves only afterwards. */
  let abandonedWith: Omit<AbandonInfo, "summary"> | null = null;
  let settle: (end: StreamSessionEnd) => void = () => undefined;
  const ended = new Promise<StreamSessionEnd>((resolve) => (settle = resolve));

  const summary = (): StreamSummary => {
    const durationMs = frames >= 2 ? lastAt - firstAt : 0;
    const avgFps = durationMs > 0 ? Math.round(((frames - 1) * 1000 * 100) / durationMs) / 100 : 0;
    return { frames, durationMs, avgFps, bytes };
  };

  const send = (message: StreamServerMessage) => {
    if (socketClosed) return;
    try {
      socket.send(JSON.stringify(message));
    } catch {
      // The peer is gone; the close event ends the session.
    }
  };

  const close = (code: number, reason: string) => {
    if (socketClosed) return;
    socketClosed = true;
    try {
      socket.close(code, reason.slice(0, MAX_CLOSE_REASON));
    } catch {
      // Already closing.
    }
  };

  const notifyAbandoned = async (current: O, info: AbandonInfo) => {
    try {
      await deps.onAbandoned(current, info);
    } catch {
      // Nothing more can be done for this socket; the session still ends.
    }
  };

  /** End the session without a result, once; tells the service when an order is bound. */
  const abandon = async (reason: AbandonReason, code: string | null, message: string) => {
    if (isEnded()) return;
    phase = "ended";
    idle?.cancel();
    abandonedWith = { reason, code, message };
    const info: AbandonInfo = { ...abandonedWith, summary: summary() };
    if (order) await notifyAbandoned(order.value, info);
    settle({ kind: "abandoned", summary: info.summary, reason, code });
  };

  const fail = async (failure: StreamFailure) => {
    if (isEnded()) return;
    send({ type: "error", code: failure.code, message: failure.message });
    close(STREAM_FAILURES[failure.kind].close, failure.message);
    const reason: AbandonReason = failure.kind === "idleTimeout" ? "idle" : failure.kind === "internal" ? "error" : "violation";
    await abandon(reason, failure.code, failure.message);
  };

  const armIdle = () => {
    idle?.cancel();
    idle = clock.schedule(() => {
      void fail(new StreamFailure("idleTimeout", `no message for ${Math.round(limits.idleTimeoutMs / 1000)} s`));
    }, limits.idleTimeoutMs);
  };

  const acceptFrame = async (jpeg: Buffer, seq: number, capturedAtMs: number | null, at: number, current: O) => {
    if (jpeg.length < limits.minFrameBytes) {
      throw new StreamFailure("frameTooSmall", `frame ${seq} has ${jpeg.length} bytes, at least ${limits.minFrameBytes} are needed`);
    }
    if (jpeg.length > limits.maxFrameBytes) {
      throw new StreamFailure("frameTooLarge", `frame ${seq} has ${jpeg.length} bytes, at most ${limits.maxFrameBytes} are accepted`);
    }
    if (!isCompleteJpeg(jpeg)) throw new StreamFailure("notJpeg", `frame ${seq} is not a complete JPEG`);
    if (frames === 0) firstAt = at;
    lastAt = at;
    const index = frames;
    frames += 1;
    bytes += jpeg.length;
    await deps.onFrame?.(current, { seq, index, jpeg, receivedAtMs: at, capturedAtMs });
    send({ type: "ack", seq });
    if (frames % limits.progressEveryFrames === 0) send({ type: "progress", framesReceived: frames, step: "receiving" });
  };

  const handleStart = async (orderNo: string, sessionToken: string | undefined, deviceInfo: string | undefined) => {
    if (phase !== "awaitingStart") throw new StreamFailure("badMessage", "the session has already started");
    const resolution = await deps.resolveOrder(orderNo, sessionToken, deviceInfo);
    if (!resolution.ok) throw new StreamFailure("orderRejected", resolution.message, resolution.code);
    order = { value: resolution.order };
    // The session ended (peer gone, idle) while the order was being resolved: close the
    // attempt just opened, for the reason the session ended.
    if (isEnded()) {
      const why = abandonedWith ?? { reason: "disconnected", code: null, message: "the session ended during start" };
      await notifyAbandoned(resolution.order, { ...why, summary: summary() });
      return;
    }
    phase = "streaming";
    send({ type: "progress", framesReceived: 0, step: "ready" });
  };

  const handleEnd = async (reason: "done" | "cancel", current: O, light: LightShown) => {
    if (reason === "cancel") {
      close(STREAM_CLOSE_NORMAL, "cancelled");
      await abandon("cancel", null, "cancelled by the client");
      return;
    }
    phase = "finishing";
    idle?.cancel(); // verification may take longer than the idle timeout
    send({ type: "progress", framesReceived: frames, step: "verifying" });
    const result = summary();
    const accepted = await deps.onFinished(current, result, { light });
    phase = "ended";
    // The service verifies the frames off the socket; the page follows the attempt like an upload.
    send({ type: "verifying", attempt: accepted.attempt });
    close(STREAM_CLOSE_NORMAL, "verifying");
    settle({ kind: "finished", summary: result, attempt: accepted.attempt });
  };

  const handleText = async (buf: Buffer, at: number) => {
    if (announced) throw new StreamFailure("badMessage", `expected the binary frame announced by seq ${announced.seq}`);
    if (buf.length > MAX_TEXT_BYTES) throw new StreamFailure("frameTooLarge", `message of ${buf.length} bytes is too large`);
    let json: unknown;
    try {
      json = JSON.parse(buf.toString("utf8"));
    } catch {
      throw new StreamFailure("badMessage", "message is not JSON");
    }
    const parsed = z.safeParse(streamClientMessageSchema, json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "does not match the schema";
      throw new StreamFailure("badMessage", `invalid message: ${where}`);
    }
    const message = parsed.data;
    if (message.type === "start") return handleStart(message.orderNo, message.sessionToken, message.deviceInfo);
    if (phase !== "streaming" || order === null) throw new StreamFailure("badMessage", `"${message.type}" before "start"`);
    if (message.type === "end") return handleEnd(message.reason ?? "done", order.value, message.light ?? []);

    if (message.seq <= lastSeq) throw new StreamFailure("badMessage", `frame seq ${message.seq} does not follow ${lastSeq}`);
    lastSeq = message.seq;
    if (frames >= limits.maxFrames) throw new StreamFailure("tooManyFrames", `more than ${limits.maxFrames} frames`);
    if (!rate.admit(at)) throw new StreamFailure("rateLimited", `more than ${limits.maxFramesPerSecond} frames in one second`);
    const capturedAtMs = message.capturedAtMs ?? null;
    if ("jpeg" in message) {
      const jpeg = decodeBase64Strict(message.jpeg);
      if (jpeg === null) throw new StreamFailure("badMessage", `frame ${message.seq} is not valid base64`);
      return acceptFrame(jpeg, message.seq, capturedAtMs, at, order.value);
    }
    // Refuse an oversized or undersized announcement before the bytes are even read.
    const { seq, binaryBytes } = message;
    if (binaryBytes > limits.maxFrameBytes) {
      throw new StreamFailure("frameTooLarge", `frame ${seq} announces ${binaryBytes} bytes, at most ${limits.maxFrameBytes} are accepted`);
    }
    if (binaryBytes < limits.minFrameBytes) {
      throw new StreamFailure("frameTooSmall", `frame ${seq} announces ${binaryBytes} bytes, at least ${limits.minFrameBytes} are needed`);
    }
    announced = { seq, capturedAtMs, bytes: binaryBytes };
  };

  const handleBinary = async (buf: Buffer, at: number) => {
    if (announced === null || order === null) throw new StreamFailure("badMessage", "binary message without a frame announcing it");
    const { seq, capturedAtMs, bytes: expected } = announced;
    announced = null;
    if (buf.length !== expected) throw new StreamFailure("badMessage", `frame ${seq} has ${buf.length} bytes, ${expected} were announced`);
    await acceptFrame(buf, seq, capturedAtMs, at, order.value);
  };

  const process = async (data: RawMessage, isBinary: boolean, at: number) => {
    if (isEnded()) return;
    try {
      const buf = toBuffer(data);
      await (isBinary ? handleBinary(buf, at) : handleText(buf, at));
    } catch (error) {
      if (error instanceof StreamRefusedError) await fail(new StreamFailure("orderRejected", error.message, error.code));
      else await fail(error instanceof StreamFailure ? error : new StreamFailure("internal", `internal error: ${describe(error)}`));
    }
  };

  socket.on("message", (data, isBinary) => {
    if (phase === "ended" || phase === "finishing") return;
    const at = clock.now();
    armIdle();
    if (queued >= MAX_QUEUED) {
      void fail(new StreamFailure("rateLimited", "too many messages waiting; wait for acknowledgements"));
      return;
    }
    queued += 1;
    chain = chain.then(() => process(data, isBinary, at)).finally(() => {
      queued -= 1;
    });
  });

  const peerGone = (message: string) => {
    socketClosed = true;
    // While onFinished runs its verdict stands and handleEnd settles the session (the result
    // just has nowhere to go); at any other time the session is over.
    if (phase !== "finishing") void abandon("disconnected", null, message);
  };
  socket.on("close", () => peerGone("the client closed the connection"));
  // ws emits "error" before "close" on a broken connection; without a listener it would throw.
  socket.on("error", (error) => peerGone(`connection error: ${error.message}`));

  armIdle();
  return ended;
}
