/**
 * One attempt on the built service as a MODIFIED CLIENT would make it: the partner creates the
 * order (signed partner API, the demo app's kit), the "page" logs in from its own loopback
 * address, takes the attempt's challenge (digits, light) like the real page, and then sends
 * whatever media it likes, by upload (scrambled base64 and meta, as the page sends it) or on the
 * frame stream, reporting the light times an honest page would report. The verdict is read with
 * the long poll the page uses.
 */
import { createRequire } from "node:module";
import type { FaceflowPartner } from "@faceflow/partner";
import type { AttemptState, CapturePrompt, CreateOrderRequest, LoginResponse, UploadMeta } from "../../schemas/api";
import { streamServerMessageSchema, type StreamServerMessage } from "../../schemas/api";
import type { LightChallenge, LightShown } from "../../schemas/lightChallenge";
import { messageIdOf, scrambleBase64 } from "../../src/domain/scramble";
import { LoopbackClient, type Body } from "../verifyClient";

export type AttackMode = "silent" | "action" | "number" | "will";
export type ActionCode = "1" | "2" | "3" | "4";

export interface OrderSpec {
  mode: AttackMode;
  /** Action mode: the actions in order. */
  actions?: ActionCode[];
  /** Opens the frame stream to this order (launch option ws_mode_switch). */
  stream?: boolean;
  /**
   * Takes the light's opt-out route (a user who must not see flashing light): number mode's
   * digits from `GET /api/v1/digits?route=lightAlternative`, no light. Any client may.
   */
  optOut?: boolean;
}

export interface OpenAttempt {
  orderNo: string;
  client: LoopbackClient;
  config: LoginResponse["config"];
  digits: string | null;
  light: LightChallenge | null;
}

export interface Verdict {
  /** False also when the service refused the media before judging it (then `code` is the API error code). */
  passed: boolean;
  code: string;
  /** The checks that failed, by name. */
  failed: string[];
  /** What the first failing check said (cut to 400 characters): why a bona fide take was refused. */
  why?: string;
  /** Upload (or end of stream) to verdict. */
  verdictMs: number;
}

const VERDICT_TIMEOUT_MS = 180_000;
export const WILL_QUESTION = "您是否同意本次身份核验？";

function orderRequest(spec: OrderSpec, returnUrl: string): CreateOrderRequest {
  const base = { userId: `attack-bench-${spec.mode}`, returnUrl, guidance: false, maxAttempts: 1, ...(spec.stream ? { launch: { ws_mode_switch: "1" } } : {}) };
  if (spec.mode === "number") return { ...base, liveType: "1" };
  if (spec.mode === "action") return { ...base, liveType: "2", actions: spec.actions ?? ["1"] };
  if (spec.mode === "will") return { ...base, liveType: "3", will: { question: WILL_QUESTION } };
  return { ...base, liveType: "3" };
}

/** A new order of `spec`, logged in from `address`, its challenge drawn as the page draws it. */
export async function openAttempt(base: string, partner: FaceflowPartner, address: string, spec: OrderSpec): Promise<OpenAttempt> {
  const launch = await partner.createOrder(orderRequest(spec, `${base}/#/entry`));
  const client = new LoopbackClient(base, address);
  const login = await client.json<LoginResponse>("POST", "/api/v1/login", Object.fromEntries(new URL(launch.launchUrl).searchParams));
  if (spec.optOut) {
    if (!login.config.light?.alternative) throw new Error(`a ${spec.mode} order has no opt-out route from the light`);
    const { digits } = await client.json<{ digits: string }>("GET", "/api/v1/digits?route=lightAlternative");
    return { orderNo: launch.orderNo, client, config: login.config, digits, light: null };
  }
  let digits: string | null = null;
  if (spec.mode === "number") digits = (await client.json<{ digits: string }>("GET", "/api/v1/digits")).digits;
  // Number mode's light (when its checks ask for it) joins the digits' attempt, so it comes second.
  const light = login.config.light?.required ? (await client.json<{ light: LightChallenge }>("GET", "/api/v1/light")).light : null;
  return { orderNo: launch.orderNo, client, config: login.config, digits, light };
}

/** The multipart body of `POST /api/v1/upload`: scrambled base64 and its meta, as the page sends them. */
export async function uploadBody(recording: Buffer, meta: { durationMs: number; mimeType: string; prompts: CapturePrompt[]; light: LightShown }): Promise<Body> {
  const base64 = recording.toString("base64");
  const posArr: [number, number] = [1 + Math.floor(Math.random() * 250), 260 + Math.floor(Math.random() * 140)];
  const full: UploadMeta = { posArr, messageId: await messageIdOf(base64), durationMs: meta.durationMs, mimeType: meta.mimeType, size: recording.length, prompts: meta.prompts, ...(meta.light.length > 0 ? { light: meta.light } : {}) };
  const form = new FormData();
  form.append("meta", JSON.stringify(full));
  form.append("video", new Blob([scrambleBase64(base64, posArr)], { type: "text/plain" }), "video.txt");
  const encoded = new Request("http://127.0.0.1/", { method: "POST", body: form });
  return { type: encoded.headers.get("content-type") ?? "", bytes: Buffer.from(await encoded.arrayBuffer()) };
}

