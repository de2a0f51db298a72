// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { createStayTimer, describePageView } from "../../src/engine/afterNavigation";
import { isDemoReturnUrl } from "../../src/engine/demoCheck";
import { createDebugClickDetector, createDebugConsoleLoader } from "../../src/ui/debugClicks";
import { createHashLocation, splitHash, withQuery } from "../../src/runtime/hashLocation";
import { resolveRoute } from "../../src/ui/resolveRoute";
import { applyTheme } from "../../src/ui/theme";
import { loadDefinitions } from "../engine/fixtures";

const defs = loadDefinitions();

describe("hash location", () => {
  it("keeps the query inside the hash and never touches the launch query", () => {
    window.history.replaceState(null, "", "/?live_type=1&h5_face_id=F#/h5pre");
    const loc = createHashLocation(window);
    const seen: string[] = [];
    const off = loc.subscribe(() => seen.push(window.location.hash));
    loc.navigate("/error?status=exitException", { replace: true });
    expect(window.location.search).toBe("?live_type=1&h5_face_id=F");
    expect(loc.current()).toEqual({ path: "/error", search: "status=exitException" });
    expect(seen).toEqual(["#/error?status=exitException"]);
    off();
  });

  it("push adds a history entry, replace does not", () => {
    window.history.replaceState(null, "", "/#/a");
    const loc = createHashLocation(window);
    const before = window.history.length;
    loc.navigate("/b");
    expect(window.history.length).toBe(before + 1);
    loc.navigate("/c", { replace: true });
    expect(window.history.length).toBe(before + 1);
  });

  it("splits paths without a leading slash and empty hashes", () => {
    expect(splitHash("")).toEqual({ path: "/", search: "" });
    expect(splitHash("#error?code=400101")).toEqual({ path: "/error", search: "code=400101" });
    expect(withQuery("/error", { status: "x", msg: "a&b" })).toBe("/error?status=x&msg=a%26b");
  });
});

describe("route resolution", () => {
  const routes = defs.routes.routes;
  it("matches fixed paths before patterns, and pattern params", () => {
    expect(resolveRoute(routes, "/protocol/tencent")?.route.name).toBe("protocol_tencent");
    expect(resolveRoute(routes, "/protocol/insure")).toMatchObject({ route: { name: "protocol_product" }, params: { product: "insure" } });
    expect(resolveRoute(routes, "/action/h5pre/slient")?.route.name).toBe("action_h5pre_slient");
  });
  it("unknown paths resolve to nothing (the router shows the catalogue screen)", () => {
    expect(resolveRoute(routes, "/nope")).toBeNull();
  });
});

describe("themes", () => {
  it("sets tokens as custom properties and swaps body classes", () => {
    applyTheme(document, defs.themes, "02");
    expect(document.body.classList.contains("landscape")).toBe(true);
    applyTheme(document, defs.themes, "07");
    expect(document.body.classList.contains("landscape")).toBe(false);
    expect(document.body.classList.contains("theme-07")).toBe(true);
    expect(document.documentElement.style.getPropertyValue("--ff-primary")).toBe(defs.themes.themes["07"]!.tokens.primary);
    applyTheme(document, defs.themes, "");
    expect(document.body.className).toBe("");
  });
});

describe("debug console gesture", () => {
  it("opens after 10 clicks each within 500 ms, and a slow click restarts the count", () => {
    let t = 0;
    const d = createDebugClickDetector(() => t);
    const clicks = (n: number, gap: number) => Array.from({ length: n }, () => ((t += gap), d.click()));
    expect(clicks(9, 400).some(Boolean)).toBe(false);
    expect(clicks(1, 501)).toEqual([false]);
    expect(clicks(8, 500).some(Boolean)).toBe(false);
    expect(clicks(1, 500)).toEqual([true]);
  });

  it("loads the console once however often it is opened", async () => {
    const load = vi.fn(async () => ({}));
    const c = createDebugConsoleLoader(load);
    await Promise.all([c.open(), c.open()]);
    await c.open();
    expect(load).toHaveBeenCalledTimes(1);
    expect(c.opened).toBe(true);
  });
});

describe("after navigation", () => {
  it("titles the page, sets pageId = route name + gray version, reports view and load time", () => {
    const v = describePageView({ routeName: "h5pre", routeTitle: "人脸核身", emptyTitle: false, grayVersion: "3", loadMs: 1234.4 });
    expect(v).toEqual({
      title: "人脸核身",
      pageId: "h5pre_3",
      effects: [
        { kind: "stat", name: "pageView", data: { pageId: "h5pre_3" } },
        { kind: "stat", name: "pageLoadTime", data: { pageId: "h5pre_3", ms: 1234 } },
      ],
    });
  });
  it("loads over 5000 ms are reported apart; theme 12 empties the title", () => {
    const v = describePageView({ routeName: "pre", routeTitle: "人脸核身", emptyTitle: true, grayVersion: "0", loadMs: 5001 });
    expect(v.title).toBe("");
    expect(v.effects[1]).toMatchObject({ name: "pageLoadSlow", data: { ms: 5001 } });
  });
  it("an error page's view carries its status, so reports can tell error pages apart", () => {
    const v = describePageView({ routeName: "error", routeTitle: "人脸核身", emptyTitle: false, grayVersion: "0", loadMs: 10, errorStatus: "noCookieException" });
    expect(v.effects[0]).toEqual({ kind: "stat", name: "pageView", data: { pageId: "error_0", status: "noCookieException" } });
  });

  it("stay time is reported for the page being left", () => {
    let t = 1000;
    const s = createStayTimer(() => t);
    expect(s.enter("a_0")).toBeNull();
    t = 4000;
    expect(s.enter("b_0")).toEqual({ kind: "stat", name: "stayTime", data: { pageId: "a_0", ms: 3000 } });
    t = 4500;
    expect(s.leave()).toEqual({ kind: "stat", name: "stayTime", data: { pageId: "b_0", ms: 500 } });
    expect(s.leave()).toBeNull();
  });
});

describe("demo check", () => {
  const here = { origin: "https://verify.example", pathname: "/" };
  it.each([
    ["https://verify.example/#/entry", true],
    ["https://verify.example/?x=1#/liveEntry?from=1", true],
    ["https://verify.example/#/srcentry", true],
    ["https://verify.example/#/entryx", false],
    ["https://verify.example/app/#/entry", false],
    ["https://partner.example/#/entry", false],
    ["not a url", false],
  ])("%s → %s", (url, demo) => {
    expect(isDemoReturnUrl(url, here)).toBe(demo);
  });
});
