import { describe, expect, it } from "vitest";
import { parseCss, readStylesheets, REDUCED_MOTION, splitTop, type CssRule, type Keyframes, type Stylesheets } from "./cssRules";

/** Properties whose change alters what an element's pixels look like in luminance (a flash, if repeated). */
const LUMINANCE = /^(opacity|visibility|color|background(-color)?|filter|fill|stroke|border(-\w+)?-color|box-shadow|display)$/;

interface Animation {
  name: string;
  seconds: number;
  infinite: boolean;
  count: number;
  alternate: boolean;
}

function seconds(token: string): number | null {
  const m = /^(\d*\.?\d+)(ms|s)$/.exec(token);
  return m ? Number(m[1]) / (m[2] === "ms" ? 1000 : 1) : null;
}

/** The animations an `animation` shorthand declares; a name with no @keyframes is reported. */
function animations(value: string, keyframes: Map<string, Keyframes>): (Animation | string)[] {
  if (value.trim() === "none") return [];
  return splitTop(value).map((one) => {
    const tokens = one.split(/\s+(?![^(]*\))/);
    const name = tokens.find((t) => keyframes.has(t));
    if (!name) return `animation "${one}" names no @keyframes of the stylesheets`;
    const duration = tokens.map(seconds).find((s) => s !== null) ?? 0;
    const count = tokens.find((t) => /^\d*\.?\d+$/.test(t));
    return { name, seconds: duration, infinite: tokens.includes("infinite"), count: count ? Number(count) : 1, alternate: tokens.some((t) => t.startsWith("alternate")) };
  });
}

/**
 * Flashes a second: each change of a luminance property between consecutive keyframes (and
 * back to the start for a repeating, non-alternating animation) is half a flash. An animation
 * that flashes three times or fewer in all cannot flash more than three times in a second.
 */
function flashesPerSecond(a: Animation, k: Keyframes): number {
  const stops = k.stops.flatMap((s) => s.offsets.map((offset) => ({ offset, decls: s.decls.filter((d) => LUMINANCE.test(d.prop)) })));
  const props = new Set(stops.flatMap((s) => s.decls.map((d) => d.prop)));
  if (!props.size) return 0;
  const at = (offset: number) => JSON.stringify([...props].map((p) => stops.find((s) => s.offset === offset && s.decls.some((d) => d.prop === p))?.decls.find((d) => d.prop === p)?.value ?? "base"));
  const offsets = [...new Set([0, 1, ...stops.map((s) => s.offset)])].sort((x, y) => x - y);
  const values = offsets.map(at);
  let changes = values.slice(1).filter((v, i) => v !== values[i]).length;
  if (a.infinite && !a.alternate && values[0] !== values.at(-1)) changes++;
  const perCycle = changes / 2;
  if (!a.infinite && perCycle * a.count <= 3) return 0;
  return a.seconds > 0 ? perCycle / a.seconds : Infinity;
}

const isReduced = (r: CssRule) => r.at.includes(REDUCED_MOTION);
const decl = (r: CssRule, prop: string) => r.decls.filter((d) => d.prop === prop).at(-1);

