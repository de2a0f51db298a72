/**
 * What every screen receives. Screens are looked up by the `screen` type of their route in
 * flows/routes.json and lazily loaded; they get already-resolved route data and read the
 * rest (texts, launch parameters, toast, navigation) from the flow provider's hooks.
 */
import type { ComponentType } from "react";
import type { RouteDef } from "../../schemas/routes";

export interface ScreenProps {
  route: RouteDef;
  /** Path parameters of the matched pattern (e.g. product of /protocol/:product). */
  params: Record<string, string>;
  /** The hash route's query string, parsed (e.g. status, code, msg, type on /error). */
  query: Record<string, string>;
}

export type ScreenComponent = ComponentType<ScreenProps>;
export type ScreenModule = { default: ScreenComponent };
