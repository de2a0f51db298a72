/**
 * A route's `next` map (flows/routes.json) as the function a screen calls: the path an outcome
 * leads to, with its query. `npm run validate` checked that every route names each of its
 * screen's outcomes (schemas/screenOutcomes.ts), so a missing one here is a definitions bug
 * the build let through: it throws naming the route and the outcomes it has, never guesses.
 */
import type { RouteDef } from "../../schemas/routes";
import type { NextPath } from "../../schemas/screenOutcomes";
import type { ScreenType } from "../../schemas/screenProps";
import { withQuery } from "../runtime/hashLocation";

/** One function per route, so a screen's effects that name `next` do not run again on every render. */
const made = new WeakMap<object, NextPath<ScreenType>>();

/**
 * @example nextOf({ name: "vertify", next: { error: "/error" }, … })("error", { status: "exception" }) // "/error?status=exception"
 */
export function nextOf<T extends ScreenType>(route: Pick<RouteDef, "name" | "next">): NextPath<T> {
  const known = made.get(route);
  if (known) return known as NextPath<T>;
  const next: NextPath<ScreenType> = (outcome, query = {}) => {
    const path = route.next?.[outcome];
    if (path === undefined) {
      throw new Error(`route "${route.name}" has no next "${outcome}" (it has: ${Object.keys(route.next ?? {}).join(", ") || "none"})`);
    }
    return withQuery(path, query);
  };
  made.set(route, next);
  return next as NextPath<T>;
}
