import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { streamServerMessageSchema, type StreamServerMessage } from "../../schemas/api";
import type { StreamLimits } from "../../schemas/capture";
import {
  handleStreamSocket,
  StreamRefusedError,
  type AbandonInfo,
  type OrderResolution,
  type RawMessage,
  type StreamFrame,
  type StreamSocket,
  type StreamSummary,
} from "../../src/server/stream/socket";
import type { StreamClock } from "../../src/server/stream/streamClock";

type Listener = (...args: never[]) => void;

/** A socket that records what the handler sends; every sent message must match the shared schema. */
class FakeSocket implements StreamSocket {
  readonly sent: StreamServerMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  private readonly listeners = new Map<string, Listener[]>();

  on(event: "message", listener: (data: RawMessage, isBinary: boolean) => void): this;
  on(event: "close", listener: () => void): this;
  on(event: "error", listener: (error: Error) => void): this;
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  send(data: string): void {
    if (this.closed) throw new Error("send after close");
    this.sent.push(z.parse(streamServerMessageSchema, JSON.parse(data)));
  }

  close(code: number, reason: string): void {
    if (this.closed) throw new Error("closed twice");
    expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(123);
    this.closed = { code, reason };
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }

  text(message: unknown): void {
    this.emit("message", Buffer.from(typeof message === "string" ? message : JSON.stringify(message)), false);
  }

  binary(bytes: Buffer): void {
    this.emit("message", bytes, true);
  }

  peerClose(): void {
    this.emit("close", 1001, Buffer.alloc(0));
  }

  ofType<T extends StreamServerMessage["type"]>(type: T): Extract<StreamServerMessage, { type: T }>[] {
    return this.sent.filter((m): m is Extract<StreamServerMessage, { type: T }> => m.type === type);
  }
}

