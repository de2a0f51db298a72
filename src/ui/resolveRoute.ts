/**
 * Matching a hash path against flows/routes.json with wouter's own pattern matcher, so
 * "/protocol/:product" behaves exactly as it would inside a wouter <Switch>. First match
 * wins, as in the routes file's order.
 */
import { matchRoute } from "wouter";
import { parse as parsePattern } from "regexparam";
import type { RouteDef } from "../../schemas/routes";

interface ResolvedRoute {
  route: RouteDef;
  params: Record<string, string>;
}

export function resolveRoute(routes: readonly RouteDef[], path: string): ResolvedRoute | null {
  for (const route of routes) {
    const [ok, params] = matchRoute(parsePattern, route.path, path);
    if (ok) {
      const clean: Record<string, string> = {};
      for (const [k, v] of Object.entries(params ?? {})) if (typeof v === "string" && !/^\d+$/.test(k)) clean[k] = v;
      return { route, params: clean };
    }
  }
  return null;
}
