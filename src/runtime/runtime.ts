/**
 * The flow runtime: one instance per page, made at the composition root from the window,
 * the validated definitions and the registries. Everything stateful (storage, cookies,
 * session state, toast, statistics, stay timer) lives here rather than in module state.
 */
import Cookies from "js-cookie";
import type { AppsFile } from "../../schemas/apps";
import type { LanguagesFile } from "../../schemas/languages";
import type { CaptureFile } from "../../schemas/capture";
import type { DevicesFile } from "../../schemas/devices";
import type { ErrorsFile } from "../../schemas/errors";
import type { ResultsFile } from "../../schemas/results";
import type { ShellTexts, Texts, TextSection } from "../../schemas/texts";
import type { Language } from "../../schemas/languages";
import { environmentSchema, type Environment } from "../../schemas/environment";
import { launchParamsSchema, type LaunchParams } from "../../schemas/launch";
import type { NavContext, NavTarget } from "../engine/context";
import type { Engine } from "../engine/engine";
import type { CaptureKindRegistry } from "../capture/kinds/registry";
import type { FaceDownloadSlot } from "../face/browser/faceDownload";
import { createStayTimer, type StayTimer } from "../engine/afterNavigation";
import { createStatsRecorder, type StatsRecorder } from "../analytics/statsRecorder";
import { deriveCacheId } from "../session/cacheId";
import { createCookieJar, type CookieJar } from "../session/cookies";
import { cookieDomainFor, launchCookieValue, syncLaunchCookies } from "../session/launchCookies";
import { hasOwn } from "../domain/launchQuery";
import { FINISHED_URL, isCookieLessMode, isFinished, parseQuery, readLaunch, type LaunchIssue } from "../session/launchParams";
import type { SessionStateStore } from "../session/sessionState";
import { createKycStorage, type KycStorage } from "../session/storage";
import { INITIAL_SESSION_STATE, storedValueSchemas, type SessionState } from "../../schemas/session";
import { detectMessagingApp, isWxCameraUsable, type MessagingApp } from "../device/messagingApp";
import { isWxCameraDowngraded } from "../device/wxCameraPolicy";
import { createHashLocation, type HashLocation } from "./hashLocation";
import { createTextCatalogue } from "./textCatalogue";
import { browserLanguages, chooseLanguage, listedOrUndefined, loadShell, type LanguageRegistry } from "./language";
import { createToastController, type ToastController } from "./toastController";

interface FlowSettings {
  environment: Environment;
  grayVersion: string;
}

