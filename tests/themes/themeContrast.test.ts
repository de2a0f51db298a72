import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contrastRatio, themeContrastProblems } from "../../schemas/themeContrast";
import { themesFileSchema, type ThemesFile } from "../../schemas/themes";

const shipped: ThemesFile = themesFileSchema.parse(JSON.parse(readFileSync(join(import.meta.dirname, "../../themes/themes.json"), "utf8")));

/** The shipped themes with one theme's tokens changed. */
function withTokens(id: keyof ThemesFile["themes"], tokens: Partial<ThemesFile["themes"][""]["tokens"]>): ThemesFile {
  const theme = shipped.themes[id]!;
  return { themes: { ...shipped.themes, [id]: { ...theme, tokens: { ...theme.tokens, ...tokens } } } };
}

describe("WCAG contrast of the themes", () => {
  it("computes WCAG 2.1 ratios", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBe(21);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ffffff", "#767676")).toBe(contrastRatio("#767676", "#ffffff"));
  });

  it("passes every shipped theme", () => {
    expect(themeContrastProblems(shipped)).toEqual([]);
  });

  it("refuses a theme whose button text is too faint, naming the theme, the pair and the ratio", () => {
    // The green theme's former primary colour: white on it is 2.38:1.
    const problems = themeContrastProblems(withTokens("03", { primary: "#07c160" }));
    expect(problems).toContain(
      'themes/themes.json: theme "03": primaryText #ffffff on primary #07c160 is 2.38:1, needs 4.5:1 (primary buttons and numbered badges (.ff-btn--primary, .ff-chip__index, .ff-demo-logo))',
    );
    expect(problems.some((p) => p.includes('primary #07c160 on background #f5f6f8') && p.includes("needs 3:1 (the keyboard focus ring"))).toBe(true);
    expect(problems.every((p) => p.includes('theme "03"'))).toBe(true);
  });

  it("checks text on a tinted ground as the browser mixes it", () => {
    // Passes on white (4.63:1) but not on the 8% danger tint of the demo's alert.
    const problems = themeContrastProblems(withTokens("", { danger: "#d83a40" }));
    expect(problems.some((p) => p.includes("danger #d83a40 on color-mix(danger 8% over surface)"))).toBe(true);
    expect(problems.some((p) => p.includes("danger #d83a40 on surface"))).toBe(false);
  });

  it("holds text over the camera to 4.5:1 whatever the camera shows", () => {
    const problems = themeContrastProblems(withTokens("", { text: "#6b7079" }));
    expect(problems.some((p) => p.includes("surface #ffffff on color-mix(text 72% over #ffffff)") && p.includes("countdown"))).toBe(true);
  });
});
