/**
 * The light log (src/capture/lightLog.ts): each colour's first time on screen, sent relative to
 * the recording's zero; a colour already up at the zero counts from 0, and only the latest such.
 */
import { describe, expect, it } from "vitest";
import { lightShownSchema } from "../../schemas/lightChallenge";
import { createLightLog } from "../../src/capture/lightLog";

describe("createLightLog", () => {
  it("keeps each segment's first time, relative to the zero, the one up at the zero at 0", () => {
    const log = createLightLog();
    log.shown(0, 900);
    log.shown(1, 1_300);
    log.shown(1, 1_340); // shown again in a later frame: the first time stays
    log.shown(2, 1_812.6);
    const shown = log.relativeTo(1_000);
    expect(shown).toEqual([
      { index: 0, atMs: 0 },
      { index: 1, atMs: 300 },
      { index: 2, atMs: 813 },
    ]);
    expect(lightShownSchema.safeParse(shown).success).toBe(true);
    // Two segments before the zero: only the latest was on screen at it.
    expect(log.relativeTo(1_500)).toEqual([
      { index: 1, atMs: 0 },
      { index: 2, atMs: 313 },
    ]);
  });

  it("forgets the previous showing on restart, and ignores indexes outside the contract", () => {
    const log = createLightLog();
    log.shown(0, 10);
    log.restart();
    log.shown(40, 20);
    log.shown(-1, 20);
    log.shown(3, 50);
    expect(log.relativeTo(0)).toEqual([{ index: 3, atMs: 50 }]);
  });
});
