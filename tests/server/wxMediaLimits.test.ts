/**
 * `POST /api/v1/upload/wx` against a hostile or broken media API (a stand-in HTTP server): the
 * download stops past the upload's size cap, a stalled API times out, an order that cannot
 * take the upload costs no media request, and the API's own error text (which names the
 * service's egress IP) stays in the service's log, out of the browser's answer.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateOrderRequest } from "../../schemas/api";
import { createWxMediaClient } from "../../src/server/wx/wxMedia";
import { Browser, errorCode, launchParams, orderRequest, startService, type Service } from "./harness";

const APP_ID = "wx0123456789abcdef";
const SECRET = "official-account-secret";
const HUGE = 48 * 1024 * 1024;
const LEAKED_IP = "203.0.113.77";

/** A media API stand-in: tokens always fine; media ids map to handlers; counts the video bytes it wrote. */
function standIn() {
  const calls: string[] = [];
  let served = 0;
  /** A "video" far above the upload cap, written with backpressure, so `served` is what the reader pulled. */
  const pumpHuge = (res: ServerResponse) => {
    const chunk = Buffer.alloc(64 * 1024, 1);
    const pump = () => {
      while (served < HUGE) {
        served += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  };
  const media: Record<string, (res: ServerResponse) => void> = {
    huge: (res) => {
      res.writeHead(200, { "content-type": "video/mp4" });
      pumpHuge(res);
    },
    declaredHuge: (res) => {
      res.writeHead(200, { "content-type": "video/mp4", "content-length": String(HUGE) });
      pumpHuge(res);
    },
    ipleak: (res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(JSON.stringify({ errcode: 40164, errmsg: `invalid ip ${LEAKED_IP} ipv6 ::ffff:${LEAKED_IP}, not in whitelist rid: 6650a1b2` }));
    },
    // Answers nothing at all, or headers and then nothing: only a timeout ends these.
    silent: () => undefined,
    stalled: (res) => {
      res.writeHead(200, { "content-type": "video/mp4" });
      res.write(Buffer.alloc(1024, 1));
    },
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    calls.push(url.pathname);
    if (url.pathname === "/cgi-bin/token") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ access_token: "tok", expires_in: 7200 }));
    }
    const handler = media[url.searchParams.get("media_id") ?? ""];
    if (handler) return handler(res);
    res.writeHead(200, { "content-type": "text/plain" });
    res.end(JSON.stringify({ errcode: 40007, errmsg: "invalid media_id" }));
  });
  return {
    calls,
    served: () => served,
    reset() {
      calls.length = 0;
      served = 0;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const SILENT: Partial<CreateOrderRequest> = { liveType: "3", actions: undefined };
const NUMBER: Partial<CreateOrderRequest> = { liveType: "1", actions: undefined };

describe("the media API adapter: size cap and timeout", () => {
  const api = standIn();
  let apiBase: string;
  beforeAll(async () => {
    apiBase = await api.listen();
  });
  afterAll(() => api.close());
  const client = (timeoutMs?: number) => createWxMediaClient({ appId: APP_ID, secret: SECRET, apiBase }, { fetch, now: () => 0, ...(timeoutMs === undefined ? {} : { timeoutMs }) });

  /** What a fetch ended with, as a short string: a failing assertion must not print a 48 MB buffer. */
  const outcome = (fetching: Promise<{ bytes: Buffer }>): Promise<string> =>
    fetching.then((video) => `resolved with ${video.bytes.length} bytes`, (error: unknown) => (error instanceof Error ? error.name : String(error)));

  it("stops reading a video once it passes the cap, and refuses one whose content-length is over it", async () => {
    api.reset();
    expect(await outcome(client().fetchVideo("huge", 1536 * 1024))).toBe("WxMediaTooLargeError");
    expect(api.served()).toBeLessThan(8 * 1024 * 1024);
    api.reset();
    expect(await outcome(client().fetchVideo("declaredHuge", 1536 * 1024))).toBe("WxMediaTooLargeError");
  }, 30_000);

  it("gives up on an API that answers nothing, or stalls mid-video, after the configured timeout", async () => {
    const started = Date.now();
    expect(await outcome(client(300).fetchVideo("silent", 1536 * 1024))).toBe("WxMediaUnavailableError");
    expect(await outcome(client(300).fetchVideo("stalled", 1536 * 1024))).toBe("WxMediaUnavailableError");
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 15_000);
});

describe("POST /api/v1/upload/wx against a hostile media API", () => {
  const api = standIn();
  const logLines: string[] = [];
  let service: Service;
  beforeAll(async () => {
    const stream = new Writable({ write(chunk: Buffer, _encoding, done) { logLines.push(chunk.toString()); done(); } });
    service = await startService({ verifyWorkers: 1, wxMedia: { appId: APP_ID, secret: SECRET, apiBase: await api.listen() }, logger: { level: "info", stream } });
  });
  afterAll(async () => {
    await service.close();
    await api.close();
  });

  async function loggedIn(extra: Partial<CreateOrderRequest>) {
    const created = await service.partner.createOrder(orderRequest(service, extra));
    const browser = new Browser(service.baseUrl);
    expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
    // Silent mode shows light: the page fetches it before recording (number mode fetches digits, in the test).
    if (extra.liveType !== "1") await browser.light();
    return { created, browser };
  }
  const mediaGets = () => api.calls.filter((c) => c === "/cgi-bin/media/get").length;

  it("refuses a video above the upload cap with 413 VIDEO_TOO_LARGE, having read little more than the cap", async () => {
    const { browser } = await loggedIn(SILENT);
    api.reset();
    const res = await browser.request("POST", "/api/v1/upload/wx", { serverId: "huge" });
    expect([res.status, errorCode(res)]).toEqual([413, "VIDEO_TOO_LARGE"]);
    expect(api.served()).toBeLessThan(8 * 1024 * 1024);
  }, 60_000);

  it("downloads nothing for an order that cannot take the upload (number mode before its digits, or its digits without the light), and does once the opt-out's digits are out", async () => {
    const { browser } = await loggedIn(NUMBER);
    api.reset();
    const refused = await browser.request("POST", "/api/v1/upload/wx", { serverId: "huge" });
    expect([refused.status, errorCode(refused)]).toEqual([409, "DIGITS_REQUIRED"]);
    expect((await browser.request("GET", "/api/v1/digits")).status).toBe(200);
    const unlit = await browser.request("POST", "/api/v1/upload/wx", { serverId: "huge" });
    expect([unlit.status, errorCode(unlit)]).toEqual([409, "LIGHT_REQUIRED"]);
    expect({ mediaGets: mediaGets(), served: api.served() }).toEqual({ mediaGets: 0, served: 0 });
    // The mini-program records outside the page, which cannot show colours: it takes the opt-out (lightRoute.ts).
    expect((await browser.request("GET", "/api/v1/digits?route=lightAlternative")).status).toBe(200);
    const fetched = await browser.request("POST", "/api/v1/upload/wx", { serverId: "huge" });
    expect([fetched.status, errorCode(fetched), mediaGets()]).toEqual([413, "VIDEO_TOO_LARGE", 1]);
  }, 60_000);

  it("answers the API's refusal with a fixed WX_MEDIA_UNAVAILABLE; its errcode and errmsg go to the service's log only", async () => {
    const { browser } = await loggedIn(SILENT);
    logLines.length = 0;
    const res = await browser.request("POST", "/api/v1/upload/wx", { serverId: "ipleak" });
    expect([res.status, errorCode(res)]).toEqual([502, "WX_MEDIA_UNAVAILABLE"]);
    expect(JSON.stringify(res.json)).not.toContain(LEAKED_IP);
    expect(JSON.stringify(res.json)).not.toContain("40164");
    expect(logLines.join("")).toContain(`40164 invalid ip ${LEAKED_IP}`);
  });
});
