import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamServerMessageSchema, type CreateOrderRequest, type StreamServerMessage } from "../../schemas/api";
import type { StreamClock } from "../../src/server/stream/streamClock";
import { Browser, launchParams, orderRequest, startService, type Service } from "./harness";

/** The `ws` client (a dependency of @fastify/websocket); Node 20 has no global WebSocket. */
interface WsClient {
  on(event: "open", listener: () => void): void;
  on(event: "message", listener: (data: Buffer, isBinary: boolean) => void): void;
  on(event: "close", listener: (code: number, reason: Buffer) => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  send(data: string | Buffer): void;
}
type WsConstructor = new (url: string, options?: { headers?: Record<string, string> }) => WsClient;
const WebSocketClient = createRequire(import.meta.url)("ws") as WsConstructor;

/** Every call is 100 ms after the previous one: frames arrive "10 fps" whatever the machine does. */
function steppingClock(): StreamClock {
  let t = Date.UTC(2030, 0, 1);
  return {
    now: () => (t += 100),
    schedule(callback, ms) {
      const handle = setTimeout(callback, ms);
      return { cancel: () => clearTimeout(handle) };
    },
  };
}

const jpeg = (seq: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, seq % 251), Buffer.from([0xff, 0xd9])]);

interface Conversation {
  messages: StreamServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  sendBinary(bytes: Buffer): void;
  next(type: StreamServerMessage["type"]): Promise<StreamServerMessage>;
}

function connect(service: Service, browser: Browser | null): Promise<Conversation> {
  const ws = new WebSocketClient(`${service.baseUrl.replace("http", "ws")}/api/v1/stream`, {
    headers: browser ? { cookie: browser.cookieHeader() } : {},
  });
  const messages: StreamServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on("message", (data) => {
    messages.push(streamServerMessageSchema.parse(JSON.parse(data.toString("utf8"))));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })));
  let seen = 0;
  const conversation: Conversation = {
    messages,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    sendBinary: (bytes) => ws.send(bytes),
    async next(type) {
      for (;;) {
        const found = messages.slice(seen).find((m) => m.type === type || m.type === "error");
        if (found) {
          seen = messages.indexOf(found) + 1;
          return found;
        }
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
  return new Promise((resolve, reject) => {
    ws.on("open", () => resolve(conversation));
    ws.on("error", reject);
  });
}

let service: Service;
beforeAll(async () => {
  service = await startService({ streamClock: steppingClock() });
});
afterAll(() => service.close());

async function loggedIn(extra: Partial<CreateOrderRequest> = {}) {
  const created = await service.partner.createOrder(orderRequest(service, extra));
  const browser = new Browser(service.baseUrl);
  expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
  return { created, browser };
}

describe("WebSocket /api/v1/stream", () => {
  it("streams inline and binary JPEG frames to a verdict that finishes the order", async () => {
    const { created, browser } = await loggedIn();
    const c = await connect(service, browser);
    c.send({ type: "start", orderNo: created.orderNo });
    expect(await c.next("progress")).toMatchObject({ type: "progress", step: "ready" });
    for (let seq = 0; seq < 20; seq++) {
      if (seq % 2 === 0) {
        c.send({ type: "frame", seq, jpeg: jpeg(seq).toString("base64") });
      } else {
        c.send({ type: "frame", seq, binaryBytes: jpeg(seq).length });
        c.sendBinary(jpeg(seq));
      }
      expect(await c.next("ack")).toEqual({ type: "ack", seq });
    }
    c.send({ type: "end" });
    const result = await c.next("result");
    expect(result).toMatchObject({ type: "result", passed: true, code: "0", finished: true });
    expect((await c.closed).code).toBe(1000);

    const view = await service.partner.getOrder(created.orderNo);
    expect(view.state).toBe("passed");
    expect(view.attempts.at(-1)).toMatchObject({ channel: "stream", status: "passed", verifier: "faceflow-stream-checks" });
    expect(service.partner.verifyReturn(view.result ?? {}).valid).toBe(true);
  });

  it("refuses a socket without a session, and an orderNo that is not the session's", async () => {
    const { created } = await loggedIn();
    const anonymous = await connect(service, null);
    anonymous.send({ type: "start", orderNo: created.orderNo });
    expect(await anonymous.next("error")).toMatchObject({ type: "error", code: "SESSION_INVALID" });
    expect((await anonymous.closed).code).toBe(4403);

    const { browser } = await loggedIn();
    const wrong = await connect(service, browser);
    wrong.send({ type: "start", orderNo: created.orderNo });
    expect(await wrong.next("error")).toMatchObject({ code: "SESSION_INVALID" });
  });

  it("number mode streams only after digits were handed out", async () => {
    const { created, browser } = await loggedIn({ liveType: "1", actions: undefined });
    const early = await connect(service, browser);
    early.send({ type: "start", orderNo: created.orderNo });
    expect(await early.next("error")).toMatchObject({ code: "DIGITS_REQUIRED" });
    const { digits } = (await browser.request("GET", "/api/v1/digits")).json as { digits: string };
    const c = await connect(service, browser);
    c.send({ type: "start", orderNo: created.orderNo });
    expect(await c.next("progress")).toMatchObject({ step: "ready" });
    c.send({ type: "end", reason: "cancel" });
    await c.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts.at(-1)).toMatchObject({ channel: "stream", status: "abandoned", digits, code: "cancel" });
    expect(view.state).toBe("in_progress");
  });

  it("a malformed message ends the stream with BAD_REQUEST and a rejected attempt", async () => {
    const { created, browser } = await loggedIn();
    const c = await connect(service, browser);
    c.send({ type: "start", orderNo: created.orderNo });
    await c.next("progress");
    c.send({ type: "frame", seq: 0, jpeg: "not base64!" });
    expect(await c.next("error")).toMatchObject({ code: "BAD_REQUEST" });
    expect((await c.closed).code).toBe(4400);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts.at(-1)).toMatchObject({ channel: "stream", status: "rejected", code: "BAD_REQUEST" });
  });
});
