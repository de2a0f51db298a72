/**
 * Where each screen may lead, by name: the outcomes of a screen type, and the route each
 * outcome goes to, written per route in flows/routes.json (`next`). Screens name outcomes
 * ("record", "success", "back"), never route paths, so a flow is rearranged in the JSON alone.
 * Capture kinds name their own recording routes (src/capture/kinds/, cross-checked too).
 *
 * A route's outcomes may depend on its props: a start page of real-time video has a will
 * (consent) recording route besides its plain one, and the will-downgrade transition page only
 * continues while its index page records. `npm run validate` refuses a route that misses an
 * outcome, names one its screen never takes, or leads to a path no route has (routeNextProblems).
 */
import type { RouteDef } from "./routes";
import type { ScreenType } from "./screenProps";

const ATTEMPT_OUTCOMES = ["success", "fail", "error"] as const;

/** Every outcome of each screen type. Exhaustive: a screen type without its list fails to compile. */
export const SCREEN_OUTCOMES = {
  rootRedirect: [],
  /** record: the recording route; recordWill: its will-mode route (real-time video start only); uaDetect: this browser cannot record; protocol: the agreement; handoff: continue on a phone. */
  start: ["record", "recordWill", "uaDetect", "protocol", "handoff"],
  /** loggedIn: the launch logged in (the entry rules pick the start page); refused: the service said no. */
  login: ["loggedIn", "refused"],
  /** handoff: this desktop cannot record, continue on a phone. */
  uaDetect: ["back", "handoff"],
  verify: ATTEMPT_OUTCOMES,
  result: [],
  error: [],
  demoEntry: [],
  protocol: ["back"],
  trtcRecord: ATTEMPT_OUTCOMES,
  /** continue: from the transition page to the page that records. */
  willDegrade: ["continue", ...ATTEMPT_OUTCOMES],
  wsRecord: ATTEMPT_OUTCOMES,
  /** success / fail: the phone's verdict is in (the desktop shows it and hands it back); back: the user cancelled. */
  handoff: ["success", "fail", "back"],
} as const satisfies Record<ScreenType, readonly string[]>;

export type ScreenOutcome<T extends ScreenType> = (typeof SCREEN_OUTCOMES)[T][number];

/** The path an outcome of `T` leads to, with the query to add (e.g. `{ status }` for error). */
export type NextPath<T extends ScreenType> = (outcome: ScreenOutcome<T>, query?: Readonly<Record<string, string>>) => string;

function isScreenType(name: string): name is ScreenType {
  return Object.prototype.hasOwnProperty.call(SCREEN_OUTCOMES, name);
}

/** The outcomes `route` must name: its screen type's, narrowed by its props where a variant takes fewer. */
export function outcomesOfRoute(route: Pick<RouteDef, "screen" | "props">): readonly string[] {
  if (!isScreenType(route.screen)) return [];
  const props = route.props ?? {};
  if (route.screen === "start" && props.mode !== "trtc") return SCREEN_OUTCOMES.start.filter((o) => o !== "recordWill");
  if (route.screen === "willDegrade") return props.step === "transition" ? ["continue"] : ATTEMPT_OUTCOMES;
  return SCREEN_OUTCOMES[route.screen];
}

/**
 * Every route whose `next` misses an outcome of its screen, names one it never takes, or leads
 * to a path that is not a route's (a pattern with parameters cannot be a target).
 * @example routeNextProblems([{ name: "uaDetect", screen: "uaDetect", next: {}, … }])
 * // ['flows/routes.json: route "uaDetect" (screen "uaDetect"): next has no "back"']
 */
export function routeNextProblems(routes: readonly RouteDef[]): string[] {
  const paths = new Set(routes.filter((r) => !r.path.includes(":")).map((r) => r.path));
  const problems: string[] = [];
  for (const route of routes) {
    if (!isScreenType(route.screen)) continue;
    const where = `flows/routes.json: route "${route.name}" (screen "${route.screen}")`;
    const wanted = outcomesOfRoute(route);
    const next = route.next ?? {};
    for (const outcome of wanted) if (!(outcome in next)) problems.push(`${where}: next has no "${outcome}"`);
    for (const [outcome, path] of Object.entries(next)) {
      if (!wanted.includes(outcome)) problems.push(`${where}: next "${outcome}" is not an outcome of this route (known: ${wanted.join(", ") || "none"})`);
      else if (!paths.has(path)) problems.push(`${where}: next "${outcome}" leads to "${path}", which is not the path of a route`);
    }
  }
  return problems;
}
