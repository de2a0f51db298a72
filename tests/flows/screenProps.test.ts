import { describe, expect, it } from "vitest";
import type { RouteDef } from "../../schemas/routes";
import { routePropsProblems, SCREEN_PROPS, SCREEN_TYPES } from "../../schemas/screenProps";
import { loadDefinitions } from "../engine/fixtures";

const routes = (): RouteDef[] => structuredClone(loadDefinitions().routes.routes);
const named = (list: RouteDef[], name: string): RouteDef => {
  const route = list.find((r) => r.name === name);
  if (!route) throw new Error(`no route "${name}"`);
  return route;
};

describe("route props are checked by their screen type's schema", () => {
  it("every shipped route's props fit its screen, and every screen type has a props schema", () => {
    expect(routePropsProblems(routes())).toEqual([]);
    expect(Object.keys(SCREEN_PROPS).sort()).toEqual([...SCREEN_TYPES].sort());
  });

  it("a prop key nothing reads fails, naming the route, the screen, the key and the known keys", () => {
    const list = routes();
    named(list, "vertify").props = { mode: "plain", colour: "red" };
    named(list, "error").props = { mode: "plain" };
    expect(routePropsProblems(list)).toEqual([
      'flows/routes.json: route "vertify" (screen "verify"): unknown prop "colour" (known: mode)',
      'flows/routes.json: route "error" (screen "error"): unknown prop "mode" (known: none)',
    ]);
  });

  it("a prop of the wrong type or value fails, naming the route, the screen and the prop", () => {
    const list = routes();
    named(list, "action_trtc_record").props = { will: "true" };
    named(list, "success").props = { outcome: "success", mode: "silent" };
    expect(routePropsProblems(list)).toEqual([
      'flows/routes.json: route "success" (screen "result"): prop "mode" is "silent": expected one of "plain", "action"',
      'flows/routes.json: route "action_trtc_record" (screen "trtcRecord"): prop "will" is "true": expected a boolean',
    ]);
  });

  it("a missing prop its screen needs fails", () => {
    const list = routes();
    delete named(list, "h5pre").props;
    expect(routePropsProblems(list)).toEqual([
      'flows/routes.json: route "h5pre" (screen "start"): prop "mode" is missing: expected one of "plain", "action", "silent", "trtc"',
      'flows/routes.json: route "h5pre" (screen "start"): prop "channel" is missing: expected one of "wx", "h5"',
    ]);
  });
});
