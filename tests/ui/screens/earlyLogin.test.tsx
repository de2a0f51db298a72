// @vitest-environment jsdom
/**
 * index.html's early login (issue 14): what the inline script sends, and for which pages; and
 * how the login page's first attempt takes its answer instead of sending a second request,
 * including every answer a broken network or a modified page could leave on the window.
 */
import { nextOf } from "../../../src/flow/next";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LoginResponse } from "../../../schemas/api";
import { launchParamsSchema } from "../../../schemas/launch";
import { storedValueSchemas } from "../../../schemas/session";
import {
  EARLY_LOGIN_KEPT_KEY,
  EARLY_LOGIN_KEY,
  earlyLoginAnswered,
  leaveEarlyLogin,
  sendEarlyLogin,
} from "../../../src/boot/earlyLogin";
import type { EarlyLoginAnswer } from "../../../schemas/earlyLogin";
import { shippedTexts } from "../shippedTexts";
import { launchLogin, launchLoginOnce, outcomeTarget } from "../../../src/ui/screens/login/launchLoginOnce";
import { setupFlow, type Flow } from "./harness";
import { LOGIN_ANSWER, ORDER_NO, SIGN } from "./loginAnswer";

const QUERY =
  "?live_type=1&url=https%3A%2F%2Fp.example%2Fback&wb_app_id=TIDA0001&order_no=ord_0123456789ab" +
  `&h5_face_id=h5f_1&user_id=u1&sign=${encodeURIComponent(SIGN)}&live_type=2`;

const ANSWER = LOGIN_ANSWER;

/** A page as the inline script sees it, with a fetch that records what was sent. */
function page(url: string, opts: { cookies?: boolean; answer?: () => Promise<Response>; storage?: Storage } = {}) {
  const parsed = new URL(url, "https://faceflow.example");
  let cookie = "";
  const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => (opts.answer ?? (async () => new Response(JSON.stringify(ANSWER), { status: 200 })))());
  const win = {
    location: { hash: parsed.hash, search: parsed.search },
    navigator: { cookieEnabled: opts.cookies ?? true },
    document: {
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        // A jar that keeps the probe unless cookies are off; max-age=0 deletes it.
        if (opts.cookies === false) return;
        cookie = /max-age=0/.test(value) ? "" : value.split(";")[0] ?? "";
      },
    },
    fetch,
    sessionStorage: opts.storage,
  } as unknown as Window;
  return { win, fetch };
}

