/**
 * Spec §7, the messaging-app `uploadVideo` path: a video the page cannot read is uploaded to
 * the messaging app's cloud, and the service fetches it by its server id through the official
 * account's media API, then verifies it as any upload. The API is played by a local stand-in
 * HTTP server speaking WeChat's contract (GET /cgi-bin/token, GET /cgi-bin/media/get): there
 * is no internet here.
 */
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptStateSchema, type CreateOrderRequest } from "../../schemas/api";
import { createWxMediaClient, readWxMediaEnv, WxMediaNotFoundError, WxMediaUnavailableError, type WxMediaConfig } from "../../src/server/wx/wxMedia";
import { makeClip, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { faceFrameRgba } from "../fixtures/faceImage";
import { Browser, errorCode, launchParams, orderRequest, startService, type Service } from "../server/harness";

const APP_ID = "wx0123456789abcdef";
const SECRET = "official-account-secret";

/** The media API's stand-in: one account, videos by media id, tokens that expire after `ttlSec`. */
function standIn(videos: Map<string, Buffer>, ttlSec = 7200) {
  const calls: string[] = [];
  let issued = 0;
  const valid = new Set<string>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    calls.push(url.pathname);
    const json = (body: unknown) => {
      res.writeHead(200, { "content-type": url.pathname === "/cgi-bin/media/get" ? "text/plain" : "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/cgi-bin/token") {
      const q = url.searchParams;
      if (q.get("grant_type") !== "client_credential" || q.get("appid") !== APP_ID || q.get("secret") !== SECRET) return json({ errcode: 40125, errmsg: "invalid appsecret" });
      issued += 1;
      const token = `token-${issued}`;
      valid.add(token);
      return json({ access_token: token, expires_in: ttlSec });
    }
    if (url.pathname === "/cgi-bin/media/get") {
      if (!valid.has(url.searchParams.get("access_token") ?? "")) return json({ errcode: 40001, errmsg: "invalid credential" });
      const video = videos.get(url.searchParams.get("media_id") ?? "");
      if (!video) return json({ errcode: 40007, errmsg: "invalid media_id" });
      res.writeHead(200, { "content-type": "video/mp4", "content-disposition": 'attachment; filename="v.mp4"' });
      return res.end(video);
    }
    res.writeHead(404).end();
  });
  return {
    calls,
    revokeAll: () => valid.clear(),
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("spec §7: the messaging app's media API adapter, against a stand-in", () => {
  const videos = new Map([["media-1", Buffer.from("a video")]]);
  const api = standIn(videos, 7200);
  let config: WxMediaConfig;
  beforeAll(async () => {
    config = { appId: APP_ID, secret: SECRET, apiBase: await api.listen() };
  });
  afterAll(() => api.close());

  it("fetches a video by its server id with an access token, kept until shortly before it expires", async () => {
    let now = 0;
    const client = createWxMediaClient(config, { fetch, now: () => now });
    api.calls.length = 0;
    expect(await client.fetchVideo("media-1", 1024)).toEqual({ bytes: Buffer.from("a video"), mimeType: "video/mp4" });
    await client.fetchVideo("media-1", 1024);
    expect(api.calls).toEqual(["/cgi-bin/token", "/cgi-bin/media/get", "/cgi-bin/media/get"]);
    now = 7200 * 1000;
    await client.fetchVideo("media-1", 1024);
    expect(api.calls.filter((c) => c === "/cgi-bin/token")).toHaveLength(2);
  });

  it("a token the API no longer takes is renewed once", async () => {
    const client = createWxMediaClient(config, { fetch, now: () => 0 });
    await client.fetchVideo("media-1", 1024);
    api.revokeAll();
    expect((await client.fetchVideo("media-1", 1024)).bytes.toString()).toBe("a video");
  });

  it("an unknown server id is not found; a wrong secret or an unreachable API is unavailable", async () => {
    await expect(createWxMediaClient(config, { fetch, now: () => 0 }).fetchVideo("expired", 1024)).rejects.toBeInstanceOf(WxMediaNotFoundError);
    await expect(createWxMediaClient({ ...config, secret: "wrong" }, { fetch, now: () => 0 }).fetchVideo("media-1", 1024)).rejects.toBeInstanceOf(WxMediaUnavailableError);
    await expect(createWxMediaClient({ ...config, apiBase: "http://127.0.0.1:1" }, { fetch, now: () => 0 }).fetchVideo("media-1", 1024)).rejects.toBeInstanceOf(WxMediaUnavailableError);
  });

  it("is configured by FACEFLOW_WX_MP_APP_ID and FACEFLOW_WX_MP_SECRET, both or neither", () => {
    expect(readWxMediaEnv({})).toEqual({ ok: true, config: null });
    expect(readWxMediaEnv({ FACEFLOW_WX_MP_APP_ID: APP_ID, FACEFLOW_WX_MP_SECRET: SECRET })).toEqual({ ok: true, config: { appId: APP_ID, secret: SECRET, apiBase: "https://api.weixin.qq.com" } });
    expect(readWxMediaEnv({ FACEFLOW_WX_MP_APP_ID: APP_ID })).toMatchObject({ ok: false, variable: "FACEFLOW_WX_MP_SECRET" });
  });
});

describe("spec §7: POST /api/v1/upload/wx verifies the fetched video as any upload", () => {
  const SILENT: Partial<CreateOrderRequest> = { liveType: "3", actions: undefined };
  const videos = new Map<string, Buffer>();
  const api = standIn(videos);
  let dir: string;
  let service: Service;
  let unconfigured: Service;

  beforeAll(async () => {
    dir = await makeTempDir();
    const face = { imageRgba: faceFrameRgba({ width: 640, height: 480 }) };
    videos.set("media-face", await readFile(await makeClip({ dir, name: "face", video: face, audio: "sine", seconds: 3, container: "mp4-h264", fps: 20 })));
    videos.set("media-short", await readFile(await makeClip({ dir, name: "short", video: "testsrc", audio: "noise", seconds: 0.6, container: "mp4-h264", fps: 30, size: { width: 1280, height: 960 } })));
    const apiBase = await api.listen();
    service = await startService({ verifyWorkers: 1, wxMedia: { appId: APP_ID, secret: SECRET, apiBase } });
    unconfigured = await startService({ verifyWorkers: 1 });
  }, 180_000);
  afterAll(async () => {
    await service?.close();
    await unconfigured?.close();
    await api.close();
    await removeTempDir(dir);
  });

  async function loggedIn(on: Service) {
    const created = await on.partner.createOrder(orderRequest(on, SILENT));
    const browser = new Browser(on.baseUrl);
    expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
    await browser.light(); // silent mode shows light: the page fetches it before recording
    return { created, browser };
  }

  it("a server id the messaging app holds: the service fetches it, stores the exact bytes and verifies it; the same id again answers the same attempt", async () => {
    const { created, browser } = await loggedIn(service);
    const res = await browser.request("POST", "/api/v1/upload/wx", { serverId: "media-face" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(attemptStateSchema.parse(res.json)).toMatchObject({ state: "verifying", attempt: 1 });
    expect(readFileSync(join(service.mediaDir, created.orderNo, "1.mp4")).equals(videos.get("media-face") as Buffer)).toBe(true);
    const again = await browser.request("POST", "/api/v1/upload/wx", { serverId: "media-face" });
    expect(again.status).toBe(200);
    expect(attemptStateSchema.parse(again.json).attempt).toBe(1);
  });

  it("the fetched video is held to the same checks as an upload (too short)", async () => {
    const { browser } = await loggedIn(service);
    const res = await browser.request("POST", "/api/v1/upload/wx", { serverId: "media-short" });
    expect(res.status).toBe(422);
    expect(errorCode(res)).toBe("VIDEO_TOO_SHORT");
  });

  it("a server id the app's cloud does not have, or a service without the account's credentials: serverIdNotFundException's codes", async () => {
    const { browser } = await loggedIn(service);
    const missing = await browser.request("POST", "/api/v1/upload/wx", { serverId: "media-gone" });
    expect([missing.status, errorCode(missing)]).toEqual([404, "WX_MEDIA_NOT_FOUND"]);
    const off = await (await loggedIn(unconfigured)).browser.request("POST", "/api/v1/upload/wx", { serverId: "media-face" });
    expect([off.status, errorCode(off)]).toEqual([404, "WX_MEDIA_UNAVAILABLE"]);
  });
});
