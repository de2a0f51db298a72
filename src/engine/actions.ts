/**
 * The built-in actions entry rules and guard steps may name. An action returns an outcome
 * (and effects), or null when it does not apply so the next step runs. Their arguments are
 * declared in ./argumentSchemas.ts and checked at build time.
 */
import type { PredicateArgs } from "../../schemas/condition";
import type { RouteDef } from "../../schemas/routes";
import type { EngineEffect, NavContext, NavOutcome } from "./context";
import { liveModeOf } from "../domain/modes";

export interface ActionDeps {
  routesByName: ReadonlyMap<string, RouteDef>;
}

interface ActionResult {
  outcome?: NavOutcome;
  effects?: EngineEffect[];
}

export interface Action {
  /** Route names and paths the arguments refer to, for the build-time cross-check. */
  routeRefs?(args: PredicateArgs): { names: string[]; paths: string[] };
  run(ctx: NavContext, args: PredicateArgs, deps: ActionDeps): ActionResult | null;
}

function parsePairs(v: unknown): [string, string][] {
  if (!Array.isArray(v)) return [];
  return v.map((p) => String(p).split(">") as [string, string]);
}

/** Every argument except `to` becomes a query value of the redirect. */
function redirectQuery(args: PredicateArgs): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(args)) if (k !== "to") query[k] = String(v);
  return query;
}

function rewrite(ctx: NavContext, args: PredicateArgs, deps: ActionDeps): ActionResult | null {
  const silent = liveModeOf(ctx.launch) === "silent";
  const pairs = [...(silent ? parsePairs(args.silentMap) : []), ...parsePairs(args.map)];
  const hit = pairs.find(([from]) => from === ctx.target.route.name);
  if (!hit) return null;
  const route = deps.routesByName.get(hit[1]);
  if (!route) throw new Error(`rewriteRoute: unknown route name "${hit[1]}"`);
  return { outcome: { kind: "redirect", path: route.path, query: { ...ctx.target.query } } };
}

export const builtinActions: Record<string, Action> = {
  /** Go to a fixed route; other arguments become its query, e.g. {to:"/error", status:"exitException"}. */
  redirect: {
    routeRefs: (a) => ({ names: [], paths: [String(a.to)] }),
    run: (_c, a) => ({ outcome: { kind: "redirect", path: String(a.to), query: redirectQuery(a) } }),
  },
  /** The start page: {prefix}/pre when the messaging-app camera is usable, else {prefix}/h5pre. */
  redirectStart: {
    routeRefs: (a) => ({
      names: [],
      paths: ["pre", "h5pre"].map((p) => `${String(a.prefix)}/${p}${String(a.suffix ?? "")}`),
    }),
    run: (c, a) => ({
      outcome: {
        kind: "redirect",
        path: `${String(a.prefix)}/${c.device.wxCameraUsable ? "pre" : "h5pre"}${String(a.suffix ?? "")}`,
        query: {},
      },
    }),
  },
  /** Swap the target for its counterpart by route name, keeping the query (guard steps 4, 5). */
  rewriteRoute: {
    routeRefs: (a) => ({ names: [...parsePairs(a.map), ...parsePairs(a.silentMap)].flat(), paths: [] }),
    run: rewrite,
  },
  /** Leave the app for the messaging app's OAuth page, which returns to the page root with a code. */
  fullRedirectWxAuth: {
    run: (c, a) => {
      // Keep the launch query (without a stale code/state) so the scope of stored fields
      // survives the round trip; the OAuth page appends the new code to it.
      const keep = new URLSearchParams(c.location.search);
      keep.delete("code");
      keep.delete("state");
      const qs = keep.toString();
      const back = `${c.location.origin}${c.location.pathname}${qs ? `?${qs}` : ""}#/`;
      const q = new URLSearchParams({
        appid: c.settings.wxOauth.appId,
        redirect_uri: back,
        response_type: "code",
        scope: String(a.scope),
        state: "faceflow",
      });
      return { outcome: { kind: "fullRedirect", url: `${c.settings.wxOauth.authorizeUrl}?${q}#wechat_redirect` } };
    },
  },
  /** Cache the `code` query value and count it as a success only when longer than the threshold. */
  cacheAuthCode: {
    run: (c, a) => {
      const code = c.search.code ?? "";
      const ok = code.length > Number(a.longerThan);
      return {
        effects: [
          { kind: "cacheAuthCode", code },
          { kind: "stat", name: String(ok ? a.successStat : a.failureStat), data: { length: code.length } },
        ],
      };
    },
  },
};
