// @vitest-environment jsdom
/**
 * The real-time pages with the real runtime, guard and session state over jsdom, and capture
 * handlers that answer as scripted (tests/capture/fakeHandlers.ts): which handler each page
 * runs, where an outcome leads, and what the session state remembers (spec §3, §4).
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DOWNGRADE_REASONS, H5CONF_CODES, storedValueSchemas } from "../../schemas/session";
import type { CaptureOutcome } from "../../src/capture/contract";
import TrtcRecordScreen from "../../src/ui/screens/TrtcRecordScreen";
import WsRecordScreen from "../../src/ui/screens/WsRecordScreen";
import { setupFlow, type Flow } from "../ui/screens/harness";
import { fakeCaptureHandlers } from "./fakeHandlers";
import { orderConfig } from "./websocketHandlerFakes";

const RESULT = {
  orderNo: "ORDER-0001-abcdef",
  state: "passed",
  returnUrl: "https://partner.example/back",
  redirectType: null,
  payload: { orderNo: "ORDER-0001-abcdef", code: "0", signature: "a".repeat(64), newSignature: "b".repeat(64), liveRate: "100", h5faceId: "h5-1" },
};

/** One answer of the attempt long poll: a state (or an error body with its status), possibly held back by the test. */
type PollAnswer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

const JUDGED = { state: "judged", attempt: 1, outcome: { passed: true, code: "0", finished: true, attemptsLeft: 2, checks: [] } };

/** The service's answers the pages ask for: digits, the order config (the light's plan), the attempt's state (from `polls`, in turn) and the signed result. */
function stubService(polls: PollAnswer[] = [{ status: 200, body: JUDGED }]) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      calls.push(input);
      if (input.endsWith("/api/v1/digits")) return new Response(JSON.stringify({ digits: "4321" }), { status: 200 });
      if (input.endsWith("/api/v1/result")) return new Response(JSON.stringify(RESULT), { status: 200 });
      if (input.includes("/api/v1/config")) return new Response(JSON.stringify(orderConfig()), { status: 200 });
      if (input.includes("/api/v1/attempts/")) {
        const answer = await polls.shift();
        if (answer) return new Response(JSON.stringify(answer.body), { status: answer.status });
      }
      return new Response(JSON.stringify({ code: "NOT_FOUND", message: input }), { status: 404 });
    }),
  );
  return calls;
}

// The order config the arrival reads (the light's plan) is left out: these tests follow the attempt's requests.
const pathsOf = (calls: string[]) => calls.map((c) => { const url = new URL(c, "http://x"); return url.pathname + url.search; }).filter((p) => !p.startsWith("/api/v1/config"));

function flowAt(query: string, hash: string, outcome: CaptureOutcome) {
  const flow = setupFlow({ url: `/?${query}#${hash}`, cookies: { order_no: "ORDER-0001-abcdef" }, mediaDevices: { getUserMedia: vi.fn() } });
  const handlers = fakeCaptureHandlers({ outcome });
  flow.rt.captureHandlers = handlers.registry;
  return { flow, log: handlers.log };
}