export interface FlowRuntime {
  win: Window;
  /**
   * The capture kinds registered at the composition root, with capture.json's mode order:
   * mode choice walks them, and `get(kind)` loads a kind's handler (an unknown kind throws).
   */
  captureHandlers: CaptureKindRegistry;
  engine: Engine;
  apps: AppsFile;
  /** flows/capture.json, validated: the capture limits every capture page and handler reads. */
  capture: CaptureFile;
  /** flows/languages.json, validated: the languages the flow is offered in (the demo form lists them). */
  languages: LanguagesFile;
  /**
   * flows/devices.json, validated, fetched on first use: only the camera-input check reads it,
   * and it loads with that check (src/flow/cameraCheck.ts), not with the first screen.
   */
  loadDevices(): Promise<DevicesFile>;
  /**
   * flows/errors.json, validated, fetched on first use: the error screen loads it with its module
   * (its row of src/ui/screens/screenTable.ts); the pages that only quit with one of its codes ask when they quit.
   */
  loadErrorCatalogue(): Promise<ErrorsFile>;
  /** flows/results.json, validated, fetched with the result screen's module (src/ui/screens/screenTable.ts). */
  loadResults(): Promise<ResultsFile>;
  /**
   * The screens' texts in the page's language, by section, fetched on first use: a screen's
   * sections (its row of src/ui/screens/screenTable.ts) load with its module; an unknown section rejects.
   */
  loadTexts<K extends TextSection>(sections: readonly K[]): Promise<Pick<Texts, K>>;
  /**
   * The page shell's texts (titles, loading, load failed) in the page's language: the default
   * language's are embedded with the first screen; another language's arrive with its texts
   * table (preloaded by index.html), and until `shellReady` settles this is the default's.
   */
  readonly shell: ShellTexts;
  /**
   * Settles once `shell` is the page's language's (at once for the default). The first render
   * waits for it (src/main.tsx). Should the table not load (the network dropped), `shell` stays
   * the default language's, the failure is a statistic, and the screens' own texts, which need
   * the same network, show the load-failed page.
   */
  shellReady: Promise<void>;
  /** The page's language (src/runtime/language.ts): the launch's lang, the browser's, or the default. */
  language: Language;
  settings: FlowSettings;
  /** The page URL's own query: the partner's launch parameters and the OAuth code. */
  search: Record<string, string>;
  launch: LaunchParams;
  /** Problems with the launch parameters; the flow then shows errorSettings. */
  launchIssues: LaunchIssue[];
  storage: KycStorage;
  cookies: CookieJar;
  /** The session state as last persisted (what the guard reads). */
  readSessionState(): SessionState;
  /**
   * The session-state store for screens that change it (mode support, front-error counts),
   * made on first use: it brings immer, which the first screen does not need.
   */
  sessionState(): Promise<SessionStateStore>;
  messagingApp: MessagingApp;
  wxCameraUsable: boolean;
  location: HashLocation;
  toast: ToastController;
  /** Change notifications of the toast, for the toast host (read it with toast.state()). */
  toastChanges: { subscribe(cb: () => void): () => void };
  stats: StatsRecorder;
  stay: StayTimer;
  now: () => number;
  /**
   * The face files' download, one a page: the start page begins it, the recording page shows
   * its progress (src/face/browser/faceDownload.ts). Empty until a page starts it.
   */
  faceDownload: FaceDownloadSlot;
}

/**
 * Runs `load` on the first call; later calls share its promise. A failed load (a dropped
 * network) is tried again on the next call, as a failed screen chunk is, instead of failing
 * every later call of the page.
 */
function lazyUntilLoaded<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

/** The deployment environment baked in by build.mjs (tests and dev fall back to apps.json). */
export function resolveEnvironment(apps: AppsFile, baked: string | undefined): Environment {
  const raw = baked ?? apps.defaultEnvironment;
  const parsed = environmentSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`Unknown environment "${raw}". Known: ${environmentSchema.options.join(", ")}`);
  return parsed.data;
}

