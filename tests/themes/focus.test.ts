import { describe, expect, it } from "vitest";
import { THEME_CONTRAST_PAIRS } from "../../schemas/themeContrast";
import { parseCss, readStylesheets, type Stylesheets } from "./cssRules";

const FOCUS = /:focus-visible|:focus-within|:focus\b/;
const TOKEN_RING = /^(\d+)px solid var\(--ff-(\w+)\)$/;
const NO_OUTLINE = /^(none|0|0px|transparent)\b|\btransparent\b/;

/** What keeps the keyboard focus from being visible on some element, in every theme. */
function focusProblems({ rules }: Stylesheets): string[] {
  const problems: string[] = [];
  const global = rules.find((r) => !r.at.length && r.selectors.some((s) => s === ":focus-visible" || s === "*:focus-visible"));
  const ring = global?.decls.find((d) => d.prop === "outline");
  const m = ring && TOKEN_RING.exec(ring.value);
  if (!m) problems.push("no rule gives every focusable element a ring: expected `:focus-visible { outline: <n>px solid var(--ff-<token>) }` outside any @media");
  else {
    if (Number(m[1]) < 2) problems.push(`the focus ring is ${m[1]}px; at least 2px`);
    for (const bg of ["background", "surface"]) {
      if (!THEME_CONTRAST_PAIRS.some((p) => p.fg === m[2] && p.bg === bg && p.min >= 3)) problems.push(`the focus ring's colour ${m[2]} is not held to 3:1 against ${bg} in schemas/themeContrast.ts`);
    }
  }
  for (const rule of rules) {
    const where = `${rule.file}: ${rule.selectors.join(", ")}`;
    for (const d of rule.decls) {
      if (!/^outline(-style|-width|-color)?$/.test(d.prop)) continue;
      const keyboardOnly = rule.selectors.every((s) => /:not\(:focus-visible\)/.test(s));
      if (keyboardOnly && (d.prop === "outline" || d.prop === "outline-style") && /^none$/.test(d.value)) continue;
      if (!rule.selectors.every((s) => FOCUS.test(s))) problems.push(`${where}: sets ${d.prop} "${d.value}" outside focus, which would override the focus ring`);
      else if (NO_OUTLINE.test(d.value)) problems.push(`${where}: removes the focus ring (${d.prop}: ${d.value})`);
      else if (d.prop === "outline" && !TOKEN_RING.test(d.value)) problems.push(`${where}: focus ring "${d.value}" is not <n>px solid in a theme colour`);
      else if (d.prop === "outline" && TOKEN_RING.exec(d.value)?.[2] !== m?.[2]) problems.push(`${where}: focus ring colour differs from the checked one`);
    }
  }
  return problems;
}

describe("visible keyboard focus (WCAG 2.4.7, 1.4.11)", () => {
  it("every focusable element gets a 3px ring of a colour held to 3:1, and nothing takes it away", () => {
    expect(focusProblems(readStylesheets())).toEqual([]);
  });

  it("refuses stylesheets without a ring, or that remove one", () => {
    expect(focusProblems(parseCss(`.a:focus { outline: none; } .b { outline: 0; } .c:focus-visible { outline: 2px solid #ccc; }`))).toEqual([
      "no rule gives every focusable element a ring: expected `:focus-visible { outline: <n>px solid var(--ff-<token>) }` outside any @media",
      "(inline): .a:focus: removes the focus ring (outline: none)",
      '(inline): .b: sets outline "0" outside focus, which would override the focus ring',
      '(inline): .c:focus-visible: focus ring "2px solid #ccc" is not <n>px solid in a theme colour',
    ]);
  });

  it("lets a rule hide the ring of a pointer focus only", () => {
    expect(focusProblems(parseCss(`:focus-visible { outline: 3px solid var(--ff-primary); } .m:has(:focus:not(:focus-visible)) { outline: none; }`))).toEqual([]);
  });
});