const sessionOf = (flow: Flow) => flow.rt.storage.getParsed("sessionState", storedValueSchemas.sessionState);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/action/ws/record", () => {
  it("streams with the websocket handler, follows the attempt the service verifies, and settles its verdict into the result page", async () => {
    const calls = stubService();
    const accepted: CaptureOutcome = { kind: "accepted", accepted: { state: "accepted", attempt: 1 } };
    const { flow, log } = flowAt("live_type=1&ws_mode_switch=1", "/action/ws/record", accepted);
    flow.renderScreen(WsRecordScreen, "action_ws_record");
    // The digits the service issued, shown one by one to be read.
    // The digits the screen reader reads one by one.
    expect(await screen.findByText("4 3 2 1")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "开始验证" }));
    await waitFor(() => expect(flow.hash()).toBe("/success"));

    expect(log.started.map((s) => s.kind)).toEqual(["websocket"]);
    expect(log.started[0]?.request).toMatchObject({ liveMode: "number", digits: "4321", audio: false, durationMs: { min: 2000, max: 5000 } });
    expect(pathsOf(calls)).toEqual(["/api/v1/digits", "/api/v1/attempts/1?waitMs=0", "/api/v1/result"]);
    expect(flow.hash()).toBe("/success");
    expect(flow.rt.storage.getParsed("resultValues", storedValueSchemas.resultValues)).toMatchObject({ code: "0", sign: "a".repeat(64) });
    expect(sessionOf(flow)?.deviceInfo).toMatchObject({ trtc: 2, h5conf: [H5CONF_CODES.trtcClose, H5CONF_CODES.websocketOpen] });
  });

  it("shows 核验中 as the page's heading with the service's step and progress while it verifies, keeping the attempt for a reload until judged", async () => {
    let release: (answer: { status: number; body: unknown }) => void = () => undefined;
    const held = new Promise<{ status: number; body: unknown }>((resolve) => (release = resolve));
    const calls = stubService([{ status: 200, body: { state: "verifying", attempt: 1, step: "analysing", progress: 0.5 } }, held]);
    const { flow } = flowAt("live_type=1&ws_mode_switch=1", "/action/ws/record", { kind: "accepted", accepted: { state: "accepted", attempt: 1 } });
    flow.renderScreen(WsRecordScreen, "action_ws_record");
    fireEvent.click(await screen.findByRole("button", { name: "开始验证" }));
    const bar = await screen.findByRole("progressbar", { name: "核验进度" });
    // Half the service's work, after the stream (the bar's first quarter, waitView.ts UPLOAD_SHARE): 25 + 75 × 0.5.
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("63"));
    expect(bar.getAttribute("aria-valuetext")).toBe("分析人脸，已完成 63%");
    expect(screen.getByRole("heading", { level: 1, name: "核验中" })).toBeTruthy();
    expect(flow.rt.storage.getParsed("pendingAttempt", storedValueSchemas.pendingAttempt)).toEqual({ attempt: 1 });
    // The next poll waits for the service to move on.
    await waitFor(() => expect(pathsOf(calls)).toContain("/api/v1/attempts/1?waitMs=20000&step=analysing&progress=0.5000"));
    release({ status: 200, body: JUDGED });
    await waitFor(() => expect(flow.hash()).toBe("/success"));
    expect(flow.rt.storage.getParsed("pendingAttempt", storedValueSchemas.pendingAttempt)).toBeUndefined();
  });

  it("a reload while the service verifies resumes the wait instead of streaming again", async () => {
    const calls = stubService([{ status: 200, body: { ...JUDGED, attempt: 2 } }]);
    const { flow, log } = flowAt("live_type=1&ws_mode_switch=1", "/action/ws/record", { kind: "cancelled" });
    flow.rt.storage.setJSON("pendingAttempt", { attempt: 2 });
    flow.renderScreen(WsRecordScreen, "action_ws_record");
    await waitFor(() => expect(flow.hash()).toBe("/success"));
    expect(log.started).toEqual([]);
    expect(pathsOf(calls)).toEqual(["/api/v1/attempts/2?waitMs=0", "/api/v1/result"]);
  });

  it("a stored attempt the service does not know is forgotten and the page opens as usual", async () => {
    const calls = stubService([{ status: 404, body: { code: "ATTEMPT_NOT_FOUND", message: "attempt 5 of this order has nothing to verify" } }]);
    const { flow } = flowAt("live_type=1&ws_mode_switch=1", "/action/ws/record", { kind: "cancelled" });
    flow.rt.storage.setJSON("pendingAttempt", { attempt: 5 });
    const view = flow.renderScreen(WsRecordScreen, "action_ws_record");
    expect(await screen.findByRole("button", { name: "开始验证" })).toBeTruthy();
    expect(pathsOf(calls)).toEqual(["/api/v1/attempts/5?waitMs=0", "/api/v1/digits"]);
    expect(flow.rt.storage.getParsed("pendingAttempt", storedValueSchemas.pendingAttempt)).toBeUndefined();
    view.unmount();
  });

  it("a first front error shows the websocket's error page; the second continues on plain recording", async () => {
    stubService();
    const broken: CaptureOutcome = { kind: "failed", status: "seniorException", frontError: true };
    const { flow } = flowAt("live_type=1&ws_mode_switch=1", "/action/ws/record", broken);
    const first = flow.renderScreen(WsRecordScreen, "action_ws_record");
    fireEvent.click(await screen.findByRole("button", { name: "开始验证" }));
    await waitFor(() => expect(flow.hash()).toBe("/error?status=seniorException&type=websocket"));
    expect(sessionOf(flow)).toMatchObject({ wsFrontErrorTimes: 1, supportWs: true });
    first.unmount();

    flow.rt.location.navigate("/action/ws/record");
    flow.renderScreen(WsRecordScreen, "action_ws_record");
    fireEvent.click(await screen.findByRole("button", { name: "开始验证" }));
    await waitFor(() => expect(flow.hash()).toBe("/vertify"));
    const state = sessionOf(flow);
    expect(state).toMatchObject({ wsFrontErrorTimes: 2, supportWs: false });
    expect(state?.deviceInfo.h5downgrade).toEqual([DOWNGRADE_REASONS.websocketFrontError]);
    expect(state?.deviceInfo.h5conf.slice(-3)).toEqual([H5CONF_CODES.trtcClose, H5CONF_CODES.websocketClose, H5CONF_CODES.videoOpen]);
  });

  it("a launch whose websocket was given up forwards at once, without starting anything", async () => {
    stubService();
    const { flow, log } = flowAt("live_type=2&traditional_action=2&ws_mode_switch=1", "/action/ws/record", { kind: "cancelled" });
    flow.rt.storage.setJSON("sessionState", { ...sessionOfDefault(), supportWs: false });
    flow.renderScreen(WsRecordScreen, "action_ws_record");
    await waitFor(() => expect(flow.hash()).toBe("/action/vertify"));
    expect(log.started).toEqual([]);
  });
});