/** A sessionStorage of the test's own. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe("the early login script", () => {
  it("posts a root launch's query to the login, first values winning, with whether cookies stick", async () => {
    const { win, fetch } = page(`/${QUERY}`);
    const answer = await sendEarlyLogin(win);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe("/api/v1/login");
    expect(init).toMatchObject({ method: "POST", credentials: "include", cache: "no-store" });
    expect(JSON.parse(String(init?.body))).toEqual({
      live_type: "1",
      url: "https://p.example/back",
      wb_app_id: "TIDA0001",
      order_no: ORDER_NO,
      h5_face_id: "h5f_1",
      user_id: "u1",
      sign: SIGN,
      cookieless: false,
    });
    expect(answer).toEqual({ ok: true, status: 200, text: JSON.stringify(ANSWER) });
  });

  it("asks for the session token when the page cannot keep cookies", async () => {
    const { win, fetch } = page(`/${QUERY}`, { cookies: false });
    await sendEarlyLogin(win);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toMatchObject({ cookieless: true });
  });

  it("sends nothing without a sign, with an empty one, or on any route but the root", () => {
    for (const url of ["/?live_type=1&order_no=O1", "/?live_type=1&sign=", `/${QUERY}#/login`, `/${QUERY}#/entry`, `/${QUERY}#/h5pre?x=1`]) {
      const { win, fetch } = page(url);
      expect(sendEarlyLogin(win), url).toBeUndefined();
      expect(fetch, url).not.toHaveBeenCalled();
    }
    const { win, fetch } = page(`/${QUERY}#/`);
    expect(sendEarlyLogin(win)).toBeDefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("never rejects: no network and a broken body both become an answer that says so", async () => {
    const offline = page(`/${QUERY}`, { answer: () => Promise.reject(new TypeError("Failed to fetch")) });
    expect(await sendEarlyLogin(offline.win)).toEqual({ ok: false, message: "TypeError: Failed to fetch" });
    const broken = page(`/${QUERY}`, { answer: async () => ({ status: 200, text: () => Promise.reject(new Error("reset")) }) as unknown as Response });
    expect(await sendEarlyLogin(broken.win)).toEqual({ ok: false, message: "Error: reset" });
  });

  it("keeps an accepted answer for its sign, so a reload before the app stored the login does not find the launch used", async () => {
    const storage = memoryStorage();
    const first = page(`/${QUERY}`, { storage });
    expect(await sendEarlyLogin(first.win)).toMatchObject({ ok: true, status: 200 });
    expect(JSON.parse(storage.getItem(EARLY_LOGIN_KEPT_KEY) ?? "null")).toEqual({ sign: SIGN, status: 200, text: JSON.stringify(ANSWER) });
    const reload = page(`/${QUERY}`, { storage });
    expect(await sendEarlyLogin(reload.win)).toEqual({ ok: true, status: 200, text: JSON.stringify(ANSWER) });
    expect(reload.fetch).not.toHaveBeenCalled();
    // Another launch in the same tab sends its own login.
    const other = page(`/${QUERY.replace(encodeURIComponent(SIGN), "1.2.3.4")}`, { storage });
    await sendEarlyLogin(other.win);
    expect(other.fetch).toHaveBeenCalledTimes(1);
  });

  it("keeps no refusal and no failure, and works where storage is refused", async () => {
    const storage = memoryStorage();
    const refused = page(`/${QUERY}`, { storage, answer: async () => new Response('{"code":"LAUNCH_USED","message":"used"}', { status: 409 }) });
    await sendEarlyLogin(refused.win);
    const offline = page(`/${QUERY}`, { storage, answer: () => Promise.reject(new TypeError("Failed to fetch")) });
    await sendEarlyLogin(offline.win);
    expect(storage.getItem(EARLY_LOGIN_KEPT_KEY)).toBeNull();
    const deny = () => {
      throw new DOMException("denied", "SecurityError");
    };
    const throwing = { ...memoryStorage(), getItem: deny, setItem: deny } as unknown as Storage;
    const denied = page(`/${QUERY}`, { storage: throwing });
    expect(await sendEarlyLogin(denied.win)).toMatchObject({ ok: true, status: 200 });
    expect(denied.fetch).toHaveBeenCalledTimes(1);
  });

  it("leaves its answer on the window, and says once it has come", async () => {
    let release: (r: Response) => void = () => undefined;
    const { win } = page(`/${QUERY}`, { answer: () => new Promise((resolve) => (release = resolve)) });
    leaveEarlyLogin(win);
    expect(earlyLoginAnswered(win)).toBe(false);
    release(new Response("{}", { status: 200 }));
    await vi.waitFor(() => expect(earlyLoginAnswered(win)).toBe(true));
    const none = page("/#/entry");
    leaveEarlyLogin(none.win);
    expect(EARLY_LOGIN_KEY in none.win).toBe(false);
    expect(earlyLoginAnswered(none.win)).toBe(false);
  });
});

/** An API whose login must not be called when the early answer is used. */
function api(answer: LoginResponse = ANSWER) {
  return { login: vi.fn(async () => answer) };
}

function leave(answer: EarlyLoginAnswer | Promise<EarlyLoginAnswer> | unknown, settled = true): void {
  (window as unknown as Record<string, unknown>)[EARLY_LOGIN_KEY] =
    answer instanceof Promise || (typeof answer === "object" && answer !== null && "ok" in answer) ? { answer: Promise.resolve(answer), settled } : answer;
}

function launch(query = QUERY): Flow {
  return setupFlow({ url: `/${query}#/login` });
}

const loginSign = (flow: Flow) => flow.rt.storage.getParsed("loginSign", storedValueSchemas.loginSign);
const requestErrors = (flow: Flow) => flow.rt.stats.pending().filter((e) => e.name === "requestError");

afterEach(() => {
  Reflect.deleteProperty(window, EARLY_LOGIN_KEY);
});

