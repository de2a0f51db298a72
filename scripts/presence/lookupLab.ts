/**
 * Whether the replay check's lookups (src/server/verify/fingerprint/replayCheck.ts
 * replayLookups) return a copy's original at all: a copy is compared with the recordings its
 * keys find, and an original not among them is never compared, however alike the two are.
 *
 * Every take's and copy's fingerprint is stored in an embedded store of the service's own schema (SQLite
 * in memory, store/fingerprints.ts) under the keys the service stores (storedKeys); each copy
 * then runs every lookup with the service's bounds (LOOKUP_BOUNDS). Prints, for each copy and
 * each lookup, the keys it shares with its original's stored keys and the original's rank among
 * the candidates returned ("-" where it is not returned; the copy's siblings stored too compete
 * for the places), then how many copies each family of
 * keys (band, mouth, voice) finds. Then every take is looked up as an honest recording would be
 * (its own order, the others stored): the candidates compared and any it matches (a take refused
 * as another's replay), with the time its keys took.
 *
 * Usage: npx tsx scripts/presence/lookupLab.ts FILE.json [FILE.json ...]
 * (files written by mouthLab.ts with MOUTH_SAVE; mouthLab.ts runs this itself after its copies).
 * Env: LOOKUP_VERBOSE=0 prints the summary only.
 */
import { readFileSync } from "node:fs";
import * as z from "zod";
import { checksFileSchema } from "../../schemas/checks";
import { mediaFingerprintSchema, type MediaFingerprint } from "../../schemas/mediaFingerprint";
import { openDatabase } from "../../src/server/store/database";
import { createFingerprintsRepo } from "../../src/server/store/fingerprints";
import { createSqliteSql } from "../../src/server/store/sqliteSql";
import { matchFingerprints } from "../../src/server/verify/fingerprint/compareFingerprints";
import { LOOKUP_BOUNDS, replayLookups, storedKeys } from "../../src/server/verify/fingerprint/replayCheck";
import { replayThresholdsOf } from "../../src/server/verify/fingerprint/replayThresholds";
import { readFlowJson } from "../flowFiles";

/** One recording of a lab run: a take (`copyOf` absent) or a copy of the take numbered `copyOf`. */
export interface LabPrint {
  label: string;
  /** The take's number in its run. */
  take: number;
  copyOf?: number;
  fingerprint: MediaFingerprint;
}

const savedSchema = z.array(z.object({ label: z.string(), take: z.number().int(), copyOf: z.number().int().optional(), fingerprint: mediaFingerprintSchema }));

/** The three families of keys: a copy is found when any lookup of any family returns its original. */
const familyOf = (lookup: string) => lookup.split(" ")[0]!;

export interface LookupSummary {
  copies: number;
  /** Copies whose original some lookup of the family returned. */
  found: Record<string, number>;
  /** Copies some lookup of the family shares a key with the original's stored keys (besides the band keys' family, the syllables'). */
  shared: Record<string, number>;
  foundByAny: number;
  /** Honest takes matched to another take (refused as a replay). */
  takesRefused: number;
  takes: number;
}

