/**
 * Screen types → screens loaded on demand (src/ui/lazyScreen.tsx). The `satisfies` makes a
 * screen type without a screen, a stray one, or a screen taking another type's props
 * (ScreenProps<T>) a compile error; routes.json is checked against SCREEN_TYPES and each
 * type's props schema (schemas/screenProps.ts) at build time.
 */
import type { FlowRuntime } from "../../runtime/runtime";
import { lazyScreen, lazyScreenWith, type LazyScreen } from "../lazyScreen";
import type { ScreenType } from "./screenTypes";

/** The definitions screens load with their modules: the composition root's loaders (the runtime's). */
export type ScreenDefinitions = Pick<FlowRuntime, "loadErrorCatalogue" | "loadResults">;

/**
 * Each entry is one line `type: lazyScreen(() => import("./Screen"))`, or
 * `lazyScreenWith(() => import("./Screen"), definitions.loadX)` for a screen that renders from
 * a definition: routePreload.mjs reads these lines to preload a route's chunks.
 */
export const createScreens = (definitions: ScreenDefinitions) =>
  ({
    rootRedirect: lazyScreen(() => import("./RootRedirectScreen")),
    start: lazyScreen(() => import("./StartScreen")),
    login: lazyScreen(() => import("./LoginScreen")),
    uaDetect: lazyScreen(() => import("./UaDetectScreen")),
    verify: lazyScreen(() => import("./VerifyScreen")),
    result: lazyScreenWith(() => import("./ResultScreen"), definitions.loadResults),
    error: lazyScreenWith(() => import("./ErrorScreen"), definitions.loadErrorCatalogue),
    demoEntry: lazyScreen(() => import("./DemoEntryScreen")),
    protocol: lazyScreen(() => import("./ProtocolScreen")),
    trtcRecord: lazyScreen(() => import("./TrtcRecordScreen")),
    willDegrade: lazyScreen(() => import("./WillDegradeScreen")),
    wsRecord: lazyScreen(() => import("./WsRecordScreen")),
  }) satisfies { [T in ScreenType]: LazyScreen<T> };
