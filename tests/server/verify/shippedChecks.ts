/** flows/checks.json as the service reads it, and the plan it gives with the shipped checks: what tests judge with. */
import { expect } from "vitest";
import checksJson from "../../../flows/checks.json";
import { checksFileSchema, type ChecksFile } from "../../../schemas/checks";
import { createCheckPlan } from "../../../src/server/verify/checks/checkPlan";
import { PRESENCE_CHECKS } from "../../../src/server/verify/checks/builtin/presence";
import { createServerCheckRegistry, SERVER_CHECKS } from "../../../src/server/verify/checks/registry";

export const shippedChecks = checksFileSchema.parse(checksJson);
export const shippedCheckPlan = createCheckPlan(shippedChecks, createServerCheckRegistry());

/** The presentation-attack checks (checks/builtin/presence.ts): frozen, light, lipSync. */
export const PRESENCE_NAMES: readonly string[] = Object.keys(PRESENCE_CHECKS);

/**
 * The shipped lists, thresholds and registry without the presentation-attack checks. They judge
 * pixel signals and the attempt's own light, which synthetic observations do not carry; their
 * own tests (tests/server/verify/liveness/) make those. For tests about every other check: its
 * order, codes and groups stay the shipped ones.
 */
export function withoutPresence(file: ChecksFile): ChecksFile {
  const keep = (list: readonly string[]) => list.filter((name) => !PRESENCE_NAMES.includes(name));
  const lists = (section: ChecksFile["live"]) => ({ "1": keep(section["1"]), "2": keep(section["2"]), "3": keep(section["3"]) });
  const thresholds = Object.fromEntries(Object.entries(file.thresholds).filter(([name]) => !PRESENCE_NAMES.includes(name)));
  return { ...file, live: lists(file.live), will: lists(file.will), thresholds };
}
export const CHECKS_BUT_PRESENCE = Object.fromEntries(Object.entries(SERVER_CHECKS).filter(([name]) => !PRESENCE_NAMES.includes(name)));
export const checkPlanButPresence = createCheckPlan(withoutPresence(shippedChecks), createServerCheckRegistry(CHECKS_BUT_PRESENCE));

/**
 * The judged checks `names` ran in the order of `list` (a list of flows/checks.json), and hold
 * every one of `members` (the checks a test is about) in that order. A check the recipe adds to
 * the list changes neither: a test says what it is about without copying the shipped lists.
 *
 * @example expectRanInOrder(names(result), shippedChecks.live["3"], ["media", "face", "steady"])
 */
export function expectRanInOrder(names: readonly string[], list: readonly string[], members: readonly string[]): void {
  expect(names, "judged in the list's order").toEqual(list.filter((name) => names.includes(name)));
  expect(names.filter((name) => members.includes(name)), "the checks this test is about").toEqual([...members]);
}
