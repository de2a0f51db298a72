/**
 * The replay check's lookup of a copy played faster or slower as a whole (replayCheck.ts,
 * shapeKeys.ts): the copy is compared only with the stored recordings its keys find, so its
 * keys must find its original whatever the tempo (0.8-1.25), the trim (up to 280 ms) and the
 * pitch, with its picture mirrored (every frame hash moved, so the frames' keys find nothing).
 * A number take is four digits, a syllable each: the keys that counted four intervals of 67 ms
 * needed five peaks and made none for it, and the intervals a copy at another tempo rescales.
 * Then, with the lookup wider: honest takes of other words, found as candidates, are still
 * not replays (the comparison decides at unchanged thresholds), and a recording is stored under
 * and looked up by a bounded number of keys however long it is.
 */
import { describe, expect, it } from "vitest";
import type { MediaFingerprint } from "../../../schemas/mediaFingerprint";
import type { FingerprintsRepo, StoredFingerprint } from "../../../src/server/store/fingerprints";
import { findReplay } from "../../../src/server/verify/fingerprint/replayCheck";
import { REPLAY_DEFAULTS } from "../../../src/server/verify/fingerprint/replayThresholds";
import { MAX_SHAPE_KEYS } from "../../../src/server/verify/fingerprint/shapeKeys";
import { replayLookups, storedKeys } from "../../../src/server/verify/fingerprint/replayCheck";
import { voiceSeries } from "../../../src/server/verify/fingerprint/voiceSeries";
import { mouthOf, onsets, speech } from "./syntheticSpeech";

const FRAMES = "0f1e2d3c4b5a6978".repeat(20);
const MIRRORED = "f0e1d2c3b4a59687".repeat(20);

/** A store of fingerprints in memory that keeps what each lookup returned: the candidates a copy is compared with. */
function memoryFingerprints() {
  const rows: { record: StoredFingerprint; keys: Set<number> }[] = [];
  const returned: number[] = [];
  const repo: FingerprintsRepo = {
    async serializeLookups() {},
    async insert(record, keys) {
      if (!rows.some((r) => r.record.attemptId === record.attemptId)) rows.push({ record, keys: new Set(keys) });
    },
    async candidates(keys, { exceptAttemptId, limit }) {
      const hits = rows
        .filter((r) => r.record.attemptId !== exceptAttemptId)
        .map((r) => ({ r, shared: keys.filter((k) => r.keys.has(k)).length }))
        .filter((h) => h.shared > 0)
        .sort((a, b) => b.shared - a.shared)
        .slice(0, limit)
        .map((h) => h.r.record);
      returned.push(...hits.map((h) => h.attemptId));
      return hits;
    },
    async purgeBefore() {
      return 0;
    },
  };
  return { repo, returned };
}

/** A take of `syllables` (onsets in ms), its mouth opening on each. */
const take = (syllables: number[], o: { f0: number; seed: number; syllableMs?: number; openMs?: number; frames?: string; durationMs?: number }): MediaFingerprint => ({
  version: 1,
  frames: o.frames ?? FRAMES,
  audio: null,
  mouth: mouthOf(syllables, o.openMs, o.durationMs),
  voice: voiceSeries(speech(syllables, o)),
});

/** `words` played at `tempo`, the copy's first `trimMs` cut, its picture mirrored. */
const copyOf = (words: number[], tempo: number, trimMs: number, keepPitch: boolean) =>
  take(
    words.map((t) => t / tempo - trimMs),
    { f0: keepPitch ? 180 : 180 * tempo, seed: 2, syllableMs: 160 / tempo, openMs: 180 / tempo, frames: MIRRORED },
  );

const subject = (attemptId: number, fingerprint: MediaFingerprint) => ({ orderNo: `ORDER_${attemptId}`, attemptId, fingerprint, now: attemptId });

describe("a number take played at another tempo is looked up by keys its original was stored under", () => {
  // Four digits read at the pace and pauses of three takes of their own.
  const takes = [3, 5, 8].map((seed) => onsets(4, seed));
  const copies = [0.8, 0.88, 1.12, 1.25].flatMap((tempo) => [0, 150, 280].map((trimMs, k) => ({ tempo, trimMs, keepPitch: k !== 1 })));

  it.each(takes.map((words, i) => ({ name: `take ${i + 1}`, words })))("$name: every copy's lookups return the original", async ({ words }) => {
    const missed: string[] = [];
    for (const { tempo, trimMs, keepPitch } of copies) {
      const { repo, returned } = memoryFingerprints();
      await findReplay(repo, REPLAY_DEFAULTS, subject(1, take(words, { f0: 180, seed: 1 })), false);
      await findReplay(repo, REPLAY_DEFAULTS, subject(2, copyOf(words, tempo, trimMs, keepPitch)));
      if (!returned.includes(1)) missed.push(`tempo ${tempo}, trimmed ${trimMs} ms, pitch ${keepPitch ? "kept" : "moved"}`);
    }
    expect(missed).toEqual([]);
  });

});

describe("with the lookup wider, the comparison still decides", () => {
  it("honest takes of other words, returned as candidates by their syllables' shapes, are not taken for replays", async () => {
    const { repo, returned } = memoryFingerprints();
    for (let seed = 1; seed <= 5; seed++) await findReplay(repo, REPLAY_DEFAULTS, subject(seed, take(onsets(16, seed), { f0: 180, seed })), false);
    for (let seed = 20; seed < 30; seed++) {
      const other = take(onsets(16, seed), { f0: 170, seed, frames: MIRRORED });
      expect(await findReplay(repo, REPLAY_DEFAULTS, subject(seed, other)), `take ${seed}`).toBeNull();
    }
    // Compared, not merely missed: the shapes of common rhythms are shared (the frames differ from all).
    expect(new Set(returned).size).toBeGreaterThan(0);
  });
});

describe("the tempo-proof keys stay bounded", () => {
  it("a minute of speech is stored under at most 48 shape keys a series and looked up by at most 512", () => {
    const minute = take(onsets(200, 7), { f0: 180, seed: 7, durationMs: 60_000 });
    const stored = storedKeys(minute).filter((k) => k >= 1 << 22);
    expect(stored.length).toBeGreaterThan(MAX_SHAPE_KEYS);
    expect(stored.length).toBeLessThanOrEqual(2 * MAX_SHAPE_KEYS);
    for (const lookup of replayLookups(minute).filter((l) => l.name.endsWith("shape"))) expect(lookup.keys().length, lookup.name).toBeLessThanOrEqual(512);
  });
});
