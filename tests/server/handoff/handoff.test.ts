/**
 * The phone handoff's service side (issue 32), over HTTP with browsers that keep cookies: a
 * desktop's session offers a handoff, a phone opens its link (single use) and gets a session that
 * is refused the return address and the signed result, the desktop follows and cancels; refused:
 * a reused link, an expired one, one of a finished order, a launch that turned the phone off, too
 * many offers, and guessing codes past the limit (the right code included).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { API_ERROR_CODES } from "../../../schemas/api";
import { HANDOFF_PHONE_COOKIE, handoffClaimSchema, handoffOfferSchema, handoffStatusSchema, type HandoffOffer } from "../../../schemas/handoff";
import { createStore } from "../../../src/server/store";
import { Browser, launchParams, orderRequest, startService, testClock, type Service, type TestClock } from "../harness";

const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const TTL_SEC = 600;

let service: Service;
let clock: TestClock;

async function start(handoff: Record<string, number> = {}): Promise<void> {
  clock = testClock(Date.now());
  service = await startService({ clock, handoff: { ttlSec: TTL_SEC, codeTriesPerAddress: 5, offersPerSession: 4, ...handoff } });
}

afterEach(async () => service.close());

/** A desktop logged in with a new order's launch. */
async function desktopWithOrder(launch: Record<string, string> = {}): Promise<{ desktop: Browser; orderNo: string }> {
  const order = await service.partner.createOrder(orderRequest(service, { liveType: "3", actions: undefined, launch }));
  const desktop = new Browser(service.baseUrl);
  expect((await desktop.login(launchParams(order.launchUrl))).status).toBe(200);
  return { desktop, orderNo: order.orderNo };
}

async function offer(desktop: Browser): Promise<HandoffOffer> {
  const res = await desktop.request("POST", "/api/v1/handoff", {});
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return handoffOfferSchema.parse(res.json);
}

/** A device opening a link: where the service sends it. */
/** A phone following a link: its GET leads to the page, whose POST opens the handoff; where the phone goes next. */
async function open(device: Browser, link: string): Promise<string> {
  const response = await device.fetch(link, { redirect: "manual" });
  expect(response.status).toBe(303);
  const page = response.headers.get("location") ?? "";
  const token = /^\/#\/handoff\?open=([A-Za-z0-9_-]{22})$/.exec(page)?.[1];
  if (token === undefined) return page;
  const opened = await device.request("POST", "/api/v1/handoff/open", { token });
  expect(opened.status).toBe(200);
  return (opened.json as { next: string }).next;
}

async function status(desktop: Browser, id: string) {
  const res = await desktop.request("GET", `/api/v1/handoff/${id}`);
  expect(res.status).toBe(200);
  return handoffStatusSchema.parse(res.json);
}

async function handoffSteps(): Promise<string[]> {
  const store = createStore(service.dbPath);
  try {
    return (await store.analyticsEvents.list({})).filter((e) => e.name === "handoff").map((e) => (e.data as { step: string }).step);
  } finally {
    await store.close();
  }
}

