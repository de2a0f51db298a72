/**
 * What every screen receives. Screens are looked up by the `screen` type of their route in
 * flows/routes.json and lazily loaded; they get already-resolved route data, their route's
 * props typed by their screen type, and read the rest (texts, launch parameters, toast,
 * navigation) from the flow provider's hooks.
 */
import type { ComponentType } from "react";
import type { RouteDef } from "../../schemas/routes";
import type { ScreenOutcome } from "../../schemas/screenOutcomes";
import type { ScreenPropsOf, ScreenType } from "../../schemas/screenProps";

export interface ScreenProps<T extends ScreenType = ScreenType> {
  route: RouteDef;
  /** The route's props (flows/routes.json), typed by the screen type's schema (schemas/screenProps.ts). */
  props: ScreenPropsOf<T>;
  /** Where each of the screen's outcomes leads: the route's `next` map (flows/routes.json, src/flow/next.ts). */
  // A method, not a function property: a screen of one type is still a screen of the union.
  next(outcome: ScreenOutcome<T>, query?: Readonly<Record<string, string>>): string;
  /** Path parameters of the matched pattern (e.g. product of /protocol/:product). */
  params: Record<string, string>;
  /** The hash route's query string, parsed (e.g. status, code, msg, type on /error). */
  query: Record<string, string>;
}

export type ScreenComponent<T extends ScreenType = ScreenType> = ComponentType<ScreenProps<T>>;
export type ScreenModule<T extends ScreenType = ScreenType> = { default: ScreenComponent<T> };
/** A screen for every screen type, each taking its own type's props. */
export type ScreenComponents = { [T in ScreenType]: ScreenComponent<T> };
/** The screen of some screen type (what `screens[route.screen]` gives). */
export type AnyScreenComponent = ScreenComponents[ScreenType];

/**
 * The props of `route`, typed for its screen type `T`. Not parsed here: `npm run validate`
 * (run by build.mjs before the routes are embedded) parsed every route's props by its
 * screen's schema, so this is the composition root's `validated<T>` cast (src/main.tsx),
 * sound for the route's own screen type only. A route without props has none (`{}`).
 */
export function routeProps<T extends ScreenType>(route: RouteDef): ScreenPropsOf<T> {
  return (route.props ?? {}) as ScreenPropsOf<T>;
}
