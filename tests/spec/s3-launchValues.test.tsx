// @vitest-environment jsdom
/**
 * Spec §3 "Launch parameters": values are fixed only where the spec fixes them. A partner that
 * sends a value the spec gives no meaning to (turing_switch=2, say) reaches the start page;
 * values the spec does fix, and the caps that protect the page, still show errorSettings.
 */
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEngine } from "../../src/engine/engine";
import { createEngineRegistries } from "../../src/engine/builtins";
import { createFlowRuntime } from "../../src/runtime/runtime";
import { FlowProvider } from "../../src/ui/FlowProvider";
import { FlowRouter } from "../../src/ui/FlowRouter";
import type { ScreenComponent } from "../../src/ui/screenContract";
import { SCREEN_TYPES, type ScreenType } from "../../src/ui/screens/screenTypes";
import { fakeCaptureHandlers } from "../capture/fakeHandlers";
import { shippedCapture } from "../capture/shippedKinds";
import { shippedLanguages } from "../ui/shippedLanguages";
import { loadDefinitions } from "../engine/fixtures";
import { shippedErrors, shippedResults } from "../ui/shippedCatalogues";
import { shippedShell, shippedTextCatalogue } from "../ui/shippedTexts";

const defs = loadDefinitions();

/** Screens that print the route they were given, so the test reads where the flow landed. */
const screens = Object.fromEntries(
  SCREEN_TYPES.map((t) => [t, (({ route, query }) => <p data-testid="screen">{`${route.name} ${JSON.stringify(query)}`}</p>) as ScreenComponent]),
) as Record<ScreenType, ScreenComponent>;

/** Opens the flow at `query` with a session (the order_no cookie) and returns the screen it settles on. */
async function landOn(query: string): Promise<string> {
  document.cookie = "order_no=O1; path=/";
  window.history.replaceState(null, "", `/?${query}&live_type=1&h5_face_id=S3V#/`);
  const engine = createEngine(defs, createEngineRegistries());
  const rt = createFlowRuntime({
    win: window, engine, apps: defs.apps, capture: shippedCapture, languages: shippedLanguages,
    loadDevices: () => Promise.reject(new Error("no camera check here")),
    loadErrorCatalogue: async () => shippedErrors, loadResults: async () => shippedResults,
    texts: shippedTextCatalogue(), shell: shippedShell, settings: { environment: "release", grayVersion: "1" },
    captureHandlers: fakeCaptureHandlers().registry,
  });
  render(
    <FlowProvider runtime={rt}>
      <FlowRouter screens={screens} fallback={<p>loading</p>} />
    </FlowProvider>,
  );
  return (await screen.findByTestId("screen")).textContent ?? "";
}

beforeEach(() => {
  localStorage.clear();
  document.cookie.split(";").forEach((c) => (document.cookie = `${c.split("=")[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
});
afterEach(cleanup);

describe("spec §3: launch values are fixed only where the spec fixes them", () => {
  it.each([
    ["turing_switch=2"],
    ["grade_type=A"],
    ["web_log_report=2"],
    ["redirect_type=2"],
    ["live_service=3"],
    ["auth_type=3"],
    // The switches and the will/video-capture types: the spec names what "1" (or "2", "0") does, nothing more.
    ["rtc_mode_switch=2"],
    ["ws_mode_switch=on"],
    ["priori_mode_switch=2"],
    ["splash_page=2"],
    ["auth_tick_switch=2"],
    ["need_auth=2"],
    ["will_type=nod"],
    ["live_inter_type=x"],
    ["protocol_corp_name=" + encodeURIComponent("某某科技（深圳）有限公司 & Co.")],
  ])("%s reaches the start page instead of errorSettings", async (query) => {
    expect(await landOn(query)).toBe("h5pre {}");
  });

  it.each([
    ["live_type=7"],
    ["redirect_mode=3"],
    ["theme=13"],
    ["traditional_action=5"],
  ])("%s, a value the spec fixes otherwise, still shows errorSettings", async (query) => {
    expect(await landOn(query)).toBe('error {"status":"errorSettings"}');
  });

  it("the page's own caps still hold: a 101-character protocol_corp_name or a 33-character turing_switch shows errorSettings", async () => {
    expect(await landOn(`protocol_corp_name=${"名".repeat(101)}`)).toBe('error {"status":"errorSettings"}');
    cleanup();
    expect(await landOn(`turing_switch=${"2".repeat(33)}`)).toBe('error {"status":"errorSettings"}');
  });
});
