// @vitest-environment jsdom
/**
 * Spec §5, messages: "h5 too-large message asks 1-2 s (action, will) or 2-3 s reading digits
 * slowly and loudly (number)". The error screen words largeException for the launch's mode
 * (the catalogue's textByMode), instead of one combined text for every mode.
 */
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { withDefinition } from "../../src/ui/lazyScreen";
import ErrorScreenModule from "../../src/ui/screens/ErrorScreen";
import { shippedErrors as ERROR_CATALOGUE } from "../ui/shippedCatalogues";
import { setupFlow } from "../ui/screens/harness";

const ErrorScreen = withDefinition<"error", typeof ERROR_CATALOGUE>(ErrorScreenModule, ERROR_CATALOGUE);
afterEach(cleanup);

function largeMessage(launchQuery: string): string {
  const flow = setupFlow({ url: `/?order_no=ORDER-7&h5_face_id=FACE-7&${launchQuery}#/error` });
  const view = flow.renderScreen(ErrorScreen, "error", { status: "largeException" });
  return view.container.querySelector(".ff-error__message")?.textContent ?? "";
}

describe("spec §5: the too-large message depends on the mode", () => {
  it("number mode asks 2-3 s, reading the digits slowly and loudly; no 1-2 s", () => {
    const text = largeMessage("live_type=1");
    expect(text).toContain("2-3 秒");
    expect(text).toContain("慢速、大声");
    expect(text).not.toContain("1-2 秒");
  });

  it("action mode asks 1-2 s and says nothing of digits", () => {
    const text = largeMessage("live_type=2&traditional_action=2");
    expect(text).toContain("1-2 秒");
    expect(text).not.toContain("2-3 秒");
    expect(text).not.toContain("数字");
  });

  it("will mode asks 1-2 s, whatever the live type", () => {
    const text = largeMessage("live_type=1&live_service=2");
    expect(text).toContain("1-2 秒");
    expect(text).not.toContain("2-3 秒");
  });

  it("theme 02 is number mode (spec §4), so it asks 2-3 s", () => {
    expect(largeMessage("live_type=2&traditional_action=2&theme=02")).toContain("2-3 秒");
  });
});
