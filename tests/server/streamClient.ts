/**
 * The frame stream's WebSocket (`/api/v1/stream`), opened as a browser would, with its cookies.
 */
import { createRequire } from "node:module";
import { streamServerMessageSchema, type StreamServerMessage } from "../../schemas/api";
import type { StreamClock } from "../../src/server/stream/streamClock";
import type { Browser, Service } from "./harness";

/** The `ws` client (a dependency of @fastify/websocket); Node 20 has no global WebSocket. */
interface WsClient {
  on(event: "open", listener: () => void): void;
  on(event: "message", listener: (data: Buffer, isBinary: boolean) => void): void;
  on(event: "close", listener: (code: number, reason: Buffer) => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  send(data: string | Buffer): void;
  close(): void;
}
type WsConstructor = new (url: string, options?: { headers?: Record<string, string> }) => WsClient;
const WebSocketClient = createRequire(import.meta.url)("ws") as WsConstructor;

export interface StreamConversation {
  /** Every message the service sent, each checked against the contract. */
  messages: StreamServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  sendBinary(bytes: Buffer): void;
  /** The next message of `type` (or an error, whatever was asked) after the last one returned. */
  next(type: StreamServerMessage["type"]): Promise<StreamServerMessage>;
  close(): void;
}

/**
 * Open `/api/v1/stream` with the browser's cookies (none: `null`); `origin` is the page's as a
 * browser sends it (none by default, like a client that is no browser), `query` the URL's.
 * Rejects when the service refuses the upgrade (the error names its HTTP status).
 */
export function connectStream(service: Pick<Service, "baseUrl">, browser: Browser | null, options: { origin?: string; query?: string } = {}): Promise<StreamConversation> {
  const ws = new WebSocketClient(`${service.baseUrl.replace("http", "ws")}/api/v1/stream${options.query ?? ""}`, {
    headers: { ...(browser ? { cookie: browser.cookieHeader() } : {}), ...(options.origin ? { origin: options.origin } : {}) },
  });
  const messages: StreamServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on("message", (data) => {
    messages.push(streamServerMessageSchema.parse(JSON.parse(data.toString("utf8"))));
    for (const wake of waiters.splice(0)) wake();
  });
  let isClosed = false;
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => {
      isClosed = true;
      resolve({ code, reason: reason.toString() });
      for (const wake of waiters.splice(0)) wake();
    }),
  );
  let seen = 0;
  const conversation: StreamConversation = {
    messages,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    sendBinary: (bytes) => ws.send(bytes),
    close: () => ws.close(),
    async next(type) {
      for (;;) {
        const at = messages.slice(seen).findIndex((m) => m.type === type || m.type === "error");
        if (at >= 0) {
          seen += at + 1;
          return messages[seen - 1] as StreamServerMessage;
        }
        if (isClosed) throw new Error(`the stream closed without a "${type}" message; it sent ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
  return new Promise((resolve, reject) => {
    ws.on("open", () => resolve(conversation));
    ws.on("error", reject);
  });
}

/** Every call is 100 ms after the previous one: frames arrive "10 fps" whatever the machine does. */
export function steppingClock(): StreamClock {
  let t = Date.UTC(2030, 0, 1);
  return {
    now: () => (t += 100),
    schedule(callback, ms) {
      const handle = setTimeout(callback, ms);
      return { cancel: () => clearTimeout(handle) };
    },
  };
}
