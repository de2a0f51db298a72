/**
 * Test doubles shared by the live-handler tests (websocket, real-time video, messaging app):
 * a hand-driven clock with timers, a WebSocket double that plays the service's side of the
 * streaming protocol, frames, camera streams and an API client with just what they call.
 */
import { streamClientMessageSchema, type OrderConfig, type StreamServerMessage } from "../../schemas/api";
import { createStatsRecorder, type StatsRecorder } from "../../src/analytics/statsRecorder";
import type { ApiClient } from "../../src/api/client";
import type { CaptureDeps, CaptureEvent } from "../../src/capture/contract";
import type { OpenCameraResult } from "../../src/capture/permission";
import type { FrameSource } from "../../src/capture/stream/canvasFrames";
import type { WebSocketLike } from "../../src/capture/stream/streamConnection";
import { loadDefinitions } from "../engine/fixtures";
import { shippedCapture } from "./shippedKinds";

/** Lets every pending promise callback run (setImmediate comes after the microtask queue). */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ManualClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Moves time on by `ms`, running due timers in order and letting promises settle after each. */
  advance(ms: number): Promise<void>;
  pending(): number;
}

export function manualClock(): ManualClock {
  let t = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => t,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: t + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    async advance(ms) {
      const end = t + ms;
      await flush();
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        timers.delete(due[0]);
        t = Math.max(t, due[1].at);
        due[1].callback();
        await flush();
      }
      t = end;
      await flush();
    },
    pending: () => timers.size,
  };
}

export const ORDER_NO = "ORDER-0001-abcdef";

export function orderConfig(extra: Partial<OrderConfig> = {}): OrderConfig {
  return {
    orderNo: ORDER_NO,
    appId: "TIDA0001",
    h5faceId: "h5-0001",
    state: "in_progress",
    guidance: true,
    liveType: "3",
    actions: [],
    will: null,
    modes: { rtc: false, ws: true, prioriMode: false },
    theme: "",
    splashPage: false,
    protocolCorpName: "faceflow",
    popupContext: null,
    limits: {
      durationMs: { min: 1000, max: 5000 },
      toleranceMs: 300,
      minBytes: { ios: 150 * 1024, android: 50 * 1024, other: 50 * 1024 },
      maxBytes: 1536 * 1024,
      mimeTypes: ["video/mp4", "video/webm"],
    },
    prePictures: { wx: 5, h5: 5 },
    attempts: { max: 3, used: 0, left: 3 },
    ...extra,
  };
}

/** An API client whose every call fails loudly unless the test supplies it. */
export function fakeApi(overrides: Partial<ApiClient> = {}): ApiClient {
  const missing = (name: string) => () => {
    throw new Error(`the handler called api.${name}(), which this test did not expect`);
  };
  return {
    login: missing("login"),
    config: async () => orderConfig(),
    digits: missing("digits"),
    upload: missing("upload"),
    uploadWxVideo: missing("uploadWxVideo"),
    attemptState: missing("attemptState"),
    result: missing("result"),
    streamUrl: () => "ws://127.0.0.1:8080/api/v1/stream",
    streamSessionToken: () => undefined,
    demoCreateOrder: missing("demoCreateOrder"),
    demoVerify: missing("demoVerify"),
    ...overrides,
  } as ApiClient;
}

/** The handler's dependencies; its statistics are a real recorder, so a test reads what was recorded. */
export function captureDeps(clock: Pick<ManualClock, "now">, api: ApiClient = fakeApi(), launch: CaptureDeps["launch"] = {}): CaptureDeps & { stats: StatsRecorder } {
  return { win: {} as Window, now: clock.now, api, launch, capture: shippedCapture, apps: loadDefinitions().apps, stats: createStatsRecorder(clock.now) };
}

/** A camera stream double: tracks that record whether they were stopped. */
export function fakeStream(options: { audio?: boolean } = {}) {
  const makeTrack = (kind: "video" | "audio") => {
    const track = { kind, stopped: false, stop: () => void (track.stopped = true) };
    return track;
  };
  const video = makeTrack("video");
  const audio = options.audio ? makeTrack("audio") : null;
  const tracks = audio ? [video, audio] : [video];
  const stream = {
    getTracks: () => tracks,
    getVideoTracks: () => [video],
    getAudioTracks: () => (audio ? [audio] : []),
  } as unknown as MediaStream;
  return { stream, video, audio, released: () => tracks.every((t) => t.stopped) };
}

