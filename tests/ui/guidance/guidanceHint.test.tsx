// @vitest-environment jsdom
/**
 * The guidance hint while on-device face detection loads and when it is unavailable, in every
 * shipped language: while its files arrive the hint says how far they have got, then that it
 * is starting; face files that did not arrive in time (a slow network) are said to have not
 * loaded, never that the device cannot detect faces; a device too slow for it is told so.
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

  const loading = (progress: number | null) =>
    render(
      <FlowProvider runtime={setupFlow({ url: "/#/entry" }).rt}>
        <GuidanceHint view={{ ...GUIDANCE_OFF, status: "loading", progress }} texts={texts} silent={false} />
      </FlowProvider>,
    ).container.querySelector(".ff-guidance-hint");

  it("says how much of the face files has arrived while they load, then that it is starting", () => {
    const hint = loading(42);
    expect(hint?.textContent).toBe(texts.loadingFiles.replace("{percent}", "42"));
    expect(hint?.textContent).toMatch(/\b42\s?%/);
    expect(hint?.getAttribute("data-guidance-progress")).toBe("42");
    cleanup();
    expect(loading(null)?.textContent).toBe(texts.loading);
  });
});
