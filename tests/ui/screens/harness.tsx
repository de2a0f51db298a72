import { createScreens } from "../../../src/ui/screens";
import { registryTexts } from "../shippedTexts";
import { nextOf } from "../../../src/flow/next";
import { fakeCaptureHandlers } from "../../capture/fakeHandlers";
import { shippedCapture } from "../../capture/shippedKinds";
import { shippedLanguages } from "../shippedLanguages";
import type { CaptureFile } from "../../../schemas/capture";
import { devicesFileSchema, type DevicesFile } from "../../../schemas/devices";
import devicesJson from "../../../flows/devices.json";
/**
 * Screens under test: a real FlowRuntime made by createFlowRuntime over jsdom's window,
 * with the shipped definitions, and the screen of a named route rendered inside the
 * FlowProvider (with the toast host, as in the app). The window is the real one apart from
 * `location.assign/replace/reload`, which are recorded instead of navigating (jsdom cannot
 * leave the page), so a test reads where the finisher sent the user.
 *
 * @example
 *   const flow = setupFlow({ url: "/?url=https%3A%2F%2Fp.example%2Fback#/error" });
 *   flow.renderScreen(ErrorScreen, "error", { status: "trtc_cameraError" });
 */
import { act, render, type RenderResult } from "@testing-library/react";
import { Suspense } from "react";
import { vi, type Mock } from "vitest";
import { createEngine } from "../../../src/engine/engine";
import { createEngineRegistries } from "../../../src/engine/builtins";
import { FlowProvider } from "../../../src/ui/FlowProvider";
import { createFlowRuntime, type FlowRuntime } from "../../../src/runtime/runtime";
import { routeProps, type AnyScreenComponent, type ScreenComponent } from "../../../src/ui/screenContract";
import { ToastHost } from "../../../src/ui/ToastHost";
import { RecordTimeoutHost } from "../../../src/ui/RecordTimeoutHost";
import { loadDefinitions } from "../../engine/fixtures";
import { shippedErrors, shippedResults } from "../shippedCatalogues";
import { shippedShell, shippedTextCatalogue, shippedTexts } from "../shippedTexts";
import type { TextCatalogue } from "../../../src/runtime/textCatalogue";
import { ScreenTextsProvider } from "../../../src/ui/screenTexts";
import { ApiProvider } from "../../../src/ui/apiContext";
import type { ApiClient } from "../../../src/api/client";

export const UA = {
  iPhone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  android: "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
  ucAndroid:
    "Mozilla/5.0 (Linux; U; Android 12; zh-CN; M2012K11AC Build/SKQ1.211006.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/15.3.6.1206 Mobile Safari/537.36",
  desktop: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
} as const;

const definitions = loadDefinitions();
const shippedDevices = devicesFileSchema.parse(devicesJson);
const engine = createEngine(definitions, createEngineRegistries());

export interface Navigation {
  assign: Mock<(url: string) => void>;
  replace: Mock<(url: string) => void>;
  reload: Mock<() => void>;
}

export interface Flow {
  rt: FlowRuntime;
  nav: Navigation;
  /** Renders the component as the screen of the named route (from flows/routes.json). */
  renderScreen(screen: AnyScreenComponent, routeName: string, query?: Record<string, string>, params?: Record<string, string>): RenderResult;
  /** The hash route now shown, decoded, e.g. "/error?status=x". */
  hash(): string;
}

export interface FlowOptions {
  /** Path, query and hash of the page, e.g. "/?live_type=2#/action/pre". */
  url?: string;
  userAgent?: string;
  /** Cookies set before the runtime reads them, e.g. { order_no: "O1" }. */
  cookies?: Record<string, string>;
  /** navigator.mediaDevices; null removes it (an old browser or an insecure page). */
  mediaDevices?: Partial<MediaDevices> | null;
  /**
   * The return address as the login stored it from the service's answer (null: none). Defaults
   * to the page URL's `url` parameter, as if the service had vouched for it; the runtime alone
   * keeps that value only as an unsigned address the finisher must have vouched for first.
   */
  returnUrl?: string | null;
  /** Keep localStorage and cookies from the previous setup: the same browser reloading the page. */
  keepStorage?: boolean;
  /** Leave the return address as the runtime kept it from the page URL (an unsigned launch); ignores returnUrl. */
  keepLaunchedReturnUrl?: boolean;
  /** The API client the screens use (an <ApiProvider>); a same-origin client by default. */
  api?: ApiClient;
  /** The runtime's capture definition; the shipped capture.json by default (a test changes a limit here). */
  capture?: CaptureFile;
  /** The runtime's text catalogue; the shipped zh-CN by default (the new-language recipe passes another). */
  texts?: TextCatalogue;
  /** The runtime's device rules; the shipped devices.json by default. */
  devices?: DevicesFile;
}

