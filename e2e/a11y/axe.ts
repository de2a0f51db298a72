/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it is now (issue 17), for the a11y specs:
 * a check fails on any violation and its message names, for each, the rule, the elements
 * (their selectors) and axe's summary of what to fix, so a failing run says where to look.
 *
 * Legacy mode runs axe in the page itself: the default mode opens a blank page per check to
 * merge the frames' results, and these pages have no frames worth checking.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { appendFileSync } from "node:fs";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] as const;

/** One violation as a test prints it and the A11Y_FINDINGS_LOG file (when set) records it. */
export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/** axe's violations on `page` under the WCAG 2.1 A/AA tags, without the rules named in `disable`. */
export async function axeFindings(page: Page, options: { disable?: readonly string[] } = {}): Promise<Finding[]> {
  // options() replaces what withTags() set, so it comes first.
  const builder = new AxeBuilder({ page }).options({ iframes: false }).withTags([...WCAG_TAGS]).setLegacyMode(true);
  if (options.disable?.length) builder.disableRules([...options.disable]);
  const results = await builder.analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? "unknown",
    help: v.help,
    targets: v.nodes.map((n) => n.target.map(String).join(" >>> ")),
    summary: v.nodes.map((n) => n.failureSummary ?? "").filter(Boolean)[0] ?? "",
  }));
}

/**
 * Waits for the page to have faded in and its finite animations to end: axe judges the colours
 * as drawn, and half-faded text has a contrast it will not have a moment later. Endless ones
 * (a spinner) are left running.
 */
export async function animationsDone(page: Page): Promise<void> {
  // The app fades in once its wrapper is ready, 500 ms after mounting (spec §2 root wrapper).
  await page.waitForFunction(() => [...document.querySelectorAll(".ff-wrapper")].every((w) => w instanceof HTMLElement && w.dataset.ready === "true"));
  await page.evaluate(async () => {
    // A class set in this frame starts its transition only at the next style update: two frames
    // first, so a fade that has just been asked for is among the animations waited for.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** The violations as readable lines: rule, impact, help, each target, axe's fix summary. */
export function describeFindings(findings: readonly Finding[]): string {
  return findings
    .map((f) => [`[${f.rule}] (${f.impact}) ${f.help}`, ...f.targets.map((t) => `    at ${t}`), `    ${f.summary.replace(/\n\s*/g, " | ")}`].join("\n"))
    .join("\n");
}

/**
 * Fails the test (softly: the other screens of a group are still checked and reported) when
 * axe finds violations on `screen`, the name of what the page shows (route, state, theme, language).
 */
export async function expectAccessible(page: Page, screen: string, options: { disable?: readonly string[] } = {}): Promise<void> {
  await animationsDone(page);
  const findings = await axeFindings(page, options);
  // A run can also list what it found, one JSON line per violation, for a findings report.
  const log = process.env.A11Y_FINDINGS_LOG;
  if (log) for (const f of findings) appendFileSync(log, `${JSON.stringify({ screen, ...f })}\n`);
  expect.soft(findings.length === 0 ? "" : `\n${describeFindings(findings)}\n`, `axe: ${screen}`).toBe("");
}