/** Every animation or transition that flashes, or that reduced motion leaves running. */
function motionProblems({ rules, keyframes }: Stylesheets): string[] {
  const problems: string[] = [];
  const reduced = rules.filter(isReduced);
  const universal = reduced.find((r) => r.selectors.includes("*"));
  const stopsAll = (prop: string) => universal && decl(universal, prop)?.value === "none" && decl(universal, prop)?.important;
  for (const rule of rules) {
    const where = `${rule.file}: ${rule.selectors.join(", ")}${isReduced(rule) ? " (reduced motion)" : ""}`;
    for (const d of rule.decls) {
      if (d.prop.startsWith("animation-")) problems.push(`${where}: use the animation shorthand, which this test reads`);
      if (d.prop !== "animation") continue;
      const own = reduced.find((r) => r !== rule && r.selectors.some((s) => rule.selectors.includes(s)) && decl(r, "animation"));
      for (const a of animations(d.value, keyframes)) {
        if (typeof a === "string") {
          problems.push(`${where}: ${a}`);
          continue;
        }
        const k = keyframes.get(a.name)!;
        const rate = flashesPerSecond(a, k);
        if (rate > 3) problems.push(`${where}: ${a.name} flashes ${rate.toFixed(1)} times a second; at most 3`);
        if (isReduced(rule)) {
          const moving = k.stops.some((s) => s.decls.some((x) => x.prop !== "transform"));
          if (moving || a.seconds < 2) problems.push(`${where}: under reduced motion only a slow turn (transform only, 2 s or longer) may stay; ${a.name} changes more or runs in ${a.seconds}s`);
        } else if (!own && !(stopsAll("animation") && !d.important)) {
          problems.push(`${where}: ${a.name} keeps running under prefers-reduced-motion: reduce`);
        }
      }
    }
    const t = decl(rule, "transition") ?? decl(rule, "transition-duration");
    if (t && !isReduced(rule) && !/^(none|0m?s)$/.test(t.value)) {
      const own = reduced.some((r) => r.selectors.some((s) => rule.selectors.includes(s)) && /^(none|0m?s)$/.test(decl(r, "transition")?.value ?? ""));
      if (!own && !(stopsAll("transition") && !t.important)) problems.push(`${where}: transition "${t.value}" stays under prefers-reduced-motion: reduce`);
    }
  }
  return problems;
}

describe("motion and flashing (WCAG 2.3.1, 2.3.3)", () => {
  const sheets = readStylesheets();

  it("finds the app's animations and transitions", () => {
    const animated = sheets.rules.filter((r) => !isReduced(r) && r.decls.some((d) => d.prop === "animation" || d.prop === "transition"));
    expect(animated.map((r) => r.selectors[0])).toEqual(expect.arrayContaining([".ff-spinner", ".ff-rec-badge__dot", ".ff-modal", ".ff-verifying__fill", ".ff-btn"]));
  });

  it("nothing flashes more than three times a second, and reduced motion stops every animation and transition but a slow spinner", () => {
    expect(motionProblems(sheets)).toEqual([]);
  });

  it("refuses a fast blink, and an animation or transition reduced motion does not stop", () => {
    const css = parseCss(`
      @keyframes blink { 50% { opacity: 0; } }
      @keyframes turn { to { transform: rotate(1turn); } }
      .a { animation: blink 250ms steps(2) infinite; }
      .b { animation: turn 1s linear infinite; transition: opacity 0.2s; }
      .c { animation: blink 1s steps(2) infinite; }
      @media (prefers-reduced-motion: reduce) { .c { animation: blink 4s infinite; } }
    `);
    expect(motionProblems(css)).toEqual([
      "(inline): .a: blink flashes 4.0 times a second; at most 3",
      "(inline): .a: blink keeps running under prefers-reduced-motion: reduce",
      "(inline): .b: turn keeps running under prefers-reduced-motion: reduce",
      '(inline): .b: transition "opacity 0.2s" stays under prefers-reduced-motion: reduce',
      "(inline): .c (reduced motion): under reduced motion only a slow turn (transform only, 2 s or longer) may stay; blink changes more or runs in 4s",
    ]);
  });

  it("lets a fade that runs once, and a one-a-second blink, be", () => {
    const css = parseCss(`
      @keyframes fade { from { opacity: 0; } }
      @keyframes blink { to { visibility: hidden; } }
      .a { animation: fade 0.15s ease-out; }
      .b { animation: blink 1s steps(2, start) infinite; }
      @media (prefers-reduced-motion: reduce) { *, *::before, *::after { animation: none !important; transition: none !important; } }
    `);
    expect(motionProblems(css)).toEqual([]);
  });
});
