/**
 * Screen types → screens loaded on demand (src/ui/lazyScreen.tsx). The `satisfies` makes a
 * screen type without a screen, a stray one, or a screen taking another type's props
 * (ScreenProps<T>) a compile error; routes.json is checked against SCREEN_TYPES and each
 * type's props schema (schemas/screenProps.ts) at build time.
 */
import type { FlowRuntime } from "../../runtime/runtime";
import { lazyScreen, lazyScreenWith, lazyScreenWithTexts, type LazyScreen, type ScreenTextsLoad } from "../lazyScreen";
import { textSections, type TextSection } from "../texts";
import type { ScreenType } from "./screenTypes";

/** The definitions and texts screens load with their modules: the composition root's loaders (the runtime's). */
export type ScreenDefinitions = Pick<FlowRuntime, "loadErrorCatalogue" | "loadResults" | "loadTexts">;

/**
 * Sections every screen gets besides its own: the shared buttons, and the finisher's busy
 * toast (src/ui/useFinisher.ts), which any part of a screen may use.
 */
const COMMON_TEXTS = textSections("common");

/**
 * Each entry is one line `type: lazyScreenWithTexts(() => import("./Screen"), texts("start", "actions"))`,
 * `lazyScreenWith(() => import("./Screen"), texts(…), definitions.loadX)` for a screen that also
 * renders from a definition, or `lazyScreen(() => import("./Screen"))` for one without texts:
 * routePreload.mjs reads these lines to preload a route's chunks. `texts` names the sections
 * the screen module's SCREEN_TEXTS reads (a compile error when one is missing).
 */
export const createScreens = (definitions: ScreenDefinitions) => {
  const texts = <K extends TextSection>(...names: K[]): ScreenTextsLoad<K | "common"> => {
    const sections = textSections<K | "common">(COMMON_TEXTS, ...names);
    return { names: sections.names, load: () => definitions.loadTexts(sections.names) };
  };
  return {
    rootRedirect: lazyScreen(() => import("./RootRedirectScreen")),
    start: lazyScreenWithTexts(() => import("./StartScreen"), texts("start", "protocol", "prePictures", "splash", "authorization", "actions")),
    login: lazyScreenWithTexts(() => import("./LoginScreen"), texts("login")),
    uaDetect: lazyScreenWithTexts(() => import("./UaDetectScreen"), texts("uaDetect")),
    verify: lazyScreenWithTexts(() => import("./VerifyScreen"), texts("recorder", "light", "capture", "guidance", "actions", "verifying", "verifySteps", "recordTimeout")),
    result: lazyScreenWith(() => import("./ResultScreen"), texts("results", "failCodes", "handoff"), definitions.loadResults),
    error: lazyScreenWith(() => import("./ErrorScreen"), texts("errors"), definitions.loadErrorCatalogue),
    demoEntry: lazyScreenWithTexts(() => import("./DemoEntryScreen"), texts("demo")),
    protocol: lazyScreenWithTexts(() => import("./ProtocolScreen"), texts("protocol")),
    trtcRecord: lazyScreenWithTexts(() => import("./TrtcRecordScreen"), texts("recorder", "light", "realtime", "actions", "capture", "verifying", "verifySteps", "recordTimeout")),
    willDegrade: lazyScreenWithTexts(() => import("./WillDegradeScreen"), texts("willDegrade", "recorder", "light", "capture", "guidance", "actions", "verifying", "verifySteps", "recordTimeout")),
    handoff: lazyScreenWithTexts(() => import("./HandoffScreen"), texts("handoff")),
    wsRecord: lazyScreenWithTexts(() => import("./WsRecordScreen"), texts("recorder", "light", "realtime", "actions", "capture", "verifying", "verifySteps", "recordTimeout")),
  } satisfies { [T in ScreenType]: LazyScreen<T> };
};