async function followToVerdict(client: LoopbackClient, state: AttemptState, start: number): Promise<Verdict> {
  while (state.state !== "judged") {
    if (performance.now() - start > VERDICT_TIMEOUT_MS) throw new Error(`no verdict after ${VERDICT_TIMEOUT_MS} ms`);
    state = await client.json<AttemptState>("GET", `/api/v1/attempts/${state.attempt}?waitMs=25000`);
  }
  const { outcome } = state;
  const failing = outcome.checks.filter((c) => !c.passed);
  return { passed: outcome.passed, code: outcome.code, failed: failing.map((c) => c.name), ...(failing[0] ? { why: failing[0].detail.slice(0, 400) } : {}), verdictMs: performance.now() - start };
}

/** A refusal before judging (HTTP 4xx with `{ code }`): the attack did not pass. */
function refused(text: string, status: number, start: number): Verdict {
  let code = `HTTP${status}`;
  try {
    code = (JSON.parse(text) as { code?: string }).code ?? code;
  } catch {
    /* not JSON: the status says it */
  }
  return { passed: false, code, failed: ["(refused)"], verdictMs: performance.now() - start };
}

/** Sends `recording` as the attempt's upload and waits for the verdict. */
export async function uploadRecording(attempt: OpenAttempt, recording: Buffer, meta: { durationMs: number; mimeType: string; prompts: CapturePrompt[]; light: LightShown }): Promise<Verdict> {
  const body = await uploadBody(recording, meta);
  const start = performance.now();
  const sent = await attempt.client.request("POST", "/api/v1/upload", body);
  if (sent.status !== 200) {
    if (sent.status >= 500 || sent.status === 429) throw new Error(`upload: HTTP ${sent.status} ${sent.text.slice(0, 300)}`);
    return refused(sent.text, sent.status, start);
  }
  return followToVerdict(attempt.client, JSON.parse(sent.text) as AttemptState, start);
}

interface WsClient {
  on(event: "open", listener: () => void): void;
  on(event: "message", listener: (data: Buffer) => void): void;
  on(event: "close", listener: () => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  send(data: string | Buffer): void;
  close(): void;
}
type WsConstructor = new (url: string, options: { headers: Record<string, string>; localAddress: string }) => WsClient;
/** The `ws` client (a dependency of @fastify/websocket); Node 20 has no global WebSocket. */
const WebSocketClient = createRequire(import.meta.url)("ws") as WsConstructor;

/**
 * Streams `frames` at `fps` on the service's clock (the service times frames by their arrival),
 * each sent as a binary message after its announcement, then `end` with the light times. A
 * refusal mid-stream (an `error` message) is the verdict.
 */
export async function streamFrames(base: string, attempt: OpenAttempt, frames: readonly Buffer[], fps: number, light: LightShown): Promise<Verdict> {
  const cookie = [...attempt.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const ws = new WebSocketClient(`${base.replace("http", "ws")}/api/v1/stream`, { headers: { cookie }, localAddress: attempt.client.localAddress });
  const messages: StreamServerMessage[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  ws.on("message", (data) => {
    messages.push(streamServerMessageSchema.parse(JSON.parse(data.toString("utf8"))));
    wake?.();
  });
  ws.on("close", () => {
    closed = true;
    wake?.();
  });
  await new Promise<void>((resolve, reject) => {
    ws.on("open", resolve);
    ws.on("error", reject);
  });
  const next = async (type: StreamServerMessage["type"]): Promise<StreamServerMessage> => {
    for (;;) {
      const at = messages.findIndex((m) => m.type === type || m.type === "error");
      if (at >= 0) return messages.splice(0, at + 1)[at] as StreamServerMessage;
      if (closed) throw new Error(`the stream closed without "${type}"`);
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  const start = performance.now();
  try {
    ws.send(JSON.stringify({ type: "start", orderNo: attempt.orderNo }));
    const t0 = performance.now();
    for (let seq = 0; seq < frames.length; seq++) {
      const wait = t0 + (seq * 1000) / fps - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const jpeg = frames[seq] as Buffer;
      ws.send(JSON.stringify({ type: "frame", seq, capturedAtMs: Math.round(performance.now() - t0), binaryBytes: jpeg.length }));
      ws.send(jpeg);
      // Acks are not waited for (a page pipelines its frames): waiting would drift the pacing on a busy machine.
      const error = messages.find((m) => m.type === "error");
      if (error) return refused(JSON.stringify(error), 400, start);
    }
    const endAt = performance.now();
    ws.send(JSON.stringify({ type: "end", reason: "done", ...(light.length > 0 ? { light } : {}) }));
    const verifying = await next("verifying");
    if (verifying.type !== "verifying") return refused(JSON.stringify(verifying), 400, start);
    const state = await attempt.client.json<AttemptState>("GET", `/api/v1/attempts/${verifying.attempt}?waitMs=25000`);
    return await followToVerdict(attempt.client, state, endAt);
  } finally {
    ws.close();
  }
}