describe("a handoff opened by a phone", () => {
  beforeEach(() => start());

  it("gives the phone its own session on the order, its start page without the return address, and refuses a second device the used link", async () => {
    const { desktop, orderNo } = await desktopWithOrder();
    const handoff = await offer(desktop);
    expect(handoff.link).toMatch(new RegExp(`^${service.baseUrl}/m/[A-Za-z0-9_-]{22}$`));
    expect(handoff.code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(handoff.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect((await status(desktop, handoff.id)).state).toBe("waiting");

    const phone = new Browser(service.baseUrl, PHONE_UA);
    const start = await open(phone, handoff.link);
    const query = new URL(start, service.baseUrl).searchParams;
    expect(start).toMatch(/^\/\?.*#\/$/);
    expect(query.get("order_no")).toBe(orderNo);
    expect(query.get("live_type")).toBe("3");
    expect(query.has("url")).toBe(false);
    expect(query.has("sign")).toBe(false);
    expect(phone.cookies.get(HANDOFF_PHONE_COOKIE)).toBe("1");
    expect(phone.cookies.get("order_no")).toBe(orderNo);
    expect((await status(desktop, handoff.id)).state).toBe("connected");
    // The phone reads its order as any page does.
    expect((await phone.request("GET", "/api/v1/config")).status).toBe(200);

    // The same phone opening it again goes on; any other device is refused.
    expect(await open(phone, handoff.link)).toBe(start);
    expect(await open(new Browser(service.baseUrl, PHONE_UA), handoff.link)).toBe("/#/error?status=handoffUsed");
    expect(await open(new Browser(service.baseUrl, PHONE_UA), `${service.baseUrl}/m/${"A".repeat(22)}`)).toBe("/#/error?status=handoffExpired");
    expect(await handoffSteps()).toEqual(["offered", "opened"]);
  });

  it("a link preview's GET (a messaging app fetching the link it was sent) uses nothing up: the phone still opens it", async () => {
    const { desktop } = await desktopWithOrder();
    const handoff = await offer(desktop);
    const previewer = new Browser(service.baseUrl, "facebookexternalhit/1.1");
    for (let i = 0; i < 3; i++) {
      const response = await previewer.fetch(handoff.link, { redirect: "manual" });
      expect(response.status).toBe(303);
      expect(previewer.cookies.size).toBe(0);
    }
    expect((await status(desktop, handoff.id)).state).toBe("waiting");
    expect(await open(new Browser(service.baseUrl, PHONE_UA), handoff.link)).toMatch(/^\/\?.*#\/$/);
    expect((await status(desktop, handoff.id)).state).toBe("connected");
  });

  it("refuses the phone the return address, the signed result and a handoff of its own", async () => {
    const { desktop } = await desktopWithOrder();
    const phone = new Browser(service.baseUrl, PHONE_UA);
    await open(phone, (await offer(desktop)).link);
    const result = await phone.request("GET", "/api/v1/result");
    expect([result.status, (result.json as { code: string }).code]).toEqual([403, API_ERROR_CODES.handoffPhone]);
    const check = await phone.request("POST", "/api/v1/return-url", { url: `${service.baseUrl}/#/entry` });
    expect([check.status, (check.json as { code: string }).code]).toEqual([403, API_ERROR_CODES.handoffPhone]);
    expect(JSON.stringify(check.json)).not.toContain("/#/entry");
    const again = await phone.request("POST", "/api/v1/handoff", {});
    expect([again.status, (again.json as { code: string }).code]).toEqual([403, API_ERROR_CODES.handoffNotAllowed]);
    // The desktop, whose launch it is, still gets its answers (no result yet: pending).
    expect((await desktop.request("GET", "/api/v1/result")).status).toBe(409);
  });

  it("ends when the desktop cancels or asks for a new code: the phone's session is refused, the old link too, and the abandonment is counted", async () => {
    const { desktop } = await desktopWithOrder();
    const first = await offer(desktop);
    const phone = new Browser(service.baseUrl, PHONE_UA);
    await open(phone, first.link);
    const second = await offer(desktop);
    expect((await status(desktop, first.id)).state).toBe("cancelled");
    expect((await phone.request("GET", "/api/v1/config")).status).toBe(401);
    expect(await open(new Browser(service.baseUrl, PHONE_UA), second.link)).toMatch(/^\/\?/);
    const cancelled = await desktop.request("POST", `/api/v1/handoff/${second.id}/cancel`, {});
    expect(handoffStatusSchema.parse(cancelled.json).state).toBe("cancelled");
    expect(await handoffSteps()).toEqual(["offered", "opened", "abandoned", "offered", "opened", "abandoned"]);
    // Another session's handoff is unknown to this one.
    const { desktop: other } = await desktopWithOrder();
    expect((await other.request("GET", `/api/v1/handoff/${second.id}`)).status).toBe(404);
  });
});

describe("refused handoffs", () => {
  beforeEach(() => start());

  it("an expired link opens nothing, and the desktop sees it expired", async () => {
    const { desktop } = await desktopWithOrder();
    const handoff = await offer(desktop);
    clock.advance(TTL_SEC * 1000 + 1);
    expect(await open(new Browser(service.baseUrl, PHONE_UA), handoff.link)).toBe("/#/error?status=handoffExpired");
    expect((await status(desktop, handoff.id)).state).toBe("expired");
  });

  it("a link of a finished order opens nothing, and a finished order offers no new one", async () => {
    const { desktop, orderNo } = await desktopWithOrder();
    const handoff = await offer(desktop);
    const store = createStore(service.dbPath);
    try {
      await store.orders.transition(orderNo, ["in_progress"], "failed", clock.now());
    } finally {
      await store.close();
    }
    expect(await open(new Browser(service.baseUrl, PHONE_UA), handoff.link)).toBe("/#/error?status=handoffExpired");
    const refused = await desktop.request("POST", "/api/v1/handoff", {});
    expect([refused.status, (refused.json as { code: string }).code]).toEqual([409, API_ERROR_CODES.orderFinished]);
  });

  it("a launch that turned the phone off offers none, and a session asking too often is told to wait", async () => {
    const { desktop: off } = await desktopWithOrder({ phone_handoff: "off" });
    const refused = await off.request("POST", "/api/v1/handoff", {});
    expect([refused.status, (refused.json as { code: string }).code]).toEqual([403, API_ERROR_CODES.handoffNotAllowed]);
    const { desktop } = await desktopWithOrder();
    for (let i = 0; i < 4; i++) await offer(desktop);
    expect((await desktop.request("POST", "/api/v1/handoff", {})).status).toBe(429);
  });

});

describe("short codes", () => {
  // Every try counts, from one address (the tests' browsers all come from 127.0.0.1).
  beforeEach(() => start({ codeTriesPerAddress: 6 }));

  it("a typed code opens the handoff once; guesses past the limit are refused, the right code too, until the window passes", async () => {
    const { desktop, orderNo } = await desktopWithOrder();
    const handoff = await offer(desktop);
    const guesser = new Browser(service.baseUrl, PHONE_UA);
    for (let i = 0; i < 4; i++) {
      const wrong = await guesser.request("POST", "/api/v1/handoff/code", { code: `2222-22${i}2`.replace(/[01]/g, "3") });
      expect([wrong.status, (wrong.json as { code: string }).code]).toEqual([404, API_ERROR_CODES.handoffExpired]);
    }
    // The fifth try, with the right code in any case and spacing, opens it.
    const right = await guesser.request("POST", "/api/v1/handoff/code", { code: ` ${handoff.code.toLowerCase().replace("-", " ")} ` });
    expect(right.status, JSON.stringify(right.json)).toBe(200);
    expect(new URL(handoffClaimSchema.parse(right.json).next, service.baseUrl).searchParams.get("order_no")).toBe(orderNo);
    // Used: the code no longer opens it.
    const next = await offer(desktop);
    const reuse = await new Browser(service.baseUrl, PHONE_UA).request("POST", "/api/v1/handoff/code", { code: handoff.code });
    expect(reuse.status).toBe(404);
    // Past the limit from this address even the right code is refused.
    const blocked = await guesser.request("POST", "/api/v1/handoff/code", { code: next.code });
    expect([blocked.status, (blocked.json as { code: string }).code]).toEqual([429, API_ERROR_CODES.rateLimited]);
    clock.advance(TTL_SEC * 1000);
    const fresh = await offer(desktop);
    expect((await guesser.request("POST", "/api/v1/handoff/code", { code: fresh.code })).status).toBe(200);
  });
});