function fakeClock(): StreamClock & { advance(ms: number): void } {
  let now = 1_000_000;
  let timers: { at: number; callback: () => void; cancelled: boolean }[] = [];
  return {
    now: () => now,
    schedule(callback, ms) {
      const timer = { at: now + ms, callback, cancelled: false };
      timers.push(timer);
      return { cancel: () => void (timer.cancelled = true) };
    },
    advance(ms) {
      now += ms;
      const due = timers.filter((t) => !t.cancelled && t.at <= now);
      timers = timers.filter((t) => !due.includes(t));
      for (const t of due) t.callback();
    },
  };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

const limits: StreamLimits = {
  minFrameBytes: 100,
  maxFrameBytes: 5000,
  maxFramesPerSecond: 5,
  maxFrames: 8,
  idleTimeoutMs: 3000,
  progressEveryFrames: 3,
};

/** A minimal complete JPEG: SOI, an APP0 marker byte, filler, EOI. */
function jpeg(size: number, fill = 0x42): Buffer {
  const bytes = Buffer.alloc(size, fill);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}

/** What the service answers `end` with: the attempt it queued, which the page then follows. */
const accepted = { attempt: 3 };

function setup(overrides: { limits?: Partial<StreamLimits>; resolveOrder?: (orderNo: string) => Promise<OrderResolution<string>>; onFinished?: () => Promise<{ attempt: number }> } = {}) {
  const socket = new FakeSocket();
  const clock = fakeClock();
  const calls = {
    resolved: [] as string[],
    frames: [] as StreamFrame[],
    finished: [] as StreamSummary[],
    abandoned: [] as AbandonInfo[],
  };
  const session = handleStreamSocket<string>(socket, {
    clock,
    limits: { ...limits, ...overrides.limits },
    resolveOrder:
      overrides.resolveOrder ??
      (async (orderNo) => {
        calls.resolved.push(orderNo);
        return { ok: true, order: `order:${orderNo}` };
      }),
    onFrame: (order, frame) => {
      expect(order).toBe("order:ORDER0001");
      calls.frames.push(frame);
    },
    onFinished: async (order, summary) => {
      expect(order).toBe("order:ORDER0001");
      calls.finished.push(summary);
      return overrides.onFinished ? overrides.onFinished() : accepted;
    },
    onAbandoned: (_order, info) => void calls.abandoned.push(info),
  });
  const frame = (seq: number, bytes = jpeg(500)) => socket.text({ type: "frame", seq, jpeg: bytes.toString("base64") });
  return { socket, clock, calls, session, frame };
}

async function started() {
  const ctx = setup();
  ctx.socket.text({ type: "start", orderNo: "ORDER0001" });
  await flush();
  return ctx;
}

function expectClosedWith(socket: FakeSocket, close: number, code: string) {
  expect(socket.closed?.code).toBe(close);
  const errors = socket.ofType("error");
  expect(errors).toHaveLength(1);
  expect(errors[0]?.code).toBe(code);
}

describe("handleStreamSocket", () => {
  it("streams frames, acknowledges each, reports progress, hands the summary over and sends the attempt to follow", async () => {
    const { socket, clock, calls, session, frame } = await started();
    expect(calls.resolved).toEqual(["ORDER0001"]);
    expect(socket.sent[0]).toEqual({ type: "progress", framesReceived: 0, step: "ready" });
    for (let seq = 0; seq < 4; seq++) {
      frame(seq, jpeg(500 + seq));
      await flush();
      clock.advance(100);
    }
    expect(socket.ofType("ack").map((m) => m.seq)).toEqual([0, 1, 2, 3]);
    expect(socket.ofType("progress").map((m) => [m.framesReceived, m.step])).toEqual([[0, "ready"], [3, "receiving"]]);
    socket.text({ type: "end", reason: "done" });
    await flush();
    expect(calls.finished).toEqual([{ frames: 4, durationMs: 300, avgFps: 10, bytes: 500 + 501 + 502 + 503 }]);
    expect(socket.ofType("progress").at(-1)).toEqual({ type: "progress", framesReceived: 4, step: "verifying" });
    expect(socket.sent.at(-1)).toEqual({ type: "verifying", attempt: 3 });
    expect(socket.ofType("verifying")).toHaveLength(1);
    expect(socket.closed).toEqual({ code: 1000, reason: "verifying" });
    expect(calls.abandoned).toEqual([]);
    expect(await session).toEqual({ kind: "finished", summary: calls.finished[0], attempt: 3 });
    expect(calls.frames.map((f) => [f.seq, f.index, f.jpeg.length])).toEqual([[0, 0, 500], [1, 1, 501], [2, 2, 502], [3, 3, 503]]);
  });

  it("accepts binary frames announced by a frame message and hands over the exact bytes", async () => {
    const { socket, calls } = await started();
    const bytes = jpeg(777, 0x17);
    socket.text({ type: "frame", seq: 5, capturedAtMs: 123, binaryBytes: bytes.length });
    socket.binary(bytes);
    await flush();
    expect(socket.ofType("ack")).toEqual([{ type: "ack", seq: 5 }]);
    expect(calls.frames[0]?.jpeg.equals(bytes)).toBe(true);
    expect(calls.frames[0]?.capturedAtMs).toBe(123);
  });

  it("holds frames sent right behind start until the order resolves", async () => {
    let release: (r: OrderResolution<string>) => void = () => undefined;
    const { socket, frame, calls } = setup({ resolveOrder: () => new Promise((resolve) => (release = resolve)) });
    socket.text({ type: "start", orderNo: "ORDER0001" });
    frame(0);
    await flush();
    expect(socket.sent).toEqual([]);
    release({ ok: true, order: "order:ORDER0001" });
    await flush();
    expect(socket.sent.map((m) => m.type)).toEqual(["progress", "ack"]);
    expect(calls.frames).toHaveLength(1);
  });

  describe("protocol violations end the session with an error and a 4xxx close", () => {
    const cases: [string, (ctx: Awaited<ReturnType<typeof started>>) => void, number, string, RegExp][] = [
      ["not JSON", ({ socket }) => socket.text("{nope"), 4400, "BAD_REQUEST", /not JSON/],
      ["unknown message type", ({ socket }) => socket.text({ type: "hello" }), 4400, "BAD_REQUEST", /invalid message/],
      ["extra fields", ({ socket }) => socket.text({ type: "end", extra: 1 }), 4400, "BAD_REQUEST", /invalid message/],
      ["start twice", ({ socket }) => socket.text({ type: "start", orderNo: "ORDER0001" }), 4400, "BAD_REQUEST", /already started/],
      ["seq going backwards", ({ frame }) => (frame(3), frame(3)), 4400, "BAD_REQUEST", /seq 3 does not follow 3/],
      ["bad base64", ({ socket }) => socket.text({ type: "frame", seq: 0, jpeg: "@@@@" }), 4400, "BAD_REQUEST", /base64/],
      ["binary without announcement", ({ socket }) => socket.binary(jpeg(500)), 4400, "BAD_REQUEST", /without a frame/],
      [
        "binary of the wrong length",
        ({ socket }) => (socket.text({ type: "frame", seq: 0, binaryBytes: 600 }), socket.binary(jpeg(500))),
        4400, "BAD_REQUEST", /500 bytes, 600 were announced/,
      ],
      [
        "text while a binary frame is due",
        ({ socket }) => (socket.text({ type: "frame", seq: 0, binaryBytes: 600 }), socket.text({ type: "end" })),
        4400, "BAD_REQUEST", /binary frame announced/,
      ],
      ["a frame that is not a JPEG", ({ frame }) => frame(0, Buffer.alloc(500, 1)), 4415, "UNSUPPORTED_MEDIA_TYPE", /not a complete JPEG/],
      ["a JPEG cut short (no EOI)", ({ frame }) => frame(0, jpeg(500).subarray(0, 499)), 4415, "UNSUPPORTED_MEDIA_TYPE", /JPEG/],
      ["a picture too small", ({ frame }) => frame(0, jpeg(99)), 4422, "STREAM_FRAME_TOO_SMALL", /at least 100/],
      ["a picture too large", ({ frame }) => frame(0, jpeg(5001)), 4413, "PAYLOAD_TOO_LARGE", /at most 5000/],
      [
        "an announced frame too large",
        ({ socket }) => socket.text({ type: "frame", seq: 0, binaryBytes: 6000 }),
        4413, "PAYLOAD_TOO_LARGE", /announces 6000/,
      ],
    ];
    for (const [name, act, close, code, message] of cases) {
      it(name, async () => {
        const ctx = await started();
        act(ctx);
        await flush();
        expectClosedWith(ctx.socket, close, code);
        expect(ctx.socket.ofType("error")[0]?.message).toMatch(message);
        expect(ctx.calls.abandoned).toHaveLength(1);
        expect(ctx.calls.abandoned[0]).toMatchObject({ reason: "violation", code });
        expect(ctx.calls.finished).toEqual([]);
        const end = await ctx.session;
        expect(end).toMatchObject({ kind: "abandoned", reason: "violation", code });
      });
    }

    it("a frame before start, without touching any order", async () => {
      const { socket, frame, calls, session } = setup();
      frame(0);
      await flush();
      expectClosedWith(socket, 4400, "BAD_REQUEST");
      expect(socket.ofType("error")[0]?.message).toMatch(/before "start"/);
      expect([calls.resolved, calls.abandoned]).toEqual([[], []]);
      expect((await session).kind).toBe("abandoned");
    });

    it("an order the service refuses, with the service's code", async () => {
      const { socket, calls } = setup({ resolveOrder: async () => ({ ok: false, code: "ORDER_FINISHED", message: "already finished" }) });
      socket.text({ type: "start", orderNo: "ORDER0001" });
      await flush();
      expectClosedWith(socket, 4403, "ORDER_FINISHED");
      expect(calls.abandoned).toEqual([]);
    });
  });

  describe("limits", () => {
    it("refuses more frames per second than allowed, but takes that rate when sustained", async () => {
      const sustained = await started();
      for (let seq = 0; seq < 8; seq++) {
        sustained.frame(seq);
        sustained.clock.advance(200);
      }
      await flush();
      expect(sustained.socket.ofType("ack")).toHaveLength(8);
      expect(sustained.socket.closed).toBeNull();

      const burst = await started();
      for (let seq = 0; seq < 6; seq++) burst.frame(seq);
      await flush();
      expect(burst.socket.ofType("ack")).toHaveLength(5);
      expectClosedWith(burst.socket, 4429, "RATE_LIMITED");
    });

    it("refuses the frame after maxFrames as a recording too long", async () => {
      const { socket, clock, frame, calls } = await started();
      for (let seq = 0; seq < 9; seq++) {
        frame(seq);
        clock.advance(250);
      }
      await flush();
      expect(socket.ofType("ack")).toHaveLength(8);
      expectClosedWith(socket, 4414, "VIDEO_TOO_LONG");
      expect(calls.abandoned[0]?.summary.frames).toBe(8);
    });
  });

  describe("idle timeout", () => {
    it("closes a session that goes quiet, and reports it abandoned", async () => {
      const { socket, clock, frame, calls, session } = await started();
      clock.advance(2000);
      frame(0);
      await flush();
      clock.advance(2999);
      expect(socket.closed).toBeNull();
      clock.advance(1);
      await flush();
      expectClosedWith(socket, 4408, "STREAM_IDLE_TIMEOUT");
      expect(calls.abandoned).toMatchObject([{ reason: "idle", summary: { frames: 1 } }]);
      expect(await session).toMatchObject({ kind: "abandoned", reason: "idle" });
    });

    it("closes a socket that never starts", async () => {
      const { socket, clock, calls } = setup();
      clock.advance(3000);
      await flush();
      expectClosedWith(socket, 4408, "STREAM_IDLE_TIMEOUT");
      expect(calls.abandoned).toEqual([]);
    });

    it("does not time out while the frames are being handed over for verification", async () => {
      let release: (a: { attempt: number }) => void = () => undefined;
      const { socket, clock, frame, session } = setup({ onFinished: () => new Promise((resolve) => (release = resolve)) });
      socket.text({ type: "start", orderNo: "ORDER0001" });
      frame(0);
      socket.text({ type: "end" });
      await flush();
      clock.advance(10_000);
      expect(socket.closed).toBeNull();
      release(accepted);
      await flush();
      expect(socket.sent.at(-1)).toEqual({ type: "verifying", attempt: 3 });
      expect(socket.ofType("error")).toEqual([]);
      expect((await session).kind).toBe("finished");
    });
  });

  describe("ending without a result", () => {
    it("cancel closes normally and abandons the attempt", async () => {
      const { socket, frame, calls, session } = await started();
      frame(0);
      socket.text({ type: "end", reason: "cancel" });
      await flush();
      expect(socket.closed?.code).toBe(1000);
      expect(socket.ofType("verifying")).toEqual([]);
      expect(calls.abandoned).toMatchObject([{ reason: "cancel", code: null, summary: { frames: 1 } }]);
      expect(calls.finished).toEqual([]);
      expect((await session).kind).toBe("abandoned");
    });

    it("a dropped connection abandons the attempt once", async () => {
      const { socket, calls, session } = await started();
      socket.peerClose();
      socket.peerClose();
      await flush();
      expect(calls.abandoned).toMatchObject([{ reason: "disconnected" }]);
      expect(await session).toMatchObject({ kind: "abandoned", reason: "disconnected" });
    });

    it("a connection dropped while the order resolves still closes the attempt it opened", async () => {
      let release: (r: OrderResolution<string>) => void = () => undefined;
      const { socket, calls } = setup({ resolveOrder: () => new Promise((resolve) => (release = resolve)) });
      socket.text({ type: "start", orderNo: "ORDER0001" });
      await flush();
      socket.peerClose();
      await flush();
      expect(calls.abandoned).toEqual([]);
      release({ ok: true, order: "order:ORDER0001" });
      await flush();
      expect(calls.abandoned).toMatchObject([{ reason: "disconnected" }]);
      expect(socket.sent).toEqual([]);
    });

    it("a connection dropped while the frames are handed over keeps the attempt and abandons nothing", async () => {
      let release: (a: { attempt: number }) => void = () => undefined;
      const { socket, frame, calls, session } = setup({ onFinished: () => new Promise((resolve) => (release = resolve)) });
      socket.text({ type: "start", orderNo: "ORDER0001" });
      frame(0);
      socket.text({ type: "end" });
      await flush();
      socket.peerClose();
      release(accepted);
      await flush();
      expect(calls.abandoned).toEqual([]);
      expect(socket.ofType("verifying")).toEqual([]);
      expect(await session).toMatchObject({ kind: "finished", attempt: 3 });
    });

    it("the service refusing the finished stream (StreamRefusedError) sends its code, closes 4403 and abandons the attempt", async () => {
      const { socket, frame, calls, session } = setup({
        onFinished: () => Promise.reject(new StreamRefusedError("VERIFICATION_IN_PROGRESS", "another recording is being verified")),
      });
      socket.text({ type: "start", orderNo: "ORDER0001" });
      frame(0);
      socket.text({ type: "end" });
      await flush();
      expectClosedWith(socket, 4403, "VERIFICATION_IN_PROGRESS");
      expect(socket.ofType("error")[0]?.message).toBe("another recording is being verified");
      expect(socket.ofType("verifying")).toEqual([]);
      expect(calls.abandoned).toMatchObject([{ reason: "violation", code: "VERIFICATION_IN_PROGRESS", summary: { frames: 1 } }]);
      expect(await session).toMatchObject({ kind: "abandoned", code: "VERIFICATION_IN_PROGRESS" });
    });

    it("a failing verdict dependency becomes an internal error and abandons the attempt", async () => {
      const { socket, frame, calls } = setup({ onFinished: () => Promise.reject(new Error("database is locked")) });
      socket.text({ type: "start", orderNo: "ORDER0001" });
      frame(0);
      socket.text({ type: "end" });
      await flush();
      expectClosedWith(socket, 1011, "INTERNAL");
      expect(calls.abandoned).toMatchObject([{ reason: "error", code: "INTERNAL" }]);
    });
  });
});
