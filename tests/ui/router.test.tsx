// @vitest-environment jsdom
import { fakeCaptureHandlers } from "../capture/fakeHandlers";
import { shippedCapture } from "../capture/shippedKinds";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppsFile } from "../../schemas/apps";
import { createEngine } from "../../src/engine/engine";
import { createEngineRegistries } from "../../src/engine/builtins";
import { FlowProvider } from "../../src/ui/FlowProvider";
import { FlowRouter } from "../../src/ui/FlowRouter";
import { createFlowRuntime, type FlowRuntime } from "../../src/runtime/runtime";
import type { ScreenComponent } from "../../src/ui/screenContract";
import { SCREEN_TYPES, type ScreenType } from "../../src/ui/screens/screenTypes";
import { Wrapper } from "../../src/ui/Wrapper";
import { loadDefinitions } from "../engine/fixtures";
import { shippedErrors, shippedResults } from "./shippedCatalogues";
import { shippedLanguages } from "./shippedTexts";

const defs = loadDefinitions();

/** Test screens that print which route and query they were given. */
const screens = Object.fromEntries(
  SCREEN_TYPES.map((t) => [t, (({ route, query }) => <p data-testid="screen">{`${route.name} ${JSON.stringify(query)}`}</p>) as ScreenComponent]),
) as Record<ScreenType, ScreenComponent>;

function start(url: string, apps: AppsFile = defs.apps): FlowRuntime {
  window.history.replaceState(null, "", url);
  const engine = createEngine(defs, createEngineRegistries());
  const rt = createFlowRuntime({ win: window, engine, apps, capture: shippedCapture, loadDevices: () => Promise.reject(new Error("no camera check in router tests")), loadErrorCatalogue: async () => shippedErrors, loadResults: async () => shippedResults, languages: shippedLanguages(), settings: { environment: "release", grayVersion: "7" }, captureHandlers: fakeCaptureHandlers().registry });
  render(
    <FlowProvider runtime={rt}>
      <FlowRouter screens={screens} fallback={<p>loading</p>} />
    </FlowProvider>,
  );
  return rt;
}

const statNames = (rt: FlowRuntime) => rt.stats.pending().map((e) => e.name);

