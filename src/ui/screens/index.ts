/**
 * Screen types → screens loaded on demand (src/ui/lazyScreen.tsx). `satisfies Record<ScreenType,
 * …>` makes a screen type without a screen (or a stray one) a compile error; routes.json is
 * checked against SCREEN_TYPES at build time.
 */
import { lazyScreen, type LazyScreen } from "../lazyScreen";
import type { ScreenType } from "./screenTypes";

export const SCREENS = {
  rootRedirect: lazyScreen(() => import("./RootRedirectScreen")),
  start: lazyScreen(() => import("./StartScreen")),
  login: lazyScreen(() => import("./LoginScreen")),
  uaDetect: lazyScreen(() => import("./UaDetectScreen")),
  verify: lazyScreen(() => import("./VerifyScreen")),
  result: lazyScreen(() => import("./ResultScreen")),
  error: lazyScreen(() => import("./ErrorScreen")),
  demoEntry: lazyScreen(() => import("./DemoEntryScreen")),
  protocol: lazyScreen(() => import("./ProtocolScreen")),
  trtcRecord: lazyScreen(() => import("./TrtcRecordScreen")),
  willDegrade: lazyScreen(() => import("./WillDegradeScreen")),
  wsRecord: lazyScreen(() => import("./WsRecordScreen")),
} satisfies Record<ScreenType, LazyScreen>;
