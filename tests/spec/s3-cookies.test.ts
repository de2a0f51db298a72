// @vitest-environment jsdom
/**
 * Spec §3 "Session": cookies (and storage) hold url, wb_app_id, h5_face_id, signature,
 * nonce_str, time_stamp, user_id, from, theme …, with the root path; two app ids keep their
 * cookies host-scoped and are exempt from the page's cookie writes. Read through jsdom's real
 * cookie jar, as the partner's other pages on the same domain would read them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppsFile } from "../../schemas/apps";
import { createEngine } from "../../src/engine/engine";
import { createEngineRegistries } from "../../src/engine/builtins";
import { createFlowRuntime, type FlowRuntime } from "../../src/runtime/runtime";
import { clearLaunchFields } from "../../src/session/launchParams";
import { logInWithLaunch } from "../../src/ui/screens/login/launchLogin";
import { ApiError } from "../../src/api/apiError";
import { API_ERROR_CODES } from "../../schemas/apiCodes";
import { fakeCaptureHandlers } from "../capture/fakeHandlers";
import { shippedCapture } from "../capture/shippedKinds";
import { shippedLanguages } from "../ui/shippedLanguages";
import { loadDefinitions } from "../engine/fixtures";
import { shippedErrors, shippedResults } from "../ui/shippedCatalogues";
import { shippedShell, shippedTextCatalogue } from "../ui/shippedTexts";

/** vitest's jsdom environment exposes its JSDOM instance as `jsdom`. */
const dom = (globalThis as unknown as {
  jsdom: { reconfigure(options: { url: string }): void; cookieJar: { getCookieStringSync(url: string): string; removeAllCookiesSync(): void } };
}).jsdom;

const defs = loadDefinitions();
const PAGE = "https://kyc.partner.example/";
const SIBLING = "https://www.partner.example/";
const LAUNCH =
  "?url=https%3A%2F%2Fwww.partner.example%2Fback&h5_face_id=F1&user_id=U1&theme=03&from=app&signature=WXSIG&nonce_str=N1&time_stamp=1700000000&order_no=O1&live_type=1";

function open(query: string, apps: AppsFile = { ...defs.apps, cookieDomain: "partner.example" }): FlowRuntime {
  dom.reconfigure({ url: `${PAGE}${query}#/` });
  return createFlowRuntime({
    win: window, engine: createEngine(defs, createEngineRegistries()), apps, capture: shippedCapture, languages: shippedLanguages,
    loadDevices: () => Promise.reject(new Error("no camera check here")),
    loadErrorCatalogue: async () => shippedErrors, loadResults: async () => shippedResults,
    texts: shippedTextCatalogue(), shell: shippedShell, settings: { environment: "release", grayVersion: "1" },
    captureHandlers: fakeCaptureHandlers().registry,
  });
}

/** The cookies a page at `url` is sent, as name → value. */
function cookiesAt(url: string): Record<string, string> {
  const pairs = dom.cookieJar.getCookieStringSync(url).split("; ").filter(Boolean);
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf("=")), decodeURIComponent(pair.slice(pair.indexOf("=") + 1))]));
}

beforeEach(() => {
  localStorage.clear();
  dom.cookieJar.removeAllCookiesSync();
});
afterEach(() => dom.cookieJar.removeAllCookiesSync());

