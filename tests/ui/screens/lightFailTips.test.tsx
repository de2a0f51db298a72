// @vitest-environment jsdom
/**
 * The fail page says why for the presentation-attack codes (1028–1035): a user whose face did
 * not follow the screen's light is told to keep it in the light, in their language; other codes
 * keep the page's general tip.
 */
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { withDefinition } from "../../../src/ui/lazyScreen";
import { FAIL_CODE_TIPS } from "../../../src/ui/failCodeTips";
import ResultScreenModule from "../../../src/ui/screens/ResultScreen";
import { shippedLanguagesFile, shippedLanguageTexts } from "../shippedTexts";
import { shippedResults } from "../shippedCatalogues";
import { setupFlow } from "./harness";

const ResultScreen = withDefinition<"result", typeof shippedResults>(ResultScreenModule, shippedResults);
const LAUNCH = `/?url=${encodeURIComponent("https://partner.example/back")}&order_no=O-1&h5_face_id=F-1&live_type=3`;

afterEach(cleanup);

function failPage(code: string) {
  const flow = setupFlow({ url: `${LAUNCH}#/action/fail` });
  flow.rt.storage.setJSON("resultValues", { code, sign: "SIG" });
  return flow.renderScreen(ResultScreen, "action_fail");
}

describe("the fail page's tip for a verdict code", () => {
  it("says why for 1029 (keep your face in the screen's light) and 1030 (too bright, come closer)", () => {
    expect(failPage("1029").container.textContent).toContain("屏幕变换颜色时，请让脸部一直留在屏幕的光照里");
    cleanup();
    expect(failPage("1030").container.textContent).toContain("周围太亮或离屏幕太远");
  });

  it("keeps the general tip for a code without its own", () => {
    const text = failPage("1015").container.textContent ?? "";
    expect(text).toContain("请正对屏幕");
    expect(text).not.toContain("屏幕的光");
  });

  it("has a text for every listed code in every shipped language", () => {
    for (const { tag } of shippedLanguagesFile.languages) {
      const { texts } = shippedLanguageTexts(tag);
      for (const key of Object.values(FAIL_CODE_TIPS)) expect(texts.failCodes[key], `${tag} failCodes.${key}`).toMatch(/\S/);
    }
  });
});