export function createFlowRuntime(input: {
  win: Window;
  engine: Engine;
  apps: AppsFile;
  capture: CaptureFile;
  loadDevices: () => Promise<DevicesFile>;
  loadErrorCatalogue: () => Promise<ErrorsFile>;
  loadResults: () => Promise<ResultsFile>;
  /** The listed languages, their shell texts and texts loaders (the root's virtual:faceflow-languages). */
  languages: LanguageRegistry;
  settings: FlowSettings;
  captureHandlers: CaptureKindRegistry;
}): FlowRuntime {
  const { win, engine, apps, capture, settings, captureHandlers } = input;
  const now = () => win.performance.now() + win.performance.timeOrigin;
  const stats = createStatsRecorder(now);
  const search = parseQuery(win.location.search);
  const cookieOrderNo = (() => {
    try {
      return Cookies.get("order_no");
    } catch {
      return undefined;
    }
  })();
  const storage = createKycStorage({
    backend: () => win.localStorage,
    cacheId: deriveCacheId({ h5_face_id: search.h5_face_id, order_no: search.order_no ?? cookieOrderNo }),
    onCorrupt: (key, issue) => stats.record("storageCorrupt", { key, issue }),
    onError: (f) => stats.record("storageError", { operation: f.operation }),
  });
  // Reloading the launch URL of a launch that already finished must not revive it: the URL
  // still carries url=..., which would overwrite the finished marker (spec §4 Finish).
  const finishedBefore = isFinished(storage);
  const sameLaunch = !search.sign || search.sign === storage.getParsed("loginSign", storedValueSchemas.loginSign);
  const storedUrl = storage.get("url");
  const launchResult = readLaunch({ query: search, storage });
  keepReturnAddress({ storage, search, storedUrl, stored: launchResult.ok ? launchResult.params.url : undefined });
  if (finishedBefore && sameLaunch) {
    storage.setJSON("url", FINISHED_URL);
    storage.remove("urlUnsigned");
  }
  const launch = launchResult.ok ? launchResult.params : {};
  // A link that fails to parse still shows its settings error in the language it asked for, when listed.
  const { language, issue: languageIssue } = chooseLanguage(input.languages.file, {
    launchLang: launchResult.ok ? launch.lang : listedOrUndefined(input.languages, search.lang),
    browser: browserLanguages(win.navigator),
  });
  let shell = input.languages.defaultShell;
  const texts = createTextCatalogue(input.languages.texts, language.tag);
  const cookies = createCookieJar({
    appId: launchResult.ok ? launch.wb_app_id : unparsedLaunchAppId(search, storage),
    hostScopedAppIds: apps.hostScopedCookieAppIds,
    domain: cookieDomainFor(win.location.hostname, apps.cookieDomain),
    impl: Cookies,
    onCorrupt: (name, issue) => stats.record("cookieCorrupt", { name, issue }),
    onError: () => stats.record("cookieError"),
  });
  // Spec §3: cookies hold the launch's session fields too, for the partner's other pages. A link
  // that does not parse is no launch (the page shows the settings error): it neither writes nor
  // removes the cookies an earlier page of the launch wrote.
  if (launchResult.ok) syncLaunchCookies(cookies, (key) => launchCookieValue(key, storage));
  const inIframe = (() => {
    try {
      return win.self !== win.top;
    } catch {
      return true;
    }
  })();
  const wxjsEnvironment = (win as unknown as { __wxjs_environment?: unknown }).__wxjs_environment;
  const messagingApp = detectMessagingApp(win.navigator.userAgent, {
    inIframe,
    wxjsEnvironment: typeof wxjsEnvironment === "string" ? wxjsEnvironment : undefined,
  });
  const toastListeners = new Set<() => void>();
  const toast = createToastController({
    setTimeout: (fn, ms) => win.setTimeout(fn, ms),
    clearTimeout: (id) => win.clearTimeout(id),
    onChange: () => toastListeners.forEach((cb) => cb()),
  });
  return {
    win,
    captureHandlers,
    engine,
    apps,
    capture,
    languages: input.languages.file,
    loadDevices: lazyUntilLoaded(input.loadDevices),
    loadErrorCatalogue: lazyUntilLoaded(input.loadErrorCatalogue),
    loadResults: lazyUntilLoaded(input.loadResults),
    loadTexts: (sections) => texts.load(sections),
    get shell() {
      return shell;
    },
    shellReady: loadShell(input.languages, language.tag).then(
      (loaded) => {
        shell = loaded;
      },
      (error: unknown) => stats.record("shellLoadFailed", { language: language.tag, message: String(error).slice(0, 200) }),
    ),
    language,
    settings,
    search,
    launch,
    launchIssues: [...(launchResult.ok ? [] : launchResult.issues), ...(languageIssue ? [languageIssue] : [])],
    storage,
    cookies,
    readSessionState: () => storage.getParsed("sessionState", storedValueSchemas.sessionState) ?? INITIAL_SESSION_STATE,
    // Every downgrade reason the store records also becomes a statistic (the dashboard charts them).
    sessionState: lazyUntilLoaded(() =>
      Promise.all([import("../session/sessionState"), import("../analytics/downgradeEvents")]).then(([m, d]) => d.reportDowngrades(m.createSessionState(storage), stats)),
    ),
    messagingApp,
    // Spec §4 decides where the messaging-app camera could work; §5's per-app version list
    // turns it off for messaging-app versions whose camera is known to misbehave.
    wxCameraUsable:
      isWxCameraUsable({
        messagingApp,
        signature: launch.signature ?? "",
        origin: win.location.origin,
        allowedOrigins: apps.wxCameraAllowedOrigins,
      }) && !isWxCameraDowngraded(launch.wb_app_id ?? apps.defaultAppId, messagingApp.version, apps),
    location: createHashLocation(win),
    toast,
    toastChanges: {
      subscribe: (cb) => {
        toastListeners.add(cb);
        return () => toastListeners.delete(cb);
      },
    },
    stats,
    stay: createStayTimer(now),
    now,
    faceDownload: { current: null },
  };
}

