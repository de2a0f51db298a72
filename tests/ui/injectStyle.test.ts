// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { injectStyle } from "../../src/ui/injectStyle";

describe("a lazy screen's styles", () => {
  it("are added after the page's stylesheet, so they apply as soon as the screen renders", () => {
    document.head.innerHTML = `<link rel="stylesheet" href="/assets/main.css">`;
    document.body.innerHTML = `<p class="ff-x">x</p>`;
    injectStyle(".ff-x{display:none}");
    expect(document.head.lastElementChild?.tagName).toBe("STYLE");
    expect(getComputedStyle(document.querySelector(".ff-x")!).display).toBe("none");
  });
});
