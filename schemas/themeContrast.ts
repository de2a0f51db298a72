/**
 * WCAG 2.1 AA contrast of the themes (issue 17): every text/background pair of theme tokens the
 * CSS puts together must reach 4.5:1 (1.4.3), and the focus ring 3:1 against what surrounds it
 * (1.4.11). `npm run validate` (so the build) refuses a theme that falls short, naming the
 * theme, the pair and the ratio. The list is kept honest by tests/themes/contrastPairs.test.ts,
 * which derives the pairs the stylesheets use and fails on one missing here.
 */
import type { ThemeTokens, ThemesFile } from "./themes";

export type ColourToken = Exclude<keyof ThemeTokens, "radius">;

/**
 * What a pair's foreground sits on: a token, or `color-mix(in srgb, <mix> <percent>%, <over>)`,
 * where `over` is a token, or a fixed colour standing for what shows through (a camera image
 * can be anything from white to black).
 */
export type Ground = ColourToken | { mix: ColourToken; percent: number; over: ColourToken | `#${string}` };

export interface ContrastPair {
  fg: ColourToken;
  bg: Ground;
  /** 4.5 for text; 3 for the focus ring and other non-text indicators. */
  min: 4.5 | 3;
  /** Where the stylesheets use it, for the message. */
  use: string;
}

const PAGE_GROUNDS = ["background", "surface"] as const;

/** A translucent `mix` over the page grounds and over the extremes of a camera image. */
function scrims(mix: ColourToken, percent: number): Ground[] {
  const overs: (ColourToken | `#${string}`)[] = [...PAGE_GROUNDS, "#ffffff", "#000000"];
  return overs.map((over) => ({ mix, percent, over }));
}

/** Text tokens that sit straight on the page or on a card, a panel, a dialog or a field. */
const groundText = (fg: ColourToken, use: string): ContrastPair[] => PAGE_GROUNDS.map((bg) => ({ fg, bg, min: 4.5, use }));

export const THEME_CONTRAST_PAIRS: readonly ContrastPair[] = [
  ...groundText("text", "body text, titles, fields"),
  ...groundText("textSecondary", "secondary text, hints, labels"),
  ...groundText("primary", "links, prompts, the digits, secondary actions (.ff-link, .ff-rec-actions__now, .ff-modal__btn--right)"),
  ...groundText("danger", "warnings and face-guidance hints (.ff-demo-note--warn, .ff-guidance-hint)"),
  ...groundText("success", "the face-guidance ok hint, the signature check (.ff-guidance-hint--ok)"),
  { fg: "primaryText", bg: "primary", min: 4.5, use: "primary buttons and numbered badges (.ff-btn--primary, .ff-chip__index, .ff-demo-logo)" },
  { fg: "surface", bg: "text", min: 4.5, use: "the toast without color-mix() (.ff-toast)" },
  ...PAGE_GROUNDS.map((over): ContrastPair => ({ fg: "surface", bg: { mix: "text", percent: 88, over }, min: 4.5, use: "the toast (.ff-toast)" })),
  ...scrims("text", 72).map((bg): ContrastPair => ({ fg: "surface", bg, min: 4.5, use: "the countdown over the camera (.ff-rec-countdown)" })),
  ...scrims("text", 80).map((bg): ContrastPair => ({ fg: "surface", bg, min: 4.5, use: "the recording badge over the camera (.ff-rec-badge)" })),
  { fg: "text", bg: "border", min: 4.5, use: "counts and done steps on a border-coloured chip (.gallery-group__count, .ff-chip--done .ff-chip__index)" },
  ...(["text", "primary", "textSecondary"] as const).map((fg): ContrastPair => ({ fg, bg: { mix: "primary", percent: 7, over: "surface" }, min: 4.5, use: "a chosen demo mode (.ff-demo-mode[data-checked])" })),
  { fg: "primary", bg: { mix: "primary", percent: 9, over: "surface" }, min: 4.5, use: "a chosen demo action (.ff-demo-chip[aria-pressed=true])" },
  ...(["text", "textSecondary", "danger", "primary"] as const).map((fg): ContrastPair => ({ fg, bg: { mix: "danger", percent: 8, over: "surface" }, min: 4.5, use: "the demo's alert with its link, and a failed signature check (.ff-demo-alert, .ff-demo-signature--invalid)" })),
  ...(["text", "textSecondary", "success"] as const).map((fg): ContrastPair => ({ fg, bg: { mix: "success", percent: 8, over: "surface" }, min: 4.5, use: "a valid signature check (.ff-demo-signature--valid)" })),
  ...PAGE_GROUNDS.map((bg): ContrastPair => ({ fg: "primary", bg, min: 3, use: "the keyboard focus ring (:focus-visible)" })),
  { fg: "primary", bg: "border", min: 3, use: "a progress bar's or the recording ring's fill against its track (.ff-rec-upload__fill, .ff-rec-ring__done)" },
  ...PAGE_GROUNDS.map((bg): ContrastPair => ({ fg: "textSecondary", bg, min: 3, use: "the edge of a text field (.ff-demo-input, .ff-copy__input)" })),
];

/** sRGB channels 0..255 of `#rrggbb`. */
function rgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: "${hex}"`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

/** WCAG 2.1 relative luminance of an sRGB colour given as 0..255 channels. */
export function relativeLuminance([r, g, b]: readonly [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2.1 contrast ratio, 1..21. Example: contrastRatio("#ffffff", "#000000") === 21. */
export function contrastRatio(a: string | readonly [number, number, number], b: string | readonly [number, number, number]): number {
  const la = relativeLuminance(typeof a === "string" ? rgb(a) : a);
  const lb = relativeLuminance(typeof b === "string" ? rgb(b) : b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The ground's colour in a theme, as color-mix(in srgb, …) renders it. */
export function groundColour(tokens: ThemeTokens, ground: Ground): [number, number, number] {
  if (typeof ground === "string") return rgb(tokens[ground]);
  const top = rgb(tokens[ground.mix]);
  const under = rgb(ground.over.startsWith("#") ? ground.over : tokens[ground.over as ColourToken]);
  const p = ground.percent / 100;
  return [0, 1, 2].map((i) => Math.round(top[i]! * p + under[i]! * (1 - p))) as [number, number, number];
}

/** How a ground reads in a message: `primary` or `color-mix(text 88% over surface)`. */
export function groundName(ground: Ground): string {
  return typeof ground === "string" ? ground : `color-mix(${ground.mix} ${ground.percent}% over ${ground.over})`;
}

const hex = ([r, g, b]: readonly number[]) => `#${[r, g, b].map((c) => c!.toString(16).padStart(2, "0")).join("")}`;

/**
 * Every pair of every theme below its minimum, as messages naming theme, pair, colours and ratio
 * (empty when all pass). Ratios are shown rounded down, so a failing pair never reads as passing.
 */
export function themeContrastProblems(file: ThemesFile, pairs: readonly ContrastPair[] = THEME_CONTRAST_PAIRS): string[] {
  const problems: string[] = [];
  for (const [id, theme] of Object.entries(file.themes)) {
    for (const pair of pairs) {
      const bg = groundColour(theme.tokens, pair.bg);
      const ratio = contrastRatio(theme.tokens[pair.fg], bg);
      if (ratio >= pair.min) continue;
      problems.push(
        `themes/themes.json: theme "${id}": ${pair.fg} ${theme.tokens[pair.fg]} on ${groundName(pair.bg)} ${hex(bg)} is ${(Math.floor(ratio * 100) / 100).toFixed(2)}:1, needs ${pair.min}:1 (${pair.use})`,
      );
    }
  }
  return problems;
}
