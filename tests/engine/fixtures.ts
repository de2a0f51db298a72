/**
 * A navigation context over the real shipped definitions, with every session and device
 * value at its most permissive default so each test states only what it is about.
 */
import type { LaunchParams } from "../../schemas/launch";
import type { NavContext } from "../../src/engine/context";
import { createEngine, type Engine } from "../../src/engine/engine";
import { createEngineRegistries } from "../../src/engine/builtins";
import { parseDefinitions, type Definitions } from "../../src/engine/definitions";
import { readFlowJson, readRawDefinitions } from "../../scripts/flowFiles";

export const readJson = readFlowJson;

export function loadDefinitions(): Definitions {
  return parseDefinitions(readRawDefinitions());
}

export const engine: Engine = createEngine(loadDefinitions(), createEngineRegistries());

export interface CtxOptions {
  path?: string;
  name?: string;
  query?: Record<string, string>;
  search?: Record<string, string>;
  launch?: LaunchParams;
  session?: Partial<NavContext["session"]>;
  device?: Partial<NavContext["device"]>;
  settings?: Partial<NavContext["settings"]>;
}

export function ctx(o: CtxOptions = {}): NavContext {
  const route = o.name
    ? engine.routeByName(o.name)
    : engine.definitions.routes.routes.find((r) => r.path === (o.path ?? "/"));
  if (!route) throw new Error(`no route for ${o.path ?? o.name}`);
  return {
    target: { path: route.path, route, query: o.query ?? {} },
    search: o.search ?? {},
    launch: o.launch ?? {},
    session: {
      storedUrl: "https://partner.example/back",
      noRetry: false,
      hasOrderNoCookie: true,
      loginRequired: false,
      supportTrtc: true,
      supportWs: true,
      wxAuthCode: undefined,
      ...o.session,
    },
    device: { wxCameraUsable: false, wxCodeObtainable: false, ...o.device },
    settings: {
      environment: "release",
      tldSwitch: false,
      wxOauth: { authorizeUrl: "https://open.weixin.qq.com/connect/oauth2/authorize", appId: "wx123" },
      ...o.settings,
    },
    location: { origin: "https://verify.example", pathname: "/", search: "?h5_face_id=F1&code=old&state=x" },
  };
}

/** Where a navigation ends up: "allow", a path with query, or the full-redirect URL. */
export function landing(result: ReturnType<Engine["guard"]>): string {
  const o = result.outcome;
  if (o.kind === "allow") return "allow";
  if (o.kind === "fullRedirect") return `full:${o.url}`;
  const qs = new URLSearchParams(o.query).toString();
  return qs ? `${o.path}?${qs}` : o.path;
}
