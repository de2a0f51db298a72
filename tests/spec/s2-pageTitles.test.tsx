// @vitest-environment jsdom
/**
 * Spec §2: "The page title is otherwise set from the route (face verification)"; the agreement
 * pages are "titled as a user agreement authorisation letter"; theme 12 sets an empty title.
 * Issue 17: the title names the step (开始验证, 录制视频, 核验结果, 出错了, …) before 人脸核身.
 * Every shipped route is opened through the real router and the title the browser tab shows
 * is read from document.title.
 */
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEngine } from "../../src/engine/engine";
import { createEngineRegistries } from "../../src/engine/builtins";
import { FlowProvider } from "../../src/ui/FlowProvider";
import { FlowRouter } from "../../src/ui/FlowRouter";
import { createFlowRuntime } from "../../src/runtime/runtime";
import type { ScreenComponent } from "../../src/ui/screenContract";
import { SCREEN_TYPES, type ScreenType } from "../../src/ui/screens/screenTypes";
import { fakeCaptureHandlers } from "../capture/fakeHandlers";
import { shippedCapture } from "../capture/shippedKinds";
import { loadDefinitions } from "../engine/fixtures";
import { shippedErrors, shippedResults } from "../ui/shippedCatalogues";
import { shippedLanguages } from "../ui/shippedTexts";

const defs = loadDefinitions();

/** Screens that say which route they are, so the test knows where the guard let it land. */
const screens = Object.fromEntries(
  SCREEN_TYPES.map((t) => [t, (({ route }) => <p data-testid="screen">{route.name}</p>) as ScreenComponent]),
) as Record<ScreenType, ScreenComponent>;

async function titleOf(url: string): Promise<{ shown: string; title: string }> {
  window.history.replaceState(null, "", url);
  const engine = createEngine(defs, createEngineRegistries());
  const rt = createFlowRuntime({
    win: window,
    engine,
    apps: defs.apps,
    capture: shippedCapture,
    loadDevices: () => Promise.reject(new Error("no camera check here")),
    loadErrorCatalogue: async () => shippedErrors,
    loadResults: async () => shippedResults,
    languages: shippedLanguages(),
    settings: { environment: "release", grayVersion: "0" },
    captureHandlers: fakeCaptureHandlers().registry,
  });
  render(
    <FlowProvider runtime={rt}>
      <FlowRouter screens={screens} fallback={<p>loading</p>} />
    </FlowProvider>,
  );
  const shown = (await screen.findByTestId("screen")).textContent ?? "";
  return { shown, title: document.title };
}

beforeEach(() => {
  window.scrollTo = () => undefined;
  localStorage.clear();
  document.title = "before";
  document.cookie = "order_no=O-T; path=/";
});
afterEach(cleanup);

const AGREEMENT = "用户协议授权书";
const FACE_VERIFICATION = "人脸核身";

/** The title of the page each screen type shows (the guard may land a path elsewhere). */
const STEP_TITLES: Record<ScreenType, string> = {
  rootRedirect: FACE_VERIFICATION,
  start: "开始验证 - 人脸核身",
  login: "校验验证链接 - 人脸核身",
  uaDetect: "检测浏览器 - 人脸核身",
  verify: "录制视频 - 人脸核身",
  result: "核验结果 - 人脸核身",
  error: "出错了 - 人脸核身",
  demoEntry: FACE_VERIFICATION,
  protocol: AGREEMENT,
  trtcRecord: "实时视频 - 人脸核身",
  willDegrade: "切换为录制视频 - 人脸核身",
  wsRecord: "实时视频 - 人脸核身",
  handoff: FACE_VERIFICATION,
};
const titleOfRoute = (name: string): string => {
  const route = defs.routes.routes.find((r) => r.name === name);
  if (!route) throw new Error(`no route ${name}`);
  // The will-degrade page's second step records: it is titled as the recording pages are.
  return route.name === "willDegrade_index" ? STEP_TITLES.verify : STEP_TITLES[route.screen as ScreenType];
};

describe("spec §2: the page title comes from the route", () => {
  const paths = defs.routes.routes.map((r) => r.path.replace(":product", "acme"));

  it.each(paths)("%s shows the title of its step: the agreement letter on agreement pages, the step and 人脸核身 elsewhere", async (path) => {
    const { shown, title } = await titleOf(`/?h5_face_id=T1#${path}`);
    expect(title).toBe(titleOfRoute(shown));
  });

  it("the steps of a verification are told apart by their titles", async () => {
    expect((await titleOf("/?h5_face_id=T3#/h5pre")).title).toBe("开始验证 - 人脸核身");
    cleanup();
    expect((await titleOf("/?h5_face_id=T3#/vertify")).title).toBe("录制视频 - 人脸核身");
    cleanup();
    expect((await titleOf("/?h5_face_id=T3#/success")).title).toBe("核验结果 - 人脸核身");
    cleanup();
    expect((await titleOf("/?h5_face_id=T3#/error?status=publicError")).title).toBe("出错了 - 人脸核身");
  });

  it.each(["/entry", "/srcEntry", "/liveEntry"])("the demo entry page %s is titled 人脸核身, not a page title of its own", async (path) => {
    const { shown, title } = await titleOf(`/#${path}`);
    expect(shown).not.toBe("error");
    expect(title).toBe(FACE_VERIFICATION);
  });

  it("theme 12 shows no title, on the demo pages as on the others", async () => {
    expect((await titleOf("/?theme=12&h5_face_id=T2#/entry")).title).toBe("");
    cleanup();
    expect((await titleOf("/?theme=12&h5_face_id=T2#/protocol")).title).toBe("");
  });
});
