// @vitest-environment jsdom
/**
 * The start page when its camera-input check cannot load (a dropped network): the user is not
 * left with a button that does nothing. The tap goes on to the recording page, whose own
 * camera checks take over, and the failure is recorded.
 */
import { cleanup, fireEvent, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import StartScreen from "../../../src/ui/screens/StartScreen";
import { setupFlow, UA } from "./harness";

vi.mock("../../../src/flow/cameraEligibility", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

afterEach(cleanup);

const LAUNCH = "/?url=https%3A%2F%2Fp.example%2Fback&order_no=O-1&h5_face_id=F-1";

describe("StartScreen without its camera-input check", () => {
  it("a tap while the check fails to load still goes on to record, and the failure is recorded", async () => {
    const flow = setupFlow({ url: `${LAUNCH}#/h5pre`, userAgent: UA.ucAndroid });
    const view = flow.renderScreen(StartScreen, "h5pre");
    fireEvent.click(view.getByRole("button", { name: "开始验证" }));
    await waitFor(() => expect(flow.hash()).toBe("/vertify"));
    expect(flow.rt.stats.pending().map((e) => e.name)).toContain("uaDetectUnavailable");
  });
});
