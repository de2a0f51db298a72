/**
 * The service's composition root for a signed launch's first page (issue 33): the same engine,
 * definitions, screens and tree as the browser's (src/main.tsx), over a window made from the
 * request (./serverWindow.ts), rendered by React's server renderer. The browser hydrates the
 * HTML when its own first page is the same page in the same language (src/main.tsx renderApp).
 *
 * The service loads this module from its own bundle (build.mjs: dist/server/renderLaunch.mjs) and
 * speaks to it through schemas/launchPage.ts: it imports no browser code itself.
 *
 * The login is not performed: the service says what it would answer (src/server/ssr), and the
 * browser's own login code (logInWithLaunch) turns that answer into the stored state and the
 * page, as it will in the browser with the real answer. Nothing here writes anything anywhere:
 * the window's storage is this render's and is dropped with it.
 */
import { renderToString } from "react-dom/server";
import { languages as languagesFile, texts as allTexts } from "virtual:faceflow-all-texts";
import routesJson from "../../flows/routes.json";
import entryJson from "../../flows/entry.json";
import guardJson from "../../flows/guard.json";
import appsJson from "../../flows/apps.json";
import captureJson from "../../flows/capture.json";
import themesJson from "../../themes/themes.json";
import type { LoginResponse } from "../../schemas/api";
import { launchPageInputSchema, type LaunchLoginAnswer, type RenderedLaunchPage } from "../../schemas/launchPage";
import type { DevicesFile } from "../../schemas/devices";
import type { ErrorsFile } from "../../schemas/errors";
import type { ResultsFile } from "../../schemas/results";
import type { TextSection } from "../../schemas/texts";
import devicesJson from "../../flows/devices.json";
import errorsJson from "../../flows/errors.json";
import resultsJson from "../../flows/results.json";
import { ApiError } from "../api/apiError";
import { describePageView } from "../engine/afterNavigation";
import { nextOf } from "../flow/next";
import { splitHash } from "../runtime/hashLocation";
import { createFlowRuntime, resolveEnvironment, type FlowRuntime } from "../runtime/runtime";
import { flowDefinitions, validated } from "../runtime/flowDefinitions";
import type { LanguageRegistry } from "../runtime/language";
import type { SectionLoaders } from "../runtime/textCatalogue";
import { AppTree } from "../ui/AppTree";
import { firstPageOf } from "../ui/firstPage";
import { decide } from "../ui/FlowRouter";
import { resolveRoute } from "../ui/resolveRoute";
import { createScreens } from "../ui/screens";
import { logInWithLaunch } from "../ui/screens/login/launchLogin";
import { outcomeTarget } from "../ui/screens/login/launchLoginOnce";
import { fillText } from "../ui/screens/textTemplate";
import { themeOf } from "../ui/theme";
import { serverWindow, type ServerPage } from "./serverWindow";

declare const __FACEFLOW_ENV__: string | undefined;
declare const __FACEFLOW_GRAY_VERSION__: string | undefined;

// The browser's definitions, engine and capture kinds from the same files (src/main.tsx), so the
// page decided here is the one the browser will decide.
const { apps, themes, capture, engine, captureHandlers } = flowDefinitions(
  { routes: routesJson, entry: entryJson, guard: guardJson, apps: appsJson, themes: themesJson, capture: captureJson },
  (allTexts[languagesFile.default] ?? missingDefault()).shell.titles,
);

function missingDefault(): never {
  throw new Error(`flows/languages.json's default "${languagesFile.default}" has no texts file`);
}

/** Every listed language's texts, in memory: the browser's build cuts the same files into chunks. */
function languageRegistry(): LanguageRegistry {
  const table = (tag: string) => {
    const file = allTexts[tag];
    if (!file) throw new Error(`No texts for the listed language "${tag}"`);
    const { shell, ...sections } = file;
    const loaders = Object.fromEntries(Object.entries(sections).map(([name, value]) => [name, () => Promise.resolve(value)])) as unknown as SectionLoaders;
    return async () => ({ default: loaders, shell });
  };
  const defaultFile = allTexts[languagesFile.default] ?? missingDefault();
  return { file: languagesFile, defaultShell: defaultFile.shell, texts: Object.fromEntries(languagesFile.languages.map((l) => [l.tag, table(l.tag)])) };
}
const languages = languageRegistry();

