import { describe, expect, it } from "vitest";
import { actionArgSchemas, predicateArgSchemas } from "../../src/engine/argumentSchemas";
import { createEngineRegistries } from "../../src/engine/builtins";
import { crossCheckDefinitions, DefinitionError, parseDefinitions, type Definitions } from "../../src/engine/definitions";
import { UnknownNameError } from "../../src/engine/registry";
import { SCREEN_TYPES } from "../../src/ui/screens/screenTypes";
import { validateAll } from "../../scripts/validate";
import { loadDefinitions, readJson } from "../engine/fixtures";

const known = { ...createEngineRegistries(), screens: SCREEN_TYPES, predicateArgs: predicateArgSchemas, actionArgs: actionArgSchemas };
const clone = (d: Definitions): Definitions => structuredClone(d);

describe("shipped definitions", () => {
  it("every flow file and theme parses and every name cross-checks", () => {
    expect(validateAll()).toEqual([]);
  });

  it("routes cover every route of the spec's table", () => {
    const paths = loadDefinitions().routes.routes.map((r) => r.path);
    for (const p of [
      "/", "/pre", "/login", "/h5pre", "/uaDetect", "/vertify", "/success", "/fail", "/error", "/entry", "/srcEntry",
      "/liveEntry", "/protocol", "/protocol/tencent", "/protocol/:product", "/action/trtc/pre", "/action/trtc/record",
      "/action/trtc/willRecord", "/action/pre", "/action/pre/slient", "/action/h5pre", "/action/h5pre/slient",
      "/action/error", "/action/vertify", "/action/success", "/action/fail", "/willDegrade/transition",
      "/willDegrade/index", "/action/ws/record",
    ]) expect(paths).toContain(p);
  });

  it("the guard has the spec's seven steps in order", () => {
    expect(loadDefinitions().guard.steps.map((s) => s.id)).toEqual([
      "finishedOrNoRetry", "noCookie", "willSettings", "actionRewrite", "plainRewrite", "channel", "wxAuthCode",
    ]);
  });

  it("every theme of the spec exists, 02 is landscape and 12 empties the title", () => {
    const { themes } = loadDefinitions().themes;
    expect(Object.keys(themes).sort()).toEqual(["", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]);
    expect(themes["02"]?.bodyClass).toBe("landscape");
    expect(themes["07"]?.bodyClass).toBe("theme-07");
    expect(Object.entries(themes).filter(([, t]) => t.emptyTitle).map(([k]) => k)).toEqual(["12"]);
  });
});

describe("cross-check fails loudly", () => {
  it("an unknown predicate is reported with the list of known ones", () => {
    const d = clone(loadDefinitions());
    d.guard.steps[1]!.when = { all: ["hasOrderNoCookiez"] };
    const problems = crossCheckDefinitions(d, known);
    expect(problems.join("\n")).toMatch(/unknown predicate "hasOrderNoCookiez" \(known: .*hasOrderNoCookie/);
  });

  it("an unknown action, screen, route name, path or title is reported", () => {
    const d = clone(loadDefinitions());
    d.guard.steps[0]!.then = { do: "redirectt", args: { to: "/error" } };
    d.routes.routes[1]!.screen = "strat";
    d.routes.routes[2]!.title = "nope";
    d.guard.steps[3]!.then = { do: "rewriteRoute", args: { map: ["pre>action_preee"] } };
    d.entry.rules[0]!.then = { do: "redirect", args: { to: "/logn" } };
    const text = crossCheckDefinitions(d, known).join("\n");
    expect(text).toContain('unknown action "redirectt"');
    expect(text).toContain('unknown screen "strat"');
    expect(text).toContain('unknown title key "nope"');
    expect(text).toContain('unknown route name "action_preee"');
    expect(text).toContain('no route with path "/logn"');
  });

  it("bad predicate arguments are reported", () => {
    const d = clone(loadDefinitions());
    d.guard.steps[1]!.when = { pred: "targetHasFlag", args: { flag: "needCookie" } };
    expect(crossCheckDefinitions(d, known).join("\n")).toContain('bad arguments for predicate "targetHasFlag"');
  });

  it("an entry list that can end without a redirect is rejected", () => {
    const d = clone(loadDefinitions());
    d.entry.rules.pop();
    expect(crossCheckDefinitions(d, known).join("\n")).toContain("last rule must");
  });

  it("schema errors name the file and the path", () => {
    const routes = readJson("flows/routes.json") as { routes: { flags: Record<string, unknown> }[] };
    routes.routes[0]!.flags.needCooky = true;
    try {
      parseDefinitions({
        routes, entry: readJson("flows/entry.json"), guard: readJson("flows/guard.json"), apps: readJson("flows/apps.json"),
        themes: readJson("themes/themes.json"), shell: (readJson("flows/texts.zh-CN.json") as { shell: unknown }).shell,
      });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DefinitionError);
      expect((e as DefinitionError).problems.join("\n")).toMatch(/flows\/routes\.json: routes\.0\.flags/);
    }
  });

  it("a registry lookup of an unknown name throws with the known names", () => {
    expect(() => known.predicates.get("nope")).toThrow(UnknownNameError);
    expect(() => known.actions.get("nope")).toThrow(/Known actions: redirect, redirectStart/);
  });
});

describe("argument declarations", () => {
  it("a registered predicate without an argument declaration fails the cross-check", () => {
    const extra = createEngineRegistries({ predicates: { brandNew: { test: () => true } } });
    const problems = crossCheckDefinitions(loadDefinitions(), { ...known, ...extra });
    expect(problems).toContain('predicate "brandNew" has no argument declaration in src/engine/argumentSchemas.ts');
  });
});
