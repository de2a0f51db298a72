/**
 * Screen types → lazily loaded screens. `satisfies Record<ScreenType, …>` makes a screen
 * type without a screen (or a stray one) a compile error; routes.json is checked against
 * SCREEN_TYPES at build time.
 */
import { lazy } from "react";
import type { ScreenComponent } from "../screenContract";
import type { ScreenType } from "./screenTypes";

export const SCREENS = {
  rootRedirect: lazy(() => import("./RootRedirectScreen")),
  start: lazy(() => import("./StartScreen")),
  login: lazy(() => import("./LoginScreen")),
  uaDetect: lazy(() => import("./UaDetectScreen")),
  verify: lazy(() => import("./VerifyScreen")),
  result: lazy(() => import("./ResultScreen")),
  error: lazy(() => import("./ErrorScreen")),
  demoEntry: lazy(() => import("./DemoEntryScreen")),
  protocol: lazy(() => import("./ProtocolScreen")),
  trtcRecord: lazy(() => import("./TrtcRecordScreen")),
  willDegrade: lazy(() => import("./WillDegradeScreen")),
  wsRecord: lazy(() => import("./WsRecordScreen")),
} satisfies Record<ScreenType, ScreenComponent>;