/**
 * Which return address the launch keeps (spec §3 `url`, §4 Finish).
 * - A signed launch (`sign` in the URL): the one the service vouches for in the login answer,
 *   bound to the signature (src/ui/screens/login/launchLogin.ts); the query's `url` is ignored,
 *   as a link could carry any address next to a genuine sign.
 * - An unsigned launch: the query's `url` is stored, as the spec says, marked `urlUnsigned`;
 *   the finisher leaves for it only once the service confirms it is an address the order's
 *   partner app allows (src/finish/finisher.ts), so a crafted link is no open redirect.
 */
function keepReturnAddress(input: { storage: KycStorage; search: Record<string, string>; storedUrl: string | undefined; stored: string | undefined }): void {
  const { storage, search, storedUrl, stored } = input;
  if (isCookieLessMode(search)) {
    if (storedUrl === undefined) storage.remove("url");
    else storage.set("url", storedUrl);
    return;
  }
  if (hasOwn(search, "url") && stored !== undefined && stored !== "") storage.setJSON("urlUnsigned", true);
}

/**
 * The app id of a link that did not parse, for its cookie jar: the one the link or an earlier
 * page of the launch names (the link's first, as readLaunch merges them), so a host-scoped app's
 * cookies stay exempt from the page's writes (a later finish or quit) either way.
 */
function unparsedLaunchAppId(search: Record<string, string>, storage: KycStorage): string | undefined {
  return search.wb_app_id ?? storage.getParsed("wb_app_id", launchParamsSchema.shape.wb_app_id);
}

/** The engine's view of this page for navigating to `target`; session values are read fresh. */
export function buildNavContext(rt: FlowRuntime, target: NavTarget): NavContext {
  const loginSign = rt.storage.getParsed("loginSign", storedValueSchemas.loginSign);
  const cookieLess = isCookieLessMode(rt.search);
  const state = rt.readSessionState();
  return {
    target,
    search: rt.search,
    launch: rt.launch,
    session: {
      storedUrl: rt.storage.getParsed("url", launchParamsSchema.shape.url),
      noRetry: rt.storage.getParsed("noRetry", storedValueSchemas.noRetry) ?? false,
      // In cookie-less mode (a `sign` in the URL) the login sign stored by /login stands in for the cookie.
      hasOrderNoCookie: Boolean(rt.cookies.orderNo()) || (cookieLess && loginSign === rt.search.sign),
      loginRequired: cookieLess && loginSign !== rt.search.sign,
      supportTrtc: state.supportTrtc,
      supportWs: state.supportWs,
      wxAuthCode: rt.storage.getParsed("wxAuthCode", storedValueSchemas.wxAuthCode),
    },
    device: {
      wxCameraUsable: rt.wxCameraUsable,
      wxCodeObtainable: rt.messagingApp.kind === "wechat",
    },
    settings: {
      environment: rt.settings.environment,
      tldSwitch: rt.apps.wxOauth.tldSwitch,
      wxOauth: { authorizeUrl: rt.apps.wxOauth.authorizeUrl, appId: rt.apps.wxOauth.appId },
    },
    location: { origin: rt.win.location.origin, pathname: rt.win.location.pathname, search: rt.win.location.search },
  };
}