describe("the login page's first attempt with an early answer", () => {
  it("logs in with the early answer and sends no request of its own", async () => {
    const flow = launch();
    leave({ ok: true, status: 200, text: JSON.stringify(ANSWER) });
    const client = api();
    expect(await launchLoginOnce(flow.rt, shippedTexts, client)).toEqual({ kind: "loggedIn" });
    expect(client.login).not.toHaveBeenCalled();
    expect(loginSign(flow)).toBe(SIGN);
    expect(flow.rt.storage.getParsed("url", launchParamsSchema.shape.url)).toBe("https://partner.example/registered-return");
    expect(EARLY_LOGIN_KEY in window).toBe(false);
    expect(requestErrors(flow)).toEqual([]);
  });

  it("drops the kept answer once the login is stored", async () => {
    const flow = launch();
    window.sessionStorage.setItem(EARLY_LOGIN_KEPT_KEY, JSON.stringify({ sign: SIGN, status: 200, text: JSON.stringify(ANSWER) }));
    leave({ ok: true, status: 200, text: JSON.stringify(ANSWER) });
    expect(await launchLoginOnce(flow.rt, shippedTexts, api())).toEqual({ kind: "loggedIn" });
    expect(window.sessionStorage.getItem(EARLY_LOGIN_KEPT_KEY)).toBeNull();
  });

  it("a refusal shows its error screen, keeps the address the service vouched for, and is recorded as a failed request", async () => {
    const flow = launch();
    const refusal = { code: "LAUNCH_USED", message: "used", returnUrl: "https://partner.example/registered-return" };
    leave({ ok: true, status: 409, text: JSON.stringify(refusal) });
    const client = api();
    const outcome = await launchLoginOnce(flow.rt, shippedTexts, client);
    expect(outcome).toEqual({ kind: "refused", query: { status: "exitException" } });
    expect(outcomeTarget(outcome, nextOf(flow.rt.engine.routeByName("login")))).toBe("/error?status=exitException");
    expect(client.login).not.toHaveBeenCalled();
    expect(loginSign(flow)).toBeUndefined();
    expect(flow.rt.storage.getParsed("url", launchParamsSchema.shape.url)).toBe("https://partner.example/registered-return");
    expect(requestErrors(flow).map((e) => e.data)).toEqual([{ kind: "fetch", method: "POST", url: `${window.location.origin}/api/v1/login`, status: 409 }]);
  });

  it("no network is offline with a retry, and the retry sends a request of its own", async () => {
    const flow = launch();
    leave({ ok: false, message: "TypeError: Failed to fetch" });
    const client = api();
    const outcome = await launchLoginOnce(flow.rt, shippedTexts, client);
    expect(outcome).toEqual({ kind: "offline" });
    expect(outcomeTarget(outcome, nextOf(flow.rt.engine.routeByName("login")))).toBeNull();
    expect(requestErrors(flow).map((e) => e.data.status)).toEqual([0]);
    expect(await launchLogin(flow.rt, shippedTexts, client)).toEqual({ kind: "loggedIn" });
    expect(client.login).toHaveBeenCalledTimes(1);
  });

  it("an answer the contract does not allow is the generic error screen, not a login", async () => {
    for (const text of ["<html>proxy error</html>", JSON.stringify({ ...ANSWER, orderNo: 42 })]) {
      const flow = launch();
      leave({ ok: true, status: 200, text });
      expect(await launchLoginOnce(flow.rt, shippedTexts, api())).toEqual({ kind: "refused", query: { status: "exception" } });
      expect(loginSign(flow)).toBeUndefined();
    }
  });

  it("a launch the page itself refuses stays refused, whatever the early answer said", async () => {
    const flow = launch(QUERY.replace("live_type=1", "live_type=9"));
    leave({ ok: true, status: 200, text: JSON.stringify(ANSWER) });
    expect(await launchLoginOnce(flow.rt, shippedTexts, api())).toEqual({ kind: "refused", query: { code: "400101" } });
    expect(loginSign(flow)).toBeUndefined();
  });

  it("a page that logged in with this sign before does not read the answer (a reload)", async () => {
    const flow = launch();
    flow.rt.storage.setJSON("loginSign", SIGN);
    leave({ ok: true, status: 409, text: JSON.stringify({ code: "LAUNCH_USED", message: "used" }) });
    expect(await launchLoginOnce(flow.rt, shippedTexts, api())).toEqual({ kind: "loggedIn" });
    expect(requestErrors(flow)).toEqual([]);
  });

  it("anything else under the script's name is not an answer: the page logs in itself", async () => {
    for (const junk of ["{}", 42, { answer: "soon", settled: true }, { then: 1 }, null]) {
      const flow = launch();
      leave(junk);
      const client = api();
      expect(await launchLoginOnce(flow.rt, shippedTexts, client)).toEqual({ kind: "loggedIn" });
      expect(client.login).toHaveBeenCalledTimes(1);
    }
  });

  it("a slot whose answer resolves to something else is the generic error screen", async () => {
    const flow = launch();
    (window as unknown as Record<string, unknown>)[EARLY_LOGIN_KEY] = { answer: Promise.resolve({ status: "200" }), settled: true };
    expect(await launchLoginOnce(flow.rt, shippedTexts, api())).toEqual({ kind: "refused", query: { status: "exception" } });
  });
});
