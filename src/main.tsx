/**
 * Composition root: the only place in the browser where definitions, registries and the window
 * meet. Flow files were validated and cross-checked by build.mjs before they were embedded here,
 * which is why they are typed by their schemas without being parsed again in the browser. A
 * launch's first page the service rendered (src/ssr, the same tree) is hydrated, not rendered again.
 */
import { createRoot, hydrateRoot } from "react-dom/client";
import routesJson from "../flows/routes.json";
import entryJson from "../flows/entry.json";
import guardJson from "../flows/guard.json";
import appsJson from "../flows/apps.json";
import analyticsJson from "../flows/analytics.json";
import captureJson from "../flows/capture.json";
import themesJson from "../themes/themes.json";
import { defaultShell, languages, texts } from "virtual:faceflow-languages";
import type { AnalyticsFile } from "../schemas/analytics";
import type { DevicesFile } from "../schemas/devices";
import type { ErrorsFile } from "../schemas/errors";
import type { ResultsFile } from "../schemas/results";
import { startAnalytics } from "./analytics/startAnalytics";
import { serverRenderedPage } from "./boot/serverRendered";
import { SERVED_LANGUAGE_ATTRIBUTE, SERVED_PAGE_ATTRIBUTE, SERVED_STALE_ATTRIBUTE } from "../schemas/servedPage";
import { decide, performEffects } from "./ui/FlowRouter";
import { splitHash } from "./runtime/hashLocation";
import { resolveRoute } from "./ui/resolveRoute";
import { nextOf } from "./flow/next";
import { createFlowRuntime, resolveEnvironment } from "./runtime/runtime";
import { flowDefinitions, validated } from "./runtime/flowDefinitions";
import { applyLanguage } from "./runtime/language";
import { createScreens } from "./ui/screens";
import { ROOT_TEXTS } from "./ui/screens/screenTable";
import { applyTheme } from "./ui/theme";
import { AppTree } from "./ui/AppTree";
import { firstPageOf } from "./ui/firstPage";
import { afterFirstScreen } from "./ui/afterFirstScreen";
import { earlyLoginAnswered } from "./boot/earlyLogin";
import { reportDeviceStats } from "./ui/reportDeviceStats";
import "./ui/app.css";
import "./ui/components/components.css";
import "./ui/screens/screens.css";

declare const __FACEFLOW_ENV__: string | undefined;
declare const __FACEFLOW_GRAY_VERSION__: string | undefined;

// The same definitions, engine and capture kinds as the service's renderer of a launch's first
// page (src/ssr/renderLaunchPage.tsx), so the page it renders is this one's.
const { apps, themes, capture, engine, captureHandlers } = flowDefinitions(
  { routes: routesJson, entry: entryJson, guard: guardJson, apps: appsJson, themes: themesJson, capture: captureJson },
  defaultShell.titles,
);
const runtime = createFlowRuntime({
  win: window,
  engine,
  apps,
  capture,
  // Its own small chunk, fetched alongside the camera-input check that reads it.
  loadDevices: () => import("../flows/devices.json").then((m) => validated<DevicesFile>(m.default)),
  // Each its own chunk, fetched with the screen that renders from it (its row of src/ui/screens/screenTable.ts).
  loadErrorCatalogue: () => import("../flows/errors.json").then((m) => validated<ErrorsFile>(m.default)),
  loadResults: () => import("../flows/results.json").then((m) => validated<ResultsFile>(m.default)),
  // The languages of flows/languages.json: each one's texts file, which the build cuts into a
  // chunk per set of sections a screen loads (scripts/build/textSections.mjs), and the default's
  // shell (every other language's comes with its texts table).
  languages: { file: languages, defaultShell, texts },
  captureHandlers,
  settings: {
    environment: resolveEnvironment(apps, typeof __FACEFLOW_ENV__ === "string" ? __FACEFLOW_ENV__ : undefined),
    grayVersion: typeof __FACEFLOW_GRAY_VERSION__ === "string" ? __FACEFLOW_GRAY_VERSION__ : "0",
  },
});
const SCREENS = createScreens(runtime);
applyLanguage(document, runtime.language);
// A launch whose theme failed validation shows errorSettings in the default theme.
applyTheme(document, themes, runtime.launchIssues.length ? "" : runtime.launch.theme);
window.addEventListener("pagehide", () => {
  const left = runtime.stay.leave();
  if (left && left.kind === "stat") runtime.stats.record(left.name, left.data);
});
// After the stay-time listener above, so the page-hide beacon carries the stay time too.
// Its upload code and trace id wait for the first screen: on a slow network they would delay it.
startAnalytics({
  runtime,
  config: validated<AnalyticsFile>(analyticsJson),
  loadReporter: () => import("./analytics/reporter"),
  afterFirstScreen: (task) => afterFirstScreen(window, task),
});

