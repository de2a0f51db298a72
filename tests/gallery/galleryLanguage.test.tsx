// @vitest-environment jsdom
/**
 * The gallery's own words in the page's language (issue 35: its controls were Chinese only):
 * headings, the filter, the bars, the links, each entry's label and note, the frames' titles and
 * the document's title and lang, in every shipped language; the page's language is the query's,
 * else the browser's; the language bar switches it, keeping the view. The specimens are the
 * real screens in that language (gallery.test.tsx).
 */
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import themesJson from "../../themes/themes.json";
import type { ThemesFile } from "../../schemas/themes";
import { GALLERY_ENTRIES, GALLERY_GROUPS } from "../../src/gallery/entries";
import { GalleryApp } from "../../src/gallery/GalleryApp";
import { readGalleryQuery } from "../../src/gallery/galleryQuery";
import { lookupText } from "../../src/runtime/textKey";
import { shippedLanguagesFile, shippedLanguageTexts } from "../ui/shippedTexts";

afterEach(cleanup);

const themes = themesJson as ThemesFile;
const TAGS = shippedLanguagesFile.languages.map((l) => l.tag);
const HAN = /\p{Script=Han}/u;

/** The text of the gallery's own parts: everything but the specimens' frames and what is marked as another language. */
function galleryWords(root: HTMLElement, lang: string): string[] {
  const words: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(".gallery-frame") || (parent.closest("[lang]")?.getAttribute("lang") ?? lang) !== lang) continue;
    if (node.textContent?.trim()) words.push(node.textContent.trim());
  }
  for (const labelled of root.querySelectorAll("[aria-label]")) words.push(labelled.getAttribute("aria-label") ?? "");
  return words;
}

describe.each(TAGS)("the gallery's own words (%s)", (lang) => {
  const { texts } = shippedLanguageTexts(lang);
  const t = texts.gallery;

  it("the catalogue's headings, filter, bars, group names and links come from the gallery texts", () => {
    const { container, getByRole, getByLabelText } = render(<GalleryApp themes={themes} query={{ lang, theme: "" }} />);
    expect(container.querySelector(".gallery-title")?.textContent).toBe(t.title);
    expect(getByLabelText(t.filter)).toBeTruthy();
    expect(getByRole("navigation", { name: t.themes })).toBeTruthy();
    expect(getByRole("navigation", { name: t.languages })).toBeTruthy();
    const groups = [...container.querySelectorAll(".gallery-group__title")].map((h) => h.firstChild?.textContent?.trim());
    expect(groups).toEqual(GALLERY_GROUPS.filter((g) => GALLERY_ENTRIES.some((e) => e.group === g)).map((g) => t[g]));
    const compareLinks = [...container.querySelectorAll(".gallery-label__compare")];
    expect(compareLinks).toHaveLength(GALLERY_ENTRIES.length);
    for (const link of compareLinks) expect(link.textContent).toBe(t.compare);
    expect(container.querySelector('[id="variant.exit-no-return-url"] .gallery-label__name')?.textContent).toBe(t.labelNoReturnUrl.replace("{status}", "exitException"));
    expect(container.querySelector('[id="variant.websocket-type"] .gallery-label__note')?.textContent).toBe(`${texts.errors.noteMarker} → ${texts.errors.noteMarkerWebsocket}`);
    expect(document.title).toBe(t.documentTitle);
    expect(document.documentElement.lang).toBe(lang);
    if (lang === "en") expect(galleryWords(container, lang).filter((w) => HAN.test(w))).toEqual([]);
  });

  it("the record-timeout specimen highlights words of its own language's text", () => {
    const { container } = render(<GalleryApp themes={themes} query={{ lang, theme: "", only: "component.record-timeout" }} />);
    const marked = [...container.querySelectorAll("mark")].map((m) => m.textContent);
    expect(marked).toEqual(t.recordTimeoutHighlights.split("|"));
  });

  it("the comparison's back link, summary, frame titles and language bar are in it too, the bar keeping the compared entry", () => {
    const { container, getByRole } = render(<GalleryApp themes={themes} query={{ lang, theme: "07", compare: "error.trtc_cameraError" }} />);
    expect(container.querySelector(".gallery-back")?.textContent).toBe(t.back);
    expect(container.querySelector(".gallery-sub")?.textContent).toBe(t.compareSummary.replace("{themes}", String(Object.keys(themes.themes).length)).replace("{languages}", String(TAGS.length)));
    const bar = getByRole("navigation", { name: t.languages });
    for (const other of TAGS) {
      const link = bar.querySelector(`a[lang="${other}"]`);
      const href = new URLSearchParams(link?.getAttribute("href") ?? "");
      expect([href.get("lang"), href.get("compare"), href.get("theme")]).toEqual([other, "error.trtc_cameraError", "07"]);
      expect(link?.getAttribute("aria-current")).toBe(other === lang ? "page" : null);
    }
    // Each frame's title names the entry, the theme in the page's words, and the language by its own name.
    const english = shippedLanguagesFile.languages.find((l) => l.tag === "en")!;
    const landscape = container.querySelector(`iframe[src*="theme=02"][src*="lang=en"]`)?.getAttribute("title");
    expect(landscape).toBe(t.frameTitle.replace("{entry}", "trtc_cameraError").replace("{theme}", `02 ${lookupText(texts, themes.themes["02"].label)}`).replace("{language}", english.name));
    if (lang === "en") expect(galleryWords(container, lang).filter((w) => HAN.test(w))).toEqual([]);
  });
});

describe("the gallery's language", () => {
  const nav = (languages: string[]) => ({ languages, language: languages[0] ?? "" }) as unknown as Navigator;

  it("is the query's lang when listed, else the browser's, else the default", () => {
    expect(readGalleryQuery("?lang=en", shippedLanguagesFile, nav(["zh-TW"])).lang).toBe("en");
    expect(readGalleryQuery("?theme=07", shippedLanguagesFile, nav(["zh-HK", "en"])).lang).toBe("zh-TW");
    expect(readGalleryQuery("", shippedLanguagesFile, nav(["en-GB"])).lang).toBe("en");
    expect(readGalleryQuery("?lang=qaa", shippedLanguagesFile, nav(["en-US"])).lang).toBe("en");
    expect(readGalleryQuery("", shippedLanguagesFile, nav(["qaa"])).lang).toBe(shippedLanguagesFile.default);
  });

  it("the zh-CN and zh-TW galleries differ in their words, not only the English one", () => {
    expect(shippedLanguageTexts("zh-TW").texts.gallery.title).not.toBe(shippedLanguageTexts("zh-CN").texts.gallery.title);
  });
});
