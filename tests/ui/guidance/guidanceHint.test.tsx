// @vitest-environment jsdom
/**
 * The guidance hint when on-device face detection is unavailable, in every shipped language:
 * face files that did not arrive in time (a slow network) are said to have not loaded, never
 * that the device cannot detect faces; a device too slow for it is told so.
 */
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { GuidanceHint } from "../../../src/ui/screens/recording/guidance/GuidanceOverlay";
import { GUIDANCE_OFF } from "../../../src/ui/screens/recording/guidance/guidanceController";
import { FlowProvider } from "../../../src/ui/FlowProvider";
import { setupFlow } from "../screens/harness";
import { shippedLanguagesFile, shippedLanguageTexts } from "../shippedTexts";

afterEach(cleanup);

describe.each(shippedLanguagesFile.languages.map((l) => l.tag))("guidance unavailable (%s)", (lang) => {
  const texts = shippedLanguageTexts(lang).texts.guidance;
  const shown = (reason: "load" | "slow") =>
    render(
      <FlowProvider runtime={setupFlow({ url: "/#/entry" }).rt}>
        <GuidanceHint view={{ ...GUIDANCE_OFF, status: "unavailable", reason }} texts={texts} silent={false} />
      </FlowProvider>,
    ).container.querySelector(".ff-guidance-hint")?.textContent;

  it("says the face files did not load in time, not that the device cannot, when they were late", () => {
    expect(shown("load")).toBe(texts.unavailableLoad);
    expect(texts.unavailableLoad).not.toBe(texts.unavailable);
  });

  it("says the device cannot when it was too slow", () => {
    expect(shown("slow")).toBe(texts.unavailable);
  });
});