beforeEach(() => {
  localStorage.clear();
  document.cookie.split(";").forEach((c) => (document.cookie = `${c.split("=")[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("router: entry rules, guard and after-navigation effects together", () => {
  it("a silent launch without a session ends on the action error page and records the noCookie statistic", async () => {
    const rt = start("/?live_type=3&h5_face_id=R1#/");
    expect(await screen.findByTestId("screen")).toHaveProperty("textContent", 'action_error {"status":"noCookieException"}');
    expect(window.location.hash).toBe("#/action/error?status=noCookieException");
    expect(statNames(rt)).toEqual(expect.arrayContaining(["noCookie", "pageView"]));
    // The load time is counted from the page's time origin, which here is the test worker's
    // start: on a busy machine that is past the slow-load threshold, so either name is right.
    expect(statNames(rt).filter((name) => name === "pageLoadTime" || name === "pageLoadSlow")).toHaveLength(1);
    expect(document.documentElement.dataset.pageId).toBe("action_error_7");
    expect(document.title).toBe("出错了 - 人脸核身");
  });

  it("with the order_no cookie a number launch lands on /h5pre and keeps the launch query", async () => {
    document.cookie = "order_no=O2; path=/";
    start("/?live_type=1&h5_face_id=R2");
    expect((await screen.findByTestId("screen")).textContent).toBe("h5pre {}");
    expect(window.location.search).toBe("?live_type=1&h5_face_id=R2");
  });

  it("a signed launch not yet logged in goes to /login", async () => {
    start("/?live_type=1&h5_face_id=R3&sign=abc#/");
    expect((await screen.findByTestId("screen")).textContent).toBe("login {}");
  });

  it("an invalid launch parameter shows errorSettings and records which key was wrong", async () => {
    const rt = start("/?live_type=7&h5_face_id=R4#/h5pre");
    expect((await screen.findByTestId("screen")).textContent).toBe('error {"status":"errorSettings"}');
    expect(rt.stats.pending().find((e) => e.name === "launchInvalid")?.data).toEqual({ keys: "live_type" });
  });

  it("an unknown route shows the catalogue's message screen, never a blank page", async () => {
    start("/?h5_face_id=R5#/nowhere");
    expect((await screen.findByTestId("screen")).textContent).toMatch(/^error \{"status":"publicError","msg":"页面不存在：\/nowhere"\}/);
  });

  it("a code in the URL is cached as the auth code and counted", async () => {
    document.cookie = "order_no=O6; path=/";
    const rt = start("/?h5_face_id=R6&code=0613abcdef#/");
    await screen.findByTestId("screen");
    expect(statNames(rt)).toContain("wxAuthCodeSuccess");
    expect(rt.storage.get("wxAuthCode")).toBe('"0613abcdef"');
  });

  it("navigating reports the stay time of the page left", async () => {
    document.cookie = "order_no=O7; path=/";
    const rt = start("/?h5_face_id=R7#/protocol");
    await screen.findByTestId("screen");
    await act(async () => rt.location.navigate("/protocol/tencent"));
    expect((await screen.findByTestId("screen")).textContent).toBe("protocol_tencent {}");
    expect(rt.stats.pending().find((e) => e.name === "stayTime")?.data).toMatchObject({ pageId: "protocol_7" });
  });
});

describe("root wrapper", () => {
  it("becomes ready 500 ms after mount, and opens the debug console after 10 quick clicks for TIDA0001", async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, "", "/?wb_app_id=TIDA0001&h5_face_id=W1#/protocol");
    const engine = createEngine(defs, createEngineRegistries());
    const rt = createFlowRuntime({ win: window, engine, apps: defs.apps, capture: shippedCapture, loadDevices: () => Promise.reject(new Error("no camera check in router tests")), loadErrorCatalogue: async () => shippedErrors, loadResults: async () => shippedResults, languages: shippedLanguages(), settings: { environment: "release", grayVersion: "0" }, captureHandlers: fakeCaptureHandlers().registry });
    const load = vi.fn(async () => ({}));
    const { container } = render(
      <FlowProvider runtime={rt}>
        <Wrapper loadDebugConsole={load}>
          <p>child</p>
        </Wrapper>
      </FlowProvider>,
    );
    const wrapper = container.querySelector(".ff-wrapper") as HTMLElement;
    expect(wrapper.dataset.ready).toBe("false");
    await act(async () => vi.advanceTimersByTime(499));
    expect(wrapper.dataset.ready).toBe("false");
    await act(async () => vi.advanceTimersByTime(1));
    expect(wrapper.dataset.ready).toBe("true");
    for (let i = 0; i < 10; i++) {
      await act(async () => {
        vi.advanceTimersByTime(300);
        wrapper.click();
      });
    }
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads the debug console by itself in the sit environment, for any app", async () => {
    window.history.replaceState(null, "", "/?wb_app_id=OTHER01&h5_face_id=W2#/protocol");
    const engine = createEngine(defs, createEngineRegistries());
    const rt = createFlowRuntime({ win: window, engine, apps: defs.apps, capture: shippedCapture, loadDevices: () => Promise.reject(new Error("no camera check in router tests")), loadErrorCatalogue: async () => shippedErrors, loadResults: async () => shippedResults, languages: shippedLanguages(), settings: { environment: "sit", grayVersion: "0" }, captureHandlers: fakeCaptureHandlers().registry });
    const load = vi.fn(async () => ({}));
    render(
      <FlowProvider runtime={rt}>
        <Wrapper loadDebugConsole={load}>
          <p>child</p>
        </Wrapper>
      </FlowProvider>,
    );
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("return address", () => {
  it("a signed launch never stores the url in its page URL: only the login's signed answer sets it", async () => {
    const rt = start("/?h5_face_id=R9&sign=abc&url=https%3A%2F%2Fevil.example%2Fsteal#/protocol");
    await screen.findByTestId("screen");
    expect(rt.storage.get("url")).toBeUndefined();
  });

  it("an unsigned launch stores its url marked unsigned, for the service to vouch for at finish (spec §3)", async () => {
    document.cookie = "order_no=O9; path=/";
    const rt = start("/?h5_face_id=R9&url=https%3A%2F%2Fpartner.example%2Fback#/protocol");
    await screen.findByTestId("screen");
    expect(rt.storage.get("url")).toBe('"https://partner.example/back"');
    expect(rt.storage.get("urlUnsigned")).toBe("true");
  });

  it("a stored return address survives a reload of a signed launch whose URL carries another one", async () => {
    window.history.replaceState(null, "", "/?h5_face_id=R10");
    const first = createFlowRuntime({ win: window, engine: createEngine(defs, createEngineRegistries()), apps: defs.apps, capture: shippedCapture, loadDevices: () => Promise.reject(new Error("no camera check in router tests")), loadErrorCatalogue: async () => shippedErrors, loadResults: async () => shippedResults, languages: shippedLanguages(), settings: { environment: "release", grayVersion: "0" }, captureHandlers: fakeCaptureHandlers().registry });
    first.storage.setJSON("url", "https://partner.example/back");
    const rt = start("/?h5_face_id=R10&sign=abc&url=https%3A%2F%2Fevil.example%2Fsteal#/protocol");
    await screen.findByTestId("screen");
    expect(rt.storage.get("url")).toBe('"https://partner.example/back"');
  });
});

describe("messaging-app camera (spec §4 and §5)", () => {
  const wechat = (version: string) =>
    "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 " +
    `Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/${version}.2540(0x28002E37) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64`;
  const realUserAgent = navigator.userAgent;
  afterEach(() => Object.defineProperty(navigator, "userAgent", { value: realUserAgent, configurable: true }));

  it.each([
    ["8.0.47", true],
    ["8.0.41", false],
  ])("WeChat %s: usable = %s (8.0.40-8.0.42 is on every app's downgrade list)", async (version, usable) => {
    Object.defineProperty(navigator, "userAgent", { value: wechat(version), configurable: true });
    const apps = { ...defs.apps, wxCameraAllowedOrigins: [window.location.origin] };
    const rt = start("/?h5_face_id=WX1&signature=sig#/protocol", apps);
    await screen.findByTestId("screen");
    expect(rt.wxCameraUsable).toBe(usable);
  });
});

describe("scrolling", () => {
  it("every navigation starts at the top of the page", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const rt = start("/?h5_face_id=S1#/protocol");
    await screen.findByTestId("screen");
    scrollTo.mockClear();
    await act(async () => rt.location.navigate("/protocol/tencent"));
    await screen.findByText("protocol_tencent {}");
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });
});

describe("the runtime's lazily loaded definitions", () => {
  it("a load that failed (a dropped network) is tried again on the next call, and a loaded one is not fetched twice", async () => {
    window.history.replaceState(null, "", "/#/");
    const loadDevices = vi.fn().mockRejectedValueOnce(new Error("dropped")).mockResolvedValue({ marker: "devices" });
    const rt = createFlowRuntime({ win: window, engine: createEngine(defs, createEngineRegistries()), apps: defs.apps, capture: shippedCapture, loadDevices, loadErrorCatalogue: async () => shippedErrors, loadResults: async () => shippedResults, languages: shippedLanguages(), settings: { environment: "release", grayVersion: "0" }, captureHandlers: fakeCaptureHandlers().registry });
    await expect(rt.loadDevices()).rejects.toThrow("dropped");
    await expect(rt.loadDevices()).resolves.toEqual({ marker: "devices" });
    await rt.loadDevices();
    expect(loadDevices).toHaveBeenCalledTimes(2);
  });
});
