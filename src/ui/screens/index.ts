/**
 * Screen types → screens loaded on demand (src/ui/lazyScreen.tsx). The `satisfies` makes a
 * screen type without a screen, a stray one, or a screen taking another type's props
 * (ScreenProps<T>) a compile error; routes.json is checked against SCREEN_TYPES and each
 * type's props schema (schemas/screenProps.ts) at build time.
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
} satisfies { [T in ScreenType]: LazyScreen<T> };
