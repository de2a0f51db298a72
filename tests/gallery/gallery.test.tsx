// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import themesJson from "../../themes/themes.json";
import { ERROR_STATUSES } from "../../schemas/errors";
import { RESULT_KINDS, RESULT_OUTCOMES, RESULT_VARIANTS } from "../../schemas/results";
import type { ThemesFile } from "../../schemas/themes";
import { GALLERY_ENTRIES, GALLERY_GROUPS } from "../../src/gallery/entries";
import { GalleryApp } from "../../src/gallery/GalleryApp";
import { shippedErrors as ERROR_CATALOGUE } from "../ui/shippedCatalogues";
import { shippedLanguagesFile, shippedLanguageTexts } from "../ui/shippedTexts";
import { lookupText } from "../../src/runtime/textKey";

afterEach(cleanup);

const themes = themesJson as ThemesFile;

describe("catalogue gallery", () => {
  it("has an entry for every status of the enum and every result variant, each in a group", () => {
    const ids = GALLERY_ENTRIES.map((entry) => entry.id);
    for (const status of ERROR_STATUSES) expect(ids).toContain(`error.${status}`);
    for (const outcome of RESULT_OUTCOMES) for (const variant of RESULT_VARIANTS) for (const kind of RESULT_KINDS) expect(ids).toContain(`result.${outcome}.${variant}.${kind}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of GALLERY_ENTRIES) expect(GALLERY_GROUPS).toContain(entry.group);
  });

  it.each(shippedLanguagesFile.languages.map((l) => l.tag))("renders every status with its name and code as labels, with the real error view, in the chosen theme and language (%s)", (lang) => {
    const { texts } = shippedLanguageTexts(lang);
    const { container } = render(<GalleryApp themes={themes} query={{ lang, theme: "07" }} />);
    for (const status of ERROR_STATUSES) {
      const item = container.querySelector(`[id="error.${status}"]`);
      expect(item?.querySelector(".gallery-label__name")?.textContent).toBe(status);
      const code = ERROR_CATALOGUE.statuses[status].code;
      if (code) expect(item?.querySelector(".gallery-label__note")?.textContent).toBe(code);
      expect(item?.querySelector(".ff-error__title")?.textContent).toBe(lookupText(texts, ERROR_CATALOGUE.statuses[status].title));
      expect(item?.querySelector("[lang]")?.getAttribute("lang")).toBe(lang);
    }
    expect(document.body.classList.contains("theme-07")).toBe(true);
    expect(document.documentElement.style.getPropertyValue("--ff-primary")).toBe(themes.themes["07"].tokens.primary);
  });

  it("compares one entry across every theme and every language, one frame each", () => {
    const { container } = render(<GalleryApp themes={themes} query={{ lang: "zh-CN", theme: "", compare: "error.trtc_androidNoWebcamPermission" }} />);
    const frames = [...container.querySelectorAll("iframe")];
    expect(frames).toHaveLength(Object.keys(themes.themes).length * shippedLanguagesFile.languages.length);
    for (const { tag } of shippedLanguagesFile.languages) expect(frames.filter((f) => f.getAttribute("src")?.includes(`lang=${tag}`))).toHaveLength(Object.keys(themes.themes).length);
    expect(frames.find((f) => f.getAttribute("src")?.includes("theme=02"))?.getAttribute("width")).toBe("720");
  });

  it("opens at its top: the record-timeout specimen takes no focus (it scrolled the page to the bottom) and traps no Tab", () => {
    const { container } = render(<GalleryApp themes={themes} query={{ lang: "zh-CN", theme: "" }} />);
    const dialog = container.querySelector(".ff-modal__dialog");
    expect(dialog).not.toBeNull();
    expect(dialog?.contains(document.activeElement)).toBe(false);
    expect(dialog?.getAttribute("aria-modal")).toBeNull();
  });

  it("shows a single entry filling the page for those frames", () => {
    const { container } = render(<GalleryApp themes={themes} query={{ lang: "zh-CN", theme: "02", only: "result.fail.action.will" }} />);
    expect(container.querySelectorAll(".ff-result__line")).toHaveLength(2);
    expect(document.body.classList.contains("landscape")).toBe(true);
  });
});