function runtimeFor(page: ServerPage): FlowRuntime {
  return createFlowRuntime({
    win: serverWindow(page),
    engine,
    apps,
    capture,
    loadDevices: async () => validated<DevicesFile>(devicesJson),
    loadErrorCatalogue: async () => validated<ErrorsFile>(errorsJson),
    loadResults: async () => validated<ResultsFile>(resultsJson),
    languages,
    captureHandlers,
    // The build bakes the same values into the page and into this renderer (build.mjs).
    settings: {
      environment: resolveEnvironment(apps, typeof __FACEFLOW_ENV__ === "string" ? __FACEFLOW_ENV__ : undefined),
      grayVersion: typeof __FACEFLOW_GRAY_VERSION__ === "string" ? __FACEFLOW_GRAY_VERSION__ : "0",
    },
  });
}

/** The service's answer as the browser's API client would give it to the login code. */
function answeringApi(answer: LaunchLoginAnswer) {
  return {
    login: async (): Promise<LoginResponse> => {
      if (answer.kind === "refused") throw new ApiError(answer.status, answer.code, answer.message, answer.returnUrl);
      // The session's expiry and token are the real login's; the page's state needs neither.
      return { orderNo: answer.orderNo, sessionExpiresAt: new Date(0).toISOString(), returnUrl: answer.returnUrl, config: answer.config };
    },
  };
}

/**
 * Where the browser's composition root starts a launch (src/main.tsx): the root's first decision
 * and, when it leads to the login, the page the login's outcome leads to.
 */
async function afterLogin(rt: FlowRuntime, answer: LaunchLoginAnswer): Promise<void> {
  const first = decide(rt, "/", "");
  if (first.kind !== "redirect") return;
  const loginRoute = resolveRoute(rt.engine.definitions.routes.routes, splitHash(first.to).path);
  if (loginRoute?.route.screen !== "login") return;
  const texts = await rt.loadTexts(["login"] as const satisfies readonly TextSection[]);
  const outcome = await logInWithLaunch({
    api: answeringApi(answer),
    search: rt.search,
    storage: rt.storage,
    cookies: rt.cookies,
    // The real login asks for a token when the browser cannot keep cookies; the page is the same.
    canKeepCookies: () => true,
    unknownCodeMessage: (code) => fillText(texts.login.failed, { code }),
    stats: rt.stats,
  });
  const target = outcomeTarget(outcome, nextOf(loginRoute.route));
  if (target !== null && target !== "/") rt.location.navigate(target, { replace: true });
}

/**
 * The launch's first page, rendered; null when the page is not one to render here (a full
 * redirect out of the app, a definition loop): the browser then renders it as without this.
 */
export async function renderLaunchPage(request: unknown): Promise<RenderedLaunchPage | null> {
  // The service's request, parsed like any boundary's (schemas/launchPage.ts).
  const input = launchPageInputSchema.parse(request);
  const rt = runtimeFor({ ...input, hash: "#/" });
  await afterLogin(rt, input.login);
  const first = firstPageOf(rt, rt.win.location.hash);
  if (first === null) return null;
  rt.location.navigate(first.to, { replace: true });
  const screens = createScreens(rt);
  await Promise.all([screens[first.screen].preload(), rt.shellReady]);
  const markup = renderToString(<AppTree runtime={rt} screens={screens} loadDebugConsole={() => Promise.resolve()} />);
  const route = resolveRoute(rt.engine.definitions.routes.routes, splitHash(first.to).path);
  // A launch whose theme failed validation shows errorSettings in the default theme (as src/main.tsx).
  const themeId = rt.launchIssues.length ? "" : (rt.launch.theme ?? "");
  const theme = themeOf(themes, themeId);
  const view = describePageView({
    routeName: route?.route.name ?? "",
    routeTitle: route ? (rt.shell.titles[route.route.title] ?? "") : "",
    emptyTitle: theme.emptyTitle,
    grayVersion: rt.settings.grayVersion,
    loadMs: 0,
  });
  return {
    markup,
    page: first.to,
    language: rt.language.tag,
    title: view.title,
    theme: themeId,
    bodyClass: theme.bodyClass,
    realtime: route?.route.props?.mode === "trtc",
    debugConsole: rt.apps.debugConsoleEnvironments.includes(rt.settings.environment),
  };
}
