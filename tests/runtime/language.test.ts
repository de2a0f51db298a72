// @vitest-environment jsdom
/**
 * Issue 17: the page's language is the launch's `lang`, else the browser's, else zh-CN; a
 * launch naming a language the service does not ship shows the settings error (in the
 * browser's language) instead of quietly showing another one; <html lang> and dir follow.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup } from "@testing-library/react";
import { applyLanguage, chooseLanguage } from "../../src/runtime/language";
import { lookupText } from "../../src/runtime/textKey";
import { withDefinition } from "../../src/ui/lazyScreen";
import ErrorScreenModule from "../../src/ui/screens/ErrorScreen";
import { shippedErrors } from "../ui/shippedCatalogues";
import { shippedLanguages, shippedLanguagesFile, shippedLanguageTexts } from "../ui/shippedTexts";
import { setupFlow } from "../ui/screens/harness";

const file = shippedLanguagesFile;
/** Browser and launch languages no list will ship (qaa–qtz are reserved for local use): a real one (fr) would match the day it is added. */
const UNSHIPPED = "qaa";
const ErrorScreen = withDefinition<"error", typeof shippedErrors>(ErrorScreenModule, shippedErrors);

function browserSays(...languages: string[]) {
  Object.defineProperty(window.navigator, "languages", { value: languages, configurable: true });
}

afterEach(() => {
  cleanup();
  browserSays("zh-CN", "zh");
});

describe("chooseLanguage", () => {
  it("takes the launch's lang over the browser's", () => {
    expect(chooseLanguage(file, { launchLang: "en", browser: ["zh-TW"] }).language.tag).toBe("en");
    expect(chooseLanguage(file, { launchLang: "zh-TW", browser: ["en-US"] }).language.tag).toBe("zh-TW");
  });

  it("takes the first browser language a listed one serves, in the browser's order", () => {
    expect(chooseLanguage(file, { launchLang: undefined, browser: [`${UNSHIPPED}-QM`, "en-GB", "zh-CN"] }).language.tag).toBe("en");
    expect(chooseLanguage(file, { launchLang: undefined, browser: ["zh-HK"] }).language.tag).toBe("zh-TW");
    expect(chooseLanguage(file, { launchLang: undefined, browser: ["zh-Hant-TW"] }).language.tag).toBe("zh-TW");
    expect(chooseLanguage(file, { launchLang: undefined, browser: ["zh-CN"] }).language.tag).toBe("zh-CN");
  });

  it("is zh-CN when nothing matches, and a prefix must end at a subtag (enx is not en)", () => {
    expect(chooseLanguage(file, { launchLang: undefined, browser: [UNSHIPPED, "qab-QM"] }).language.tag).toBe("zh-CN");
    expect(chooseLanguage(file, { launchLang: undefined, browser: [] }).language.tag).toBe("zh-CN");
    expect(chooseLanguage(file, { launchLang: undefined, browser: ["enx"] }).language.tag).toBe("zh-CN");
  });

  it("refuses a launch lang the list lacks, as a launch issue, and picks the browser's meanwhile", () => {
    const choice = chooseLanguage(file, { launchLang: UNSHIPPED, browser: ["en-US"] });
    expect(choice.issue?.key).toBe("lang");
    expect(choice.language.tag).toBe("en");
    // Exactly a listed tag: the launch names the language, it is not matched as a prefix.
    expect(chooseLanguage(file, { launchLang: "en-US", browser: [] }).issue?.key).toBe("lang");
  });

  it("sets <html lang> and dir", () => {
    applyLanguage(document, { tag: "ar", name: "العربية", dir: "rtl", matches: ["ar"], speech: "ar" });
    expect(document.documentElement.lang).toBe("ar");
    expect(document.documentElement.dir).toBe("rtl");
  });
});

describe("the runtime's language", () => {
  const LAUNCH = "/?url=https%3A%2F%2Fp.example%2Fback&order_no=O-1&h5_face_id=F-1&live_type=1";

  it("a launch with lang=en shows the error screen in English: title, code line and buttons", async () => {
    const flow = setupFlow({ url: `${LAUNCH}&lang=en#/error` });
    expect(flow.rt.language.tag).toBe("en");
    const en = shippedLanguageTexts("en");
    // English's shell texts come with its texts table (the root renders once they are in).
    await flow.rt.shellReady;
    expect(flow.rt.shell.titles).toEqual(en.shell.titles);
    const view = flow.renderScreen(ErrorScreen, "error", { status: "trtc_androidNoWebcamPermission" });
    const entry = shippedErrors.statuses.trtc_androidNoWebcamPermission;
    expect(view.container.querySelector(".ff-error__title")?.textContent).toBe(lookupText(en.texts, entry.title));
    expect(view.container.querySelector(".ff-error__code")?.textContent).toBe("Error code: 3004");
    expect([...view.container.querySelectorAll("button")].map((b) => b.textContent)).toEqual([en.texts.common.quit, en.texts.common.retry]);
    expect(view.container.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("a language whose texts table does not load keeps the default's shell texts and says so in a statistic", async () => {
    const shipped = shippedLanguages();
    const languages = { ...shipped, texts: { ...shipped.texts, en: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")) } };
    const flow = setupFlow({ url: `${LAUNCH}&lang=en#/error`, languages });
    await flow.rt.shellReady;
    expect(flow.rt.language.tag).toBe("en");
    expect(flow.rt.shell.titles).toEqual(shippedLanguageTexts(shippedLanguagesFile.default).shell.titles);
    expect(flow.rt.stats.pending().map((e) => e.name)).toContain("shellLoadFailed");
  });

  it("without lang, a browser that prefers Traditional Chinese gets zh-TW", () => {
    browserSays("zh-TW", "en");
    expect(setupFlow({ url: `${LAUNCH}#/error` }).rt.language.tag).toBe("zh-TW");
  });

  it("keeps the launch's lang on later pages of the launch (stored with the launch)", () => {
    setupFlow({ url: `${LAUNCH}&lang=en#/h5pre` });
    browserSays("zh-CN");
    const later = setupFlow({ url: "/?order_no=O-1&h5_face_id=F-1#/error", keepStorage: true });
    expect(later.rt.language.tag).toBe("en");
  });

  it("a launch naming an unlisted language is a launch issue (the settings error), never another language quietly", () => {
    browserSays("en-US");
    const flow = setupFlow({ url: `${LAUNCH}&lang=fr#/h5pre` });
    expect(flow.rt.launchIssues.map((i) => i.key)).toEqual(["lang"]);
    expect(flow.rt.language.tag).toBe("en");
  });
});