// After the first screen: statistics that need the full user-agent parser.
afterFirstScreen(window, () => void reportDeviceStats(navigator.userAgent, runtime.stats).catch(() => runtime.stats.record("deviceStatsFailed")));

// A launch the router is about to send to /login logs in now (its module was preloaded with
// the page), or takes the answer index.html's early login has had: see startOnLaunch below.
const firstPage = splitHash(window.location.hash);
const firstDecision = decide(runtime, firstPage.path, firstPage.search);
const loginRoute = firstDecision.kind === "redirect" ? resolveRoute(runtime.engine.definitions.routes.routes, splitHash(firstDecision.to).path) : null;
const login =
  loginRoute?.route.screen === "login"
    ? Promise.all([import("./ui/screens/login/launchLoginOnce"), runtime.loadTexts(ROOT_TEXTS.launchLogin)]).then(([m, texts]) =>
        m.launchLoginOnce(runtime, texts).then((outcome) => m.outcomeTarget(outcome, nextOf(loginRoute.route))),
      )
    : null;

const loadDebugConsole = () => import("vconsole").then((m) => new m.default());

/** The page the service rendered into #root, if it did (src/ssr); read before anything renders. */
const served = serverRenderedPage(document);

/**
 * Renders the app, or hydrates the page the service rendered when the first page is that page in
 * the same language: then the HTML on screen is already this render's, and React only attaches
 * to it. Any other first page (the login said something else, a reload with this browser's own
 * stored login) replaces the served HTML with a fresh render.
 */
function renderApp(first: ReturnType<typeof firstPageOf>): void {
  const container = document.getElementById("root") as HTMLElement;
  const tree = <AppTree runtime={runtime} screens={SCREENS} loadDebugConsole={loadDebugConsole} />;
  // The served page's guard hid it if the URL's hash named another page: the app shows its own now.
  container.removeAttribute(SERVED_STALE_ATTRIBUTE);
  if (served !== null && first !== null && served.page === first.to && served.language === runtime.language.tag) {
    // The router's redirects up to this page, done here so its first render is the page itself.
    performEffects(runtime, first.effects);
    runtime.location.navigate(first.to, { replace: true });
    hydrateRoot(container, tree, {
      // A mismatch React recovered from by rendering again: a fault of ours, counted, never shown.
      onRecoverableError: (error) => runtime.stats.record("hydrationMismatch", { page: first.to, message: String(error).slice(0, 200) }),
    });
    runtime.stats.record("hydrated", { page: first.to });
    return;
  }
  if (served !== null) {
    runtime.stats.record("serverPageReplaced", { served: served.page, page: first?.to ?? "", language: runtime.language.tag });
    // No longer the served page: the fresh render fades in as any other (app.css).
    for (const name of [SERVED_PAGE_ATTRIBUTE, SERVED_LANGUAGE_ATTRIBUTE]) container.removeAttribute(name);
    container.replaceChildren();
  }
  createRoot(container).render(tree);
}

/**
 * The first render waits for the first page's screen module (index.html's route preloader
 * asked for it with the page, so it arrives while this chunk runs): rendered with its module
 * in memory, the page needs no loading fallback and no second render. Nothing shows meanwhile
 * but the page's own loading indicator, which is what the fallback would show (or the page the
 * service rendered, which the render then hydrates).
 */
function renderFirstScreen(): void {
  const first = firstPageOf(runtime, window.location.hash);
  // The page's language's shell texts (titles, loading, load failed) come with its texts table,
  // preloaded by index.html alongside the screen's module.
  const module = first === null ? Promise.resolve() : SCREENS[first.screen].preload().catch(() => undefined);
  void Promise.all([module, runtime.shellReady]).then(() => renderApp(first));
}

/**
 * Where the app starts on a launch: its login's answer (usually index.html's early login,
 * src/boot/earlyLogin.ts) is awaited until it has come or the login page is ready to show,
 * whichever is first. An answer sends the app straight to where it leads (the start page, or
 * the error screen) without rendering the login page and a redirect first, which costs a slow
 * phone most of a second; a slower one is awaited on the login page, which listens to the same
 * attempt. A page the service rendered waits for the answer in any case: the user is reading
 * the page it will most likely lead to. Offline (no target) or a failed import: the router
 * sends the page to /login as usual.
 */
async function startOnLaunch(): Promise<void> {
  if (login === null) return;
  const loginPageReady =
    earlyLoginAnswered(window) || served !== null
      ? new Promise<undefined>(() => undefined) // the answer is here, or the served page stays while it comes
      : SCREENS.login.preload().then(
          () => undefined,
          () => undefined,
        );
  const target = await Promise.race([login.catch(() => null), loginPageReady]);
  if (typeof target === "string" && target !== firstPage.path) runtime.location.navigate(target, { replace: true });
}

void startOnLaunch().then(renderFirstScreen);