describe("spec §3: cookies hold the launch's session fields", () => {
  it("a launch writes wb_app_id, h5_face_id, user_id, from, theme and the JS-SDK fields to cookies on the configured domain, path /", () => {
    open(`${LAUNCH}&wb_app_id=TIDA0001`);
    const expected = {
      wb_app_id: "TIDA0001", h5_face_id: "F1", user_id: "U1", from: "app", theme: "03",
      signature: "WXSIG", nonce_str: "N1", time_stamp: "1700000000",
    };
    expect(cookiesAt(PAGE)).toMatchObject(expected);
    // Domain-wide: the partner's other page reads them too, on any path.
    expect(cookiesAt(`${SIBLING}some/path`)).toMatchObject(expected);
    // order_no is the service's (set at login with the session), never copied from a link.
    expect(cookiesAt(PAGE).order_no).toBeUndefined();
    // An unsigned launch's url is no one's word yet: the partner's pages are not handed it.
    expect(cookiesAt(PAGE).url).toBeUndefined();
  });

  it("the url cookie holds the return address the service vouched for at a signed login, and loses it when the login refuses the link", async () => {
    const rt = open("?sign=S1&h5_face_id=F1&order_no=O1&live_type=1&wb_app_id=TIDA0001");
    expect(cookiesAt(PAGE).url).toBeUndefined();
    const login = (answer: () => Promise<unknown>, search = rt.search) =>
      logInWithLaunch({ api: { login: answer } as never, search, storage: rt.storage, cookies: rt.cookies, canKeepCookies: () => true, unknownCodeMessage: () => "x", stats: rt.stats });
    await login(async () => ({ returnUrl: "https://www.partner.example/vouched", analyticsToken: undefined }));
    expect(cookiesAt(SIBLING).url).toBe("https://www.partner.example/vouched");
    await login(async () => Promise.reject(new ApiError(400, API_ERROR_CODES.launchInvalid, "link invalid")), { ...rt.search, sign: "S2" });
    expect(cookiesAt(SIBLING).url).toBeUndefined();
  });

  it("a second launch … does not keep the first launch's finished url and user_id in its cookies", async () => {
    const first = open("?url=https%3A%2F%2Fwww.partner.example%2Fback&h5_face_id=F1&user_id=U1&order_no=O1&live_type=1&wb_app_id=TIDA0001");
    clearLaunchFields(first.storage, first.cookies);
    expect(cookiesAt(PAGE)).toMatchObject({ url: "null", user_id: "U1" });
    const second = open("?sign=S2&h5_face_id=F2&order_no=O2&live_type=1&wb_app_id=TIDA0001");
    const api = { login: async () => ({ returnUrl: "https://www.partner.example/back2", analyticsToken: undefined }) } as never;
    await logInWithLaunch({ api, search: second.search, storage: second.storage, cookies: second.cookies, canKeepCookies: () => true, unknownCodeMessage: () => "x", stats: second.stats });
    const jar = cookiesAt(PAGE);
    expect(jar.h5_face_id).toBe("F2");
    expect({ url: jar.url, user_id: jar.user_id }).toEqual({ url: "https://www.partner.example/back2", user_id: undefined });
  });

  it("a host-scoped app's launch is exempt from cookie writes even when a later link of it fails to parse", () => {
    open("?url=https%3A%2F%2Fwww.partner.example%2Fback&h5_face_id=F1&user_id=U1&live_type=1&wb_app_id=TIDA0091");
    expect(cookiesAt(PAGE)).toEqual({});
    const rt = open("?h5_face_id=F1&live_type=9");
    expect(rt.launchIssues).not.toEqual([]);
    expect(cookiesAt(PAGE)).toEqual({});
    // The jar stays the app's: a later finish from the error page writes nothing either.
    clearLaunchFields(rt.storage, rt.cookies);
    expect(cookiesAt(PAGE)).toEqual({});
  });

  it("a link that fails to parse leaves the launch's cookies as an earlier page wrote them", () => {
    open(`${LAUNCH}&wb_app_id=TIDA0001`);
    const before = cookiesAt(PAGE);
    open("?h5_face_id=F1&order_no=O1&live_type=9");
    expect(cookiesAt(PAGE)).toEqual(before);
  });

  it.each(["TIDA0091", "TIDA0092"])("the host-scoped app id %s is exempt: the page writes none of its cookies", (appId) => {
    open(`${LAUNCH}&wb_app_id=${appId}`);
    expect(cookiesAt(PAGE)).toEqual({});
  });

  it("without a configured domain (the shipped default) the cookies stay on the page's host", () => {
    open(`${LAUNCH}&wb_app_id=TIDA0001`, defs.apps);
    expect(cookiesAt(PAGE)).toMatchObject({ h5_face_id: "F1", user_id: "U1" });
    expect(cookiesAt(SIBLING)).toEqual({});
  });

  it("a page outside the configured domain writes host-only cookies instead of cookies the browser would drop", () => {
    open(`${LAUNCH}&wb_app_id=TIDA0001`, { ...defs.apps, cookieDomain: "other.example" });
    expect(cookiesAt(PAGE).h5_face_id).toBe("F1");
  });

  it("finishing sets the url cookie to the text null, as in storage", () => {
    const rt = open(`${LAUNCH}&wb_app_id=TIDA0001`);
    clearLaunchFields(rt.storage, rt.cookies);
    expect(cookiesAt(SIBLING).url).toBe("null");
    expect(cookiesAt(SIBLING).h5_face_id).toBe("F1");
  });
});
