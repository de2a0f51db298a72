/**
 * DOM tests run as a zh-CN browser would, as the e2e suite's browser does (playwright.config.ts
 * `locale`): jsdom says en-US, which the runtime would now honour (src/runtime/language.ts). A
 * test of the language choice sets navigator.languages itself.
 */
if (typeof navigator !== "undefined" && typeof window !== "undefined") {
  Object.defineProperty(window.navigator, "languages", { value: ["zh-CN", "zh"], configurable: true });
  Object.defineProperty(window.navigator, "language", { value: "zh-CN", configurable: true });
}
