/**
 * A real service on 127.0.0.1, port 0, with a temporary SQLite file and media directory,
 * plus what the tests drive it with: the partner kit, a cookie-keeping "browser", launch URL
 * helpers, recordings in the upload wire format, the long poll to a verdict, the frame
 * stream's WebSocket, stand-ins for the verification worker pool and a look into the store.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { createFaceflowPartner, type FaceflowPartner } from "@faceflow/partner";
import { messageIdOf, scrambleBase64 } from "../../src/domain/scramble";
import { buildApp, type BuildAppOptions } from "../../src/server/app";
import { BUILT_IN_DEMO_SECRET, DEMO_APP_ID } from "../../src/server/apps";
import { createStore, type Store } from "../../src/server/store";
import {
  attemptStateSchema,
  type AttemptState,
  type CapturePrompt,
  type CreateOrderRequest,
  type UploadGuidance,
  type UploadMeta,
} from "../../schemas/api";
import { lightResponseSchema, type LightChallenge, type LightShown } from "../../schemas/lightChallenge";

export const DEMO_SECRET = BUILT_IN_DEMO_SECRET;
export const DEMO_APP = DEMO_APP_ID;

export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export function testClock(start = Date.UTC(2030, 0, 1)): TestClock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

export interface Service {
  app: FastifyInstance;
  baseUrl: string;
  dir: string;
  mediaDir: string;
  dbPath: string;
  partner: FaceflowPartner;
  /** A partner kit for another app id/secret against the same service. */
  partnerFor(appId: string, secret: string, now?: () => number): FaceflowPartner;
  close(): Promise<void>;
}

/** Tests make many calls a minute; the rate-limit test sets its own small limits. */
const RELAXED = Object.fromEntries(
  (["login", "upload", "session", "partner", "demo"] as const).map((k) => [k, { max: 100_000, timeWindowMs: 60_000 }]),
);

export interface HarnessOptions {
  /**
   * Keep the store and media in this directory (made and removed by the caller) instead of a
   * fresh temporary one, and leave it on close: a second service started on the same `dir`
   * is the first one restarted.
   */
  dir?: string;
}

export async function startService(options: Partial<BuildAppOptions> = {}, harness: HarnessOptions = {}): Promise<Service> {
  const dir = harness.dir ?? mkdtempSync(join(tmpdir(), "faceflow-server-test-"));
  const mediaDir = join(dir, "media");
  const dbPath = join(dir, "faceflow.sqlite");
  const app = await buildApp({ dbPath, mediaDir, ...options, rateLimits: { ...RELAXED, ...options.rateLimits } });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no listening address");
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const now = options.clock ? () => options.clock?.now() ?? Date.now() : Date.now;
  const partnerFor = (appId: string, secret: string, clockNow: () => number = now) =>
    createFaceflowPartner({ baseUrl, appId, secret, now: clockNow });
  return {
    app,
    baseUrl,
    dir,
    mediaDir,
    dbPath,
    partner: partnerFor(DEMO_APP, DEMO_SECRET),
    partnerFor,
    async close() {
      // A keep-alive connection on which fetch never sent a request is not "idle" to node, so
      // the server would wait for it to time out (72 s): after a grace for the requests in
      // flight, every connection is closed.
      const grace = setTimeout(() => app.server.closeAllConnections(), 2_000);
      await app.close();
      clearTimeout(grace);
      if (harness.dir === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A minimal order for the demo app, returning to the service's own origin. */
export function orderRequest(service: Service, extra: Partial<CreateOrderRequest> = {}): CreateOrderRequest {
  return { userId: "user-1", liveType: "2", actions: ["2"], returnUrl: `${service.baseUrl}/#/entry`, ...extra };
}

/** The launch URL's query as a plain record (what the browser sends to login). */
export function launchParams(launchUrl: string): Record<string, string> {
  return Object.fromEntries(new URL(launchUrl).searchParams);
}

export interface HttpResult {
  status: number;
  headers: Headers;
  json: unknown;
}

/** A browser: keeps cookies between requests like a real one would for one origin. */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly setCookieHeaders: string[] = [];
  constructor(
    private readonly baseUrl: string,
    private readonly userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140 Safari/537.36",
  ) {}

  /** fetch with this browser's cookies; usable as the API client's fetch. */
  readonly fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === "string" ? (input.startsWith("http") ? input : this.baseUrl + input) : input;
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set("cookie", this.cookieHeader());
    headers.set("user-agent", this.userAgent);
    const response = await fetch(url, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      this.setCookieHeaders.push(line);
      const [pair] = line.split(";");
      const eq = pair?.indexOf("=") ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  };

  /** The same browser (its cookies, its user agent) talking to a service at another address: the service restarted elsewhere. */
  at(baseUrl: string): Browser {
    const moved = new Browser(baseUrl, this.userAgent);
    for (const [name, value] of this.cookies) moved.cookies.set(name, value);
    return moved;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(method: string, path: string, body?: unknown): Promise<HttpResult> {
    const init: RequestInit = { method };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { "content-type": "application/json" };
    }
    const response = await this.fetch(path, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as unknown) : undefined };
  }

  login(params: Record<string, string>): Promise<HttpResult> {
    return this.request("POST", "/api/v1/login", params);
  }

  /**
   * What the page does before recording in a light mode (silent, action): fetch this attempt's
   * light challenge. Throws with the body unless the service answered 200.
   */
  async light(): Promise<LightChallenge> {
    const res = await this.request("GET", "/api/v1/light");
    if (res.status !== 200) throw new Error(`GET /api/v1/light answered ${res.status}: ${JSON.stringify(res.json)}`);
    return lightResponseSchema.parse(res.json).light;
  }

  async upload(form: FormData): Promise<HttpResult> {
    const response = await this.fetch("/api/v1/upload", { method: "POST", body: form });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as unknown) : undefined };
  }
}

