/**
 * The typed context every predicate and action of the engine reads. It is built by the UI
 * adapter from the session, device and settings; the engine itself only reads it, so the
 * entry rules and the guard are pure functions tested without a DOM.
 */
import type { LaunchParams } from "../../schemas/launch";
import type { RouteDef } from "../../schemas/routes";
import type { Environment } from "../../schemas/apps";

export interface NavTarget {
  path: string;
  route: RouteDef;
  query: Record<string, string>;
}

export interface NavContext {
  target: NavTarget;
  /** The page URL's own query (before the hash): launch parameters and the OAuth `code`. */
  search: Record<string, string>;
  launch: LaunchParams;
  session: {
    /** Stored return address; the text "null" once the flow has finished. */
    storedUrl: string | undefined;
    noRetry: boolean;
    hasOrderNoCookie: boolean;
    /** A signed launch in the URL that this browser has not logged in with yet. */
    loginRequired: boolean;
    supportTrtc: boolean;
    supportWs: boolean;
    wxAuthCode: string | undefined;
  };
  device: {
    wxCameraUsable: boolean;
    /** Inside the messaging app's own browser, where its OAuth can hand us a code. */
    wxCodeObtainable: boolean;
  };
  settings: {
    environment: Environment;
    /** The top-level-domain switch of guard step 7. */
    tldSwitch: boolean;
    wxOauth: { authorizeUrl: string; appId: string };
  };
  /** Where the app runs, for building absolute return addresses. */
  location: { origin: string; pathname: string; search: string };
}

/** A statistic or side effect the engine asks its caller to perform. */
export type EngineEffect =
  | { kind: "stat"; name: string; data?: Record<string, string | number | boolean> }
  | { kind: "cacheAuthCode"; code: string };

export type NavOutcome =
  | { kind: "allow" }
  | { kind: "redirect"; path: string; query: Record<string, string> }
  | { kind: "fullRedirect"; url: string };

export interface EngineResult {
  outcome: NavOutcome;
  effects: EngineEffect[];
  /** Ids of the steps that fired, for tests and the debug console. */
  trace: string[];
}