export function grantedCamera(stream: MediaStream): () => Promise<OpenCameraResult> {
  return async () => ({ ok: true, stream, elapsedMs: 120 });
}

/** Frames of `bytes` bytes each, ready at once unless told otherwise. */
export function fakeFrames(bytes = 4096) {
  let released = false;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let grabs = 0;
  const source: FrameSource = {
    ready,
    async grab() {
      grabs += 1;
      const jpeg = new Uint8Array(bytes);
      jpeg.set([0xff, 0xd8, 0xff], 0);
      jpeg.set([0xff, 0xd9], bytes - 2);
      return jpeg.buffer;
    },
    release: () => void (released = true),
  };
  return { source, ready: () => markReady(), grabs: () => grabs, released: () => released };
}

type Sent = { kind: "text"; json: unknown } | { kind: "binary"; bytes: number };

export interface ServiceScript {
  /** Answer start with "ready" (default true). */
  ready?: boolean;
  /** Acknowledge each frame (default true). */
  ack?: boolean;
  /** The attempt the service says it verifies after end (default 1); null: no answer to end. */
  accept?: number | null;
}

/**
 * A WebSocket double that plays the service: it checks every text message the client sends
 * against the protocol schema, and answers start, frames and end as the script says.
 */
export function fakeStreamService(script: ServiceScript = {}) {
  const sent: Sent[] = [];
  const invalid: unknown[] = [];
  const urls: string[] = [];
  let socket: (WebSocketLike & { readyState: number }) | null = null;
  let closedByClient: { code?: number; reason?: string } | null = null;

  const deliver = (message: StreamServerMessage | string) => {
    const data = typeof message === "string" ? message : JSON.stringify(message);
    socket?.onmessage?.(new MessageEvent("message", { data }));
  };
  const closeFromServer = (code: number) => {
    if (!socket) return;
    socket.readyState = 3;
    socket.onclose?.(Object.assign(new Event("close"), { code, reason: "" }) as CloseEvent);
  };

  let frames = 0;
  const open = (url: string): WebSocketLike => {
    urls.push(url);
    const created: WebSocketLike & { readyState: number } = {
      binaryType: "blob",
      readyState: 0,
      onopen: null,
      onmessage: null,
      onerror: null,
      onclose: null,
      send(data) {
        if (typeof data === "string") {
          const json: unknown = JSON.parse(data);
          sent.push({ kind: "text", json });
          if (!streamClientMessageSchema.safeParse(json).success) invalid.push(json);
          const type = (json as { type: string }).type;
          if (type === "start" && script.ready !== false) queueMicrotask(() => deliver({ type: "progress", framesReceived: 0, step: "ready" }));
          if (type === "end" && (json as { reason?: string }).reason !== "cancel" && script.accept !== null) {
            // As the service does: every frame received, the attempt handed to verification, the socket closed normally.
            queueMicrotask(() => {
              deliver({ type: "progress", framesReceived: frames, step: "verifying" });
              deliver({ type: "verifying", attempt: script.accept ?? 1 });
              closeFromServer(1000);
            });
          }
        } else {
          const bytes = data.byteLength;
          sent.push({ kind: "binary", bytes });
          const seq = frames;
          frames += 1;
          if (script.ack !== false) queueMicrotask(() => deliver({ type: "ack", seq }));
        }
      },
      close(code, reason) {
        closedByClient = { code, reason };
        created.readyState = 3;
      },
    };
    socket = created;
    // The connection opens on the next turn, as a real one would.
    queueMicrotask(() => {
      created.readyState = 1;
      created.onopen?.(new Event("open"));
    });
    return created;
  };

  return {
    open,
    sent,
    invalid,
    urls,
    deliver,
    closeFromServer,
    texts: () => sent.filter((s): s is Extract<Sent, { kind: "text" }> => s.kind === "text").map((s) => s.json as { type: string }),
    binaries: () => sent.filter((s) => s.kind === "binary").length,
    closedByClient: () => closedByClient,
  };
}

export function eventLog() {
  const events: CaptureEvent[] = [];
  return { events, onEvent: (event: CaptureEvent) => void events.push(event), types: () => events.map((e) => e.type) };
}
