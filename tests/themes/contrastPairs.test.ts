import { describe, expect, it } from "vitest";
import { groundName, THEME_CONTRAST_PAIRS, type ColourToken, type Ground } from "../../schemas/themeContrast";
import { readStylesheets, type CssRule } from "./cssRules";

/**
 * Backgrounds that hold no text: bars, dots, the camera's frame, the backdrop behind the dialog
 * (the dialog has its own surface), a picture's placeholder. Their colours are not text grounds.
 */
const NO_TEXT_ON = new Set([
  ".ff-modal",
  ".ff-result__picture",
  ".ff-verifying__bar",
  ".ff-verifying__fill",
  ".ff-realtime__progress",
  ".ff-realtime__bar",
  ".ff-checks__icon",
  ".ff-splash__point::before",
  ".ff-camera",
  ".ff-rec-badge__dot",
  ".gallery-frame",
  ".gallery-iframe",
  ".gallery-theme__swatch",
]);

const PAGE_GROUNDS = ["background", "surface"] as const;
const TOKEN = /^var\(--ff-(\w+)\)$/;
const MIX = /^color-mix\(in srgb, var\(--ff-(\w+)\) (\d+(?:\.\d+)?)%, (?:var\(--ff-(\w+)\)|(transparent))\)$/;
const KEYWORD = /^(inherit|currentcolor|transparent|none|initial|unset)$/i;

/** The grounds a background declaration paints, or a complaint about a colour not from the theme. */
function grounds(value: string): Ground[] | string {
  const v = value.trim();
  if (KEYWORD.test(v) || /gradient\(|url\(/.test(v)) return [];
  const token = TOKEN.exec(v);
  if (token) return [token[1] as ColourToken];
  const mix = MIX.exec(v);
  if (mix) {
    const [, top, percent, over] = mix;
    const overs = over ? [over as ColourToken] : [...PAGE_GROUNDS];
    return overs.map((o) => ({ mix: top as ColourToken, percent: Number(percent), over: o }));
  }
  return `background "${v}" is not a theme token`;
}

interface Need {
  fg: ColourToken;
  bg: Ground;
  where: string;
}

/** The text/background pairs one rule puts together, and its colours that are not the theme's. */
function pairsOf(rule: CssRule): { needs: Need[]; hardCoded: string[] } {
  const where = `${rule.file}: ${rule.selectors.join(", ")}`;
  const hardCoded: string[] = [];
  const fgs: ColourToken[] = [];
  const bgs: Ground[] = [];
  for (const d of rule.decls) {
    if (d.prop === "color") {
      const token = TOKEN.exec(d.value);
      if (token) fgs.push(token[1] as ColourToken);
      else if (!KEYWORD.test(d.value)) hardCoded.push(`${where}: color "${d.value}" is not a theme token`);
    } else if (d.prop === "background" || d.prop === "background-color") {
      const g = grounds(d.value);
      if (typeof g === "string") hardCoded.push(`${where}: ${g}`);
      else bgs.push(...g);
    }
  }
  const needs: Need[] = [];
  for (const fg of fgs) for (const bg of bgs.length ? bgs : PAGE_GROUNDS) needs.push({ fg, bg, where });
  const decorative = rule.selectors.every((s) => NO_TEXT_ON.has(s));
  if (!fgs.length && !decorative) for (const bg of bgs) needs.push({ fg: "text", bg, where });
  return { needs, hardCoded };
}

function derive(rules: readonly CssRule[]) {
  const found = rules.map(pairsOf);
  return { needs: found.flatMap((f) => f.needs), hardCoded: found.flatMap((f) => f.hardCoded) };
}

const listed = new Set(THEME_CONTRAST_PAIRS.filter((p) => p.min === 4.5).map((p) => `${p.fg} on ${groundName(p.bg)}`));
const unlisted = (needs: readonly Need[]) => needs.filter((n) => !listed.has(`${n.fg} on ${groundName(n.bg)}`)).map((n) => `${n.fg} on ${groundName(n.bg)} (${n.where})`);

describe("the contrast pairs validate checks", () => {
  const { rules } = readStylesheets();

  it("include every text/background pair of theme tokens the stylesheets put together", () => {
    const { needs } = derive(rules);
    expect(needs.length).toBeGreaterThan(50);
    expect(unlisted(needs)).toEqual([]);
  });

  it("would miss a new pairing, so the list cannot fall behind the stylesheets", () => {
    const rule: CssRule = { file: "new.css", selectors: [".ff-new"], at: [], decls: [
      { prop: "background", value: "var(--ff-primary)", important: false },
      { prop: "color", value: "var(--ff-textSecondary)", important: false },
    ] };
    expect(unlisted(derive([rule]).needs)).toEqual(["textSecondary on primary (new.css: .ff-new)"]);
  });

  it("leave no text or text background coloured outside the theme", () => {
    expect(derive(rules).hardCoded).toEqual([]);
    const rule: CssRule = { file: "old.css", selectors: [".ff-badge"], at: [], decls: [
      { prop: "background", value: "rgba(0, 0, 0, 0.55)", important: false },
      { prop: "color", value: "#fff", important: false },
    ] };
    expect(derive([rule]).hardCoded).toEqual(['old.css: .ff-badge: background "rgba(0, 0, 0, 0.55)" is not a theme token', 'old.css: .ff-badge: color "#fff" is not a theme token']);
  });
});