/** Looks every copy of `runs` (each a lab run's prints) up among the takes of all runs; prints and returns the figures. */
export async function reportLookups(runs: readonly (readonly LabPrint[])[], verbose = true): Promise<LookupSummary> {
  const t = replayThresholdsOf(checksFileSchema.parse(readFlowJson("flows/checks.json")));
  const db = openDatabase(":memory:");
  // The lab stores fingerprints without the orders and attempts they belong to.
  db.pragma("foreign_keys = OFF");
  const repo = createFingerprintsRepo(createSqliteSql(db));
  // Every take and every copy stored, as the service keeps every judged recording: a copy's siblings compete with its original for the candidates' places.
  const stored: { id: number; run: number; print: LabPrint; keys: Set<number> }[] = [];
  for (const [r, prints] of runs.entries()) {
    for (const print of prints) {
      const id = stored.length + 1;
      const keys = storedKeys(print.fingerprint);
      stored.push({ id, run: r, print, keys: new Set(keys) });
      await repo.insert({ attemptId: id, orderNo: `LAB${id}`, judgedAt: id, fingerprint: print.fingerprint }, keys);
    }
  }
  const takes = stored.filter((s) => s.print.copyOf === undefined);
  const summary: LookupSummary = { copies: 0, found: { band: 0, mouth: 0, voice: 0 }, shared: { band: 0, mouth: 0, voice: 0 }, foundByAny: 0, takesRefused: 0, takes: takes.length };
  const bounds = { exceptAttemptId: 0, ...LOOKUP_BOUNDS };
  for (const [r, prints] of runs.entries()) {
    for (const copy of prints) {
      if (copy.copyOf === undefined) continue;
      const original = takes.find((k) => k.run === r && k.print.take === copy.copyOf);
      const self = stored.find((k) => k.print === copy)!;
      if (original === undefined) throw new Error(`${copy.label}: no take ${copy.copyOf} in run ${r}`);
      summary.copies += 1;
      const families = new Set<string>();
      const sharing = new Set<string>();
      const cells: string[] = [];
      for (const lookup of replayLookups(copy.fingerprint)) {
        const keys = lookup.keys();
        const shared = keys.filter((k) => original.keys.has(k)).length;
        const rank = keys.length === 0 ? -1 : (await repo.candidates(keys, { ...bounds, exceptAttemptId: self.id })).findIndex((c) => c.attemptId === original.id);
        if (rank >= 0) families.add(familyOf(lookup.name));
        if (shared > 0) sharing.add(familyOf(lookup.name));
        cells.push(`${lookup.name} ${shared}/${keys.length} ${rank >= 0 ? `#${rank + 1}` : "-"}`);
      }
      for (const family of families) summary.found[family] = (summary.found[family] ?? 0) + 1;
      for (const family of sharing) summary.shared[family] = (summary.shared[family] ?? 0) + 1;
      if (families.size > 0) summary.foundByAny += 1;
      if (verbose) console.log(`${copy.label.padEnd(60)} ${families.size > 0 ? "FOUND" : "MISSED"}  ${cells.join(" | ")}`);
    }
  }
  // Every take looked up as an honest recording, the others stored (its own row left out; its own copies' matches are no refusal).
  let compared = 0;
  let keyMs = 0;
  for (const take of takes) {
    const seen = new Set<number>();
    const matched: string[] = [];
    for (const lookup of replayLookups(take.print.fingerprint)) {
      const started = performance.now();
      const keys = lookup.keys();
      keyMs += performance.now() - started;
      if (keys.length === 0) continue;
      for (const candidate of await repo.candidates(keys, { ...bounds, exceptAttemptId: take.id })) {
        if (seen.has(candidate.attemptId)) continue;
        seen.add(candidate.attemptId);
        const other = stored[candidate.attemptId - 1]!;
        if (other.run === take.run && other.print.take === take.print.take) continue;
        if (matchFingerprints(take.print.fingerprint, candidate.fingerprint, t) !== null) matched.push(other.print.label);
      }
    }
    compared += seen.size;
    if (matched.length > 0) {
      summary.takesRefused += 1;
      console.log(`honest ${take.print.label} matched ${matched.join(", ")}`);
    }
  }
  db.close();
  console.log(
    `lookups: ${summary.foundByAny}/${summary.copies} copies found their original (band ${summary.found.band}, mouth ${summary.found.mouth}, voice ${summary.found.voice}; ` +
      `sharing a key: band ${summary.shared.band}, mouth ${summary.shared.mouth}, voice ${summary.shared.voice}); ` +
      `${summary.takesRefused}/${summary.takes} honest takes matched another take; ${(compared / Math.max(1, takes.length)).toFixed(1)} candidates compared a take; ` +
      `keys ${(keyMs / Math.max(1, takes.length)).toFixed(1)} ms a take`,
  );
  return summary;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2);
  if (files.length === 0) throw new Error("usage: lookupLab.ts FILE.json [FILE.json ...] (saved by mouthLab.ts MOUTH_SAVE)");
  const runs = files.map((f) => savedSchema.parse(JSON.parse(readFileSync(f, "utf8"))).map((p) => ({ ...p, ...(p.copyOf === undefined && p.label.startsWith("copy of") ? { copyOf: p.take } : {}) })));
  await reportLookups(runs, process.env.LOOKUP_VERBOSE !== "0");
}