function clearCookies(): void {
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** window, with location's navigating methods recorded; everything else is the real object. */
function windowWithRecordedNavigation(nav: Navigation): Window {
  // Location's members are unforgeable (a Proxy may not change them), so the page sees a
  // stand-in that reads the real location and records the navigating methods.
  const real = window.location;
  const location = {
    get href() {
      return real.href;
    },
    get hash() {
      return real.hash;
    },
    get search() {
      return real.search;
    },
    get pathname() {
      return real.pathname;
    },
    get origin() {
      return real.origin;
    },
    get host() {
      return real.host;
    },
    get protocol() {
      return real.protocol;
    },
    ...nav,
    toString: () => real.href,
  };
  return new Proxy(window, {
    get(target, key) {
      if (key === "location") return location;
      const value: unknown = Reflect.get(target, key, target);
      // Methods of window (addEventListener, setTimeout…) must run with window as `this`.
      return typeof value === "function" && !/^[A-Z]/.test(String(key)) ? value.bind(target) : value;
    },
  });
}

export function setupFlow(options: FlowOptions = {}): Flow {
  if (!options.keepStorage) {
    window.localStorage.clear();
    clearCookies();
  }
  window.history.replaceState(null, "", options.url ?? "/#/");
  for (const [name, value] of Object.entries(options.cookies ?? {})) document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
  Object.defineProperty(window.navigator, "userAgent", { value: options.userAgent ?? UA.android, configurable: true });
  if (options.mediaDevices === null) {
    Object.defineProperty(window.navigator, "mediaDevices", { value: undefined, configurable: true });
  } else {
    Object.defineProperty(window.navigator, "mediaDevices", { value: options.mediaDevices ?? {}, configurable: true });
  }
  const nav: Navigation = { assign: vi.fn(), replace: vi.fn(), reload: vi.fn() };
  const rt = createFlowRuntime({
    win: windowWithRecordedNavigation(nav),
    engine,
    apps: definitions.apps,
    capture: options.capture ?? shippedCapture,
    languages: shippedLanguages,
    loadDevices: async () => options.devices ?? shippedDevices,
    loadErrorCatalogue: async () => shippedErrors,
    loadResults: async () => shippedResults,
    texts: options.texts ?? shippedTextCatalogue(),
    shell: shippedShell,
    settings: { environment: "release", grayVersion: "0" },
    captureHandlers: fakeCaptureHandlers().registry,
  });
  // As a signed launch's login leaves it: the vouched address (or none), not the unsigned query
  // value the runtime kept (tests/spec/s3-returnAddress.test.tsx covers unsigned launches).
  const returnUrl = options.returnUrl === undefined ? new URL(window.location.href).searchParams.get("url") : options.returnUrl;
  if (!options.keepLaunchedReturnUrl) {
    rt.storage.remove("urlUnsigned");
    if (returnUrl) rt.storage.setJSON("url", returnUrl);
    else rt.storage.remove("url");
  }
  return {
    rt,
    nav,
    renderScreen(screen, routeName, query = {}, params = {}) {
      const route = engine.routeByName(routeName);
      // As the router does: the route's props, typed for its screen (the test names the pair).
      const Screen = screen as ScreenComponent;
      const screenElement = <Screen route={route} props={routeProps(route)} next={nextOf(route)} params={params} query={query} />;
      return render(
        <FlowProvider runtime={rt}>
          <Suspense fallback={null}>
            {/* Only the sections its registry entry loads, as under the router. */}
            <ScreenTextsProvider texts={registryTexts(createScreens(rt), route.screen)}>
              {options.api ? <ApiProvider api={options.api}>{screenElement}</ApiProvider> : screenElement}
            </ScreenTextsProvider>
          </Suspense>
          <ToastHost />
          <RecordTimeoutHost />
        </FlowProvider>,
      );
    },
    hash: () => decodeURIComponent(window.location.hash.replace(/^#/, "")),
  };
}

/** Lets pending promises (dynamic imports, getUserMedia) settle inside act(). */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await act(async () => await Promise.resolve());
}

/** A stream double with stoppable tracks. */
export function fakeStream(): MediaStream & { stopped: () => boolean[] } {
  const tracks = [{ stop: vi.fn(), kind: "video" }];
  return {
    getTracks: () => tracks,
    stopped: () => tracks.map((t) => t.stop.mock.calls.length > 0),
  } as unknown as MediaStream & { stopped: () => boolean[] };
}

/** A DOMException-like error with the given name, as getUserMedia rejects with. */
export function mediaError(name: string): Error {
  const error = new Error(`${name} from the test`);
  error.name = name;
  return error;
}
