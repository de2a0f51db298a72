import { describe, expect, it } from "vitest";
import type { RouteDef } from "../../schemas/routes";
import { outcomesOfRoute, routeNextProblems } from "../../schemas/screenOutcomes";
import { nextOf } from "../../src/flow/next";
import { loadDefinitions } from "../engine/fixtures";

const routes = (): RouteDef[] => structuredClone(loadDefinitions().routes.routes);
const named = (list: RouteDef[], name: string): RouteDef => {
  const route = list.find((r) => r.name === name);
  if (!route) throw new Error(`no route "${name}"`);
  return route;
};

describe("each route's next map (flows/routes.json) leads every outcome of its screen to a route", () => {
  it("the shipped routes are complete", () => {
    expect(routeNextProblems(routes())).toEqual([]);
  });

  it("a missing outcome, an outcome the screen never takes and a path no route has each fail, naming the route", () => {
    const list = routes();
    delete named(list, "vertify").next?.fail;
    named(list, "uaDetect").next = { ...named(list, "uaDetect").next, retry: "/" };
    named(list, "h5pre").next = { ...named(list, "h5pre").next, record: "/nowhere" };
    expect(routeNextProblems(list)).toEqual([
      'flows/routes.json: route "h5pre" (screen "start"): next "record" leads to "/nowhere", which is not the path of a route',
      'flows/routes.json: route "uaDetect" (screen "uaDetect"): next "retry" is not an outcome of this route (known: back, handoff)',
      'flows/routes.json: route "vertify" (screen "verify"): next has no "fail"',
    ]);
  });

  it("a pattern with parameters is not a target, and a route's variant takes only its own outcomes", () => {
    const list = routes();
    named(list, "uaDetect").next = { ...named(list, "uaDetect").next, back: "/protocol/:product" };
    named(list, "h5pre").next = { ...named(list, "h5pre").next, recordWill: "/vertify" };
    expect(routeNextProblems(list)).toEqual([
      'flows/routes.json: route "h5pre" (screen "start"): next "recordWill" is not an outcome of this route (known: record, uaDetect, protocol, handoff)',
      'flows/routes.json: route "uaDetect" (screen "uaDetect"): next "back" leads to "/protocol/:product", which is not the path of a route',
    ]);
    expect(outcomesOfRoute(named(list, "action_trtc_pre"))).toContain("recordWill");
    expect(outcomesOfRoute(named(list, "willDegrade_transition"))).toEqual(["continue"]);
  });

  it("a screen's next gives the path with its query, and a missing outcome throws naming the ones the route has", () => {
    const vertify = named(routes(), "vertify");
    expect(nextOf<"verify">(vertify)("error", { status: "exception" })).toBe("/error?status=exception");
    expect(nextOf<"verify">(vertify)("success")).toBe("/success");
    delete vertify.next?.fail;
    expect(() => nextOf<"verify">(vertify)("fail")).toThrow('route "vertify" has no next "fail" (it has: success, error)');
  });
});