describe("/action/trtc/record", () => {
  it("forwards to the websocket when real-time video is not enabled", async () => {
    stubService();
    const { flow, log } = flowAt("live_type=1&ws_mode_switch=1", "/action/trtc/record", { kind: "cancelled" });
    flow.renderScreen(TrtcRecordScreen, "action_trtc_record");
    await waitFor(() => expect(flow.hash()).toBe("/action/ws/record"));
    expect(log.started).toEqual([]);
  });

  it("forwards will mode without real-time video to the will-downgrade pages", async () => {
    stubService();
    const { flow } = flowAt("live_type=1&live_service=2&ws_mode_switch=1", "/action/trtc/willRecord", { kind: "cancelled" });
    flow.renderScreen(TrtcRecordScreen, "action_trtc_willRecord");
    await waitFor(() => expect(flow.hash()).toBe("/willDegrade/transition"));
    expect(sessionOf(flow)?.deviceInfo.h5conf).toContain(H5CONF_CODES.willTrtcClose);
  });

  it("runs the real-time video handler, and when the SDK check says no, records it and moves to the websocket", async () => {
    stubService();
    const unsupported: CaptureOutcome = { kind: "failed", status: "browserNotSupport", downgrade: DOWNGRADE_REASONS.trtcSdkCheckNoSupport };
    const { flow, log } = flowAt("live_type=1&rtc_mode_switch=1&ws_mode_switch=1", "/action/trtc/record", unsupported);
    flow.renderScreen(TrtcRecordScreen, "action_trtc_record");
    // Real-time video is the choice: the page stays and offers its start button.
    fireEvent.click(await screen.findByRole("button", { name: "开始验证" }));
    expect(flow.hash()).toBe("/action/trtc/record");
    await waitFor(() => expect(flow.hash()).toBe("/action/ws/record"));
    expect(log.started.map((s) => s.kind)).toEqual(["trtc"]);
    expect(log.started[0]?.request).toMatchObject({ liveMode: "number", audio: true, digits: "4321" });
    expect(flow.hash()).toBe("/action/ws/record");
    const state = sessionOf(flow);
    expect([state?.supportTrtc, state?.supportWs]).toEqual([false, true]);
    expect(state?.deviceInfo.h5downgrade).toEqual([DOWNGRADE_REASONS.trtcSdkCheckNoSupport]);
    expect(state?.deviceInfo.h5conf).toEqual([H5CONF_CODES.firstModeTrtc, H5CONF_CODES.trtcOpen, H5CONF_CODES.firstModeTrtc, H5CONF_CODES.trtcClose, H5CONF_CODES.websocketOpen]);
  });

  it("a camera refused on the real-time page shows the platform's no-permission screen", async () => {
    stubService();
    const refused: CaptureOutcome = { kind: "failed", status: "trtc_androidNoWebcamPermission", downgrade: DOWNGRADE_REASONS.webcamNoPermissionNormally };
    const { flow } = flowAt("live_type=1&rtc_mode_switch=1", "/action/trtc/record", refused);
    flow.renderScreen(TrtcRecordScreen, "action_trtc_record");
    fireEvent.click(await screen.findByRole("button", { name: "开始验证" }));
    await waitFor(() => expect(flow.hash()).toBe("/error?status=trtc_androidNoWebcamPermission"));
    expect(sessionOf(flow)?.deviceInfo.h5downgrade).toEqual([DOWNGRADE_REASONS.webcamNoPermissionNormally]);
  });
});

function sessionOfDefault() {
  return {
    supportTrtc: true,
    supportWs: true,
    trtcFrontErrorTimes: 0,
    wsFrontErrorTimes: 0,
    videoProfile: "",
    deviceInfo: { trtc: null, h5conf: [], h5downgrade: [] },
  };
}

describe("/action/ws/record in will mode", () => {
  it("forwards to the will-downgrade pages: a stream carries no spoken consent", async () => {
    stubService();
    const { flow, log } = flowAt("live_type=1&live_service=2&ws_mode_switch=1", "/action/ws/record", { kind: "cancelled" });
    flow.renderScreen(WsRecordScreen, "action_ws_record");
    await waitFor(() => expect(flow.hash()).toBe("/willDegrade/transition"));
    expect(log.started).toEqual([]);
  });
});
