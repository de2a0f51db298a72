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
import { fakeCaptureHandlers } from "../capture/fakeHandlers";
import { shippedCapture } from "../capture/shippedKinds";
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
    win: window, engine: createEngine(defs, createEngineRegistries()), apps, capture: shippedCapture,
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
  it("a launch writes url, wb_app_id, h5_face_id, user_id, from, theme and the JS-SDK fields to cookies on the configured domain, path /", () => {
    open(`${LAUNCH}&wb_app_id=TIDA0001`);
    const expected = {
      url: "https://www.partner.example/back", wb_app_id: "TIDA0001", h5_face_id: "F1", user_id: "U1", from: "app", theme: "03",
      signature: "WXSIG", nonce_str: "N1", time_stamp: "1700000000",
    };
    expect(cookiesAt(PAGE)).toMatchObject(expected);
    // Domain-wide: the partner's other page reads them too, on any path.
    expect(cookiesAt(`${SIBLING}some/path`)).toMatchObject(expected);
    // order_no is the service's (set at login with the session), never copied from a link.
    expect(cookiesAt(PAGE).order_no).toBeUndefined();
  });

  it.each(["TIDA0091", "TIDA0092"])("the host-scoped app id %s is exempt: the page writes none of its cookies", (appId) => {
    open(`${LAUNCH}&wb_app_id=${appId}`);
    expect(cookiesAt(PAGE)).toEqual({});
  });

  it("without a configured domain (the shipped default) the cookies stay on the page's host", () => {
    open(`${LAUNCH}&wb_app_id=TIDA0001`, defs.apps);
    expect(cookiesAt(PAGE)).toMatchObject({ url: "https://www.partner.example/back", h5_face_id: "F1" });
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
