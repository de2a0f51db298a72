/**
 * Moving through a page with the keyboard alone, for the keyboard-only test (issue 17): Tab
 * (or Shift+Tab) until a control is focused, checking at every stop that the focus can be
 * seen: the focused element, or the label that wraps it (a styled radio or tick box), draws an
 * outline or a box shadow.
 */
import { expect, type Page } from "@playwright/test";

export interface Focused {
  /** The focused element's role (explicit, else link, its input type or its tag) and name, as read from the DOM. */
  role: string;
  name: string;
  /** Its outline or box shadow (or its wrapping label's), "none" when there is neither. */
  indicator: string;
}

/** What has the focus now. */
export async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return { role: "body", name: "", indicator: "none" };
    const byIds = (ids: string | null) => (ids ? ids.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? "").join(" ") : "");
    const labels = el instanceof HTMLInputElement && el.labels ? [...el.labels].map((l) => l.textContent ?? "").join(" ") : "";
    const name = el.getAttribute("aria-label") ?? (byIds(el.getAttribute("aria-labelledby")) || labels || (el.textContent ?? ""));
    const role = el.getAttribute("role") ?? (el instanceof HTMLInputElement ? el.type : el instanceof HTMLAnchorElement && el.href ? "link" : el.tagName.toLowerCase());
    const drawn = (target: Element) => {
      const style = getComputedStyle(target);
      const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 ? `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}` : "";
      const shadow = style.boxShadow !== "none" ? `box-shadow ${style.boxShadow}` : "";
      return outline || shadow;
    };
    const label = el.closest("label");
    const indicator = drawn(el) || (label && label !== el ? drawn(label) : "") || "none";
    return { role, name: name.replace(/\s+/g, " ").trim(), indicator };
  });
}

/**
 * Once the control is there and enabled, presses Tab (Shift+Tab with `backwards`) until the
 * focused element has `role` and a name matching `name`, at most `max` times; every element passed on the way must show its focus
 * (a soft check: the walk goes on, and the test fails with each element that did not).
 */
export async function tabTo(page: Page, role: "button" | "link" | "checkbox" | "radio", name: RegExp, options: { backwards?: boolean; max?: number } = {}): Promise<void> {
  // As a user waits for the page to be ready (a button enabled once its data has come).
  await expect(page.getByRole(role, { name }).first()).toBeEnabled();
  const passed: string[] = [];
  const start = await focused(page);
  // Already there (the page put the focus on it, as on the tick box a start without it asks for).
  if (start.role === role && name.test(start.name)) return;
  for (let i = 0; i < (options.max ?? 40); i += 1) {
    await page.keyboard.press(options.backwards ? "Shift+Tab" : "Tab");
    const now = await focused(page);
    if (now.role === "body") continue;
    passed.push(`${now.role} "${now.name}"`);
    expect.soft(now.indicator, `visible focus on ${now.role} "${now.name}"`).not.toBe("none");
    if (now.role === role && name.test(now.name)) return;
  }
  throw new Error(`no ${role} named ${name} reached with ${options.backwards ? "Shift+Tab" : "Tab"}; focus went through: ${passed.join(", ")}`);
}

/**
 * Waits for the focus to reach the new page's start (its h1, else <main>), where the flow puts
 * it after each page change so that reading and Tab go on from the page's top; the keys a
 * test presses next then go where the user's would.
 */
export async function expectFocusAtPageStart(page: Page): Promise<void> {
  const where = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (active?.matches("main h1, main")) return "the page's start";
      return active ? `${active.tagName.toLowerCase()} "${(active.textContent ?? "").trim().slice(0, 30)}"` : "nothing";
    });
  await expect.poll(where, { message: "focus moved to the new page's heading" }).toBe("the page's start");
}