export interface UploadFormOptions {
  mimeType?: string;
  durationMs?: number;
  posArr?: [number, number];
  /** The device's face guidance report (meta.guidance). */
  guidance?: UploadGuidance;
  /** When the page showed each prompt (meta.prompts). */
  prompts?: CapturePrompt[];
  /** When each light segment went up, ms from the first frame (meta.light; light modes). */
  light?: LightShown;
  /** Evidence JPEGs, sent as `frame` parts after the video (pair them with guidance.evidenceAtMs). */
  frames?: Buffer[];
  tamper?: (parts: { meta: UploadMeta; video: string }) => void;
}

/** The multipart body of an upload: meta JSON, the scrambled base64 of `bytes`, and any evidence frames. */
export async function uploadForm(bytes: Buffer, options: UploadFormOptions = {}): Promise<FormData> {
  const base64 = bytes.toString("base64");
  const posArr = options.posArr ?? [123, 287];
  const meta: UploadMeta = {
    posArr,
    messageId: await messageIdOf(base64),
    durationMs: options.durationMs ?? 2000,
    mimeType: options.mimeType ?? "video/webm;codecs=vp8,opus",
    size: bytes.length,
    ...(options.guidance ? { guidance: options.guidance } : {}),
    ...(options.prompts ? { prompts: options.prompts } : {}),
    ...(options.light ? { light: options.light } : {}),
  };
  const parts = { meta, video: scrambleBase64(base64, posArr) };
  options.tamper?.(parts);
  const form = new FormData();
  form.append("meta", JSON.stringify(parts.meta));
  form.append("video", new Blob([parts.video], { type: "text/plain" }), "video.txt");
  for (const [i, jpeg] of (options.frames ?? []).entries()) {
    form.append("frame", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), `frame-${i}.jpg`);
  }
  return form;
}

export type JudgedState = Extract<AttemptState, { state: "judged" }>;

/**
 * Follow an accepted attempt with the long poll until it is judged, as the page does.
 * `first` is the upload's answer (or the stream's `verifying` message); every answer must
 * match the contract, and anything but 200 fails the test with the body.
 * @example const judged = await awaitVerdict(browser, (await browser.upload(form)).json);
 */
export async function awaitVerdict(browser: Browser, first: unknown, options: { waitMs?: number; timeoutMs?: number } = {}): Promise<JudgedState> {
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  let state = attemptStateSchema.parse(first);
  while (state.state === "verifying") {
    if (Date.now() > deadline) throw new Error(`attempt ${state.attempt} still ${state.step} after ${options.timeoutMs ?? 90_000} ms`);
    const res = await browser.request("GET", `/api/v1/attempts/${state.attempt}?waitMs=${options.waitMs ?? 20_000}`);
    if (res.status !== 200) throw new Error(`long poll answered ${res.status}: ${JSON.stringify(res.json)}`);
    state = attemptStateSchema.parse(res.json);
  }
  return state;
}

/** Check names of a judged attempt, in the order they ran. */
export const checkNames = (judged: JudgedState): string[] => judged.outcome.checks.map((c) => c.name);

/** A look into a service's store (its own SQLite file, opened alongside the service): `fn` runs, the handle closes. */
export async function inspectStore<T>(service: Pick<Service, "dbPath">, fn: (store: Store) => Promise<T>): Promise<T> {
  const store = createStore(service.dbPath);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/** Error body shape check: `{ code, message }` and nothing that looks like a stack trace. */
export function errorCode(result: HttpResult): string {
  const body = result.json as { code?: unknown; message?: unknown } | undefined;
  if (typeof body?.code !== "string" || typeof body.message !== "string") {
    throw new Error(`not an error body: ${JSON.stringify(result.json)}`);
  }
  if (/\n\s+at /.test(body.message)) throw new Error(`stack trace in error message: ${body.message}`);
  return body.code;
}

export * from "./manualRunner";
export * from "./streamClient";
