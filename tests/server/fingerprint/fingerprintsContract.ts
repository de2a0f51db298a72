/**
 * The fingerprint repository (store/fingerprints.ts) and the replay lookup over it, run on each
 * engine (fingerprints.test.ts on SQLite, fingerprints.pg.test.ts on PostgreSQL): a stored
 * recording is found again through its band keys by another attempt's lookup, never by its own;
 * a lookup returns at most its limit, most keys shared first; a second insert for an attempt
 * changes nothing; a copy played at another tempo with its picture mirrored is found by the
 * keys its voice's syllables were stored under (shapeKeys.ts); the retention job's purge
 * removes fingerprints judged before its cutoff, and with them what a later lookup could find.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MediaFingerprint } from "../../../schemas/mediaFingerprint";
import { nodeScheduler } from "../../../src/server/analytics/retentionJob";
import { createMediaRetentionJob } from "../../../src/server/media/retentionJob";
import type { Store } from "../../../src/server/store";
import { bandKeys } from "../../../src/server/verify/fingerprint/bandKeys";
import { findReplay, judgeReplay } from "../../../src/server/verify/fingerprint/replayCheck";
import { replayThresholdsOf } from "../../../src/server/verify/fingerprint/replayThresholds";
import { voiceSeries } from "../../../src/server/verify/fingerprint/voiceSeries";
import { shippedChecks } from "../verify/shippedChecks";
import { orderRecord, type StoreEngine } from "../store/engines";
import { mouthOf, onsets, speech } from "./syntheticSpeech";

const DAY = 86_400_000;
const NOW = Date.UTC(2030, 5, 1);
const APP = "APP00001";
/** The replay check's thresholds as shipped (flows/checks.json). */
const REPLAY = replayThresholdsOf(shippedChecks);

/** A moving recording's fingerprint: `slots` distinct hashes drawn from `seed`. */
function fingerprint(seed: number, slots = 12): MediaFingerprint {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0).toString(16).padStart(8, "0");
  return { version: 1, audio: null, frames: Array.from({ length: slots }, () => next() + next()).join("") };
}

export function fingerprintsContract(engine: StoreEngine): void {
  describe(`recording fingerprints on ${engine.name}`, () => {
    let db: Awaited<ReturnType<StoreEngine["fresh"]>>;
    let store: Store;

    beforeEach(async () => {
      db = await engine.fresh();
      store = await db.open();
      await store.apps.upsert({ appId: APP, secret: "s".repeat(32), previousSecret: null, allowedOrigins: ["self"], options: {} }, 1);
    });
    afterEach(async () => {
      await store.close();
      await db.drop();
    });

    async function attemptOf(orderNo: string): Promise<number> {
      if ((await store.orders.get(orderNo)) === null) await store.orders.insert(orderRecord(orderNo, APP, { createdAt: 1, updatedAt: 1 }));
      return (await store.attempts.open(orderNo, "upload", null, 1)).id;
    }

    it("finds a stored recording again from another attempt, not from its own, and keeps each attempt's once", async () => {
      const x = await attemptOf("ORDER_X");
      const fp = fingerprint(7);
      expect(await findReplay(store.fingerprints, REPLAY, { orderNo: "ORDER_X", attemptId: x, fingerprint: fp, now: NOW - DAY })).toBeNull();
      // The same attempt's lookup again (a retried job) finds nothing: its own row is left out, and not stored twice.
      expect(await findReplay(store.fingerprints, REPLAY, { orderNo: "ORDER_X", attemptId: x, fingerprint: fp, now: NOW })).toBeNull();
      const y = await attemptOf("ORDER_Y");
      expect(await findReplay(store.fingerprints, REPLAY, { orderNo: "ORDER_Y", attemptId: y, fingerprint: fp, now: NOW })).toEqual({
        original: { attemptId: x, orderNo: "ORDER_X", judgedAt: NOW - DAY, fingerprint: fp },
        how: expect.stringMatching(/% of the frames alike/),
      });
      const z = await attemptOf("ORDER_Z");
      expect(await findReplay(store.fingerprints, REPLAY, { orderNo: "ORDER_Z", attemptId: z, fingerprint: fingerprint(8), now: NOW })).toBeNull();
    });

    it("judges as a replay what would otherwise pass unless it followed its own light strongly (a weak pass may be chance), and keeps every fingerprint", async () => {
      const fp = fingerprint(11);
      const x = await attemptOf("ORDER_X");
      await findReplay(store.fingerprints, REPLAY, { orderNo: "ORDER_X", attemptId: x, fingerprint: fp, now: NOW - DAY });
      const lightFollowed = (correlation: number) => ({ passed: true, code: "0", faceCode: "0", fingerprint: fp, challengeCorrelation: correlation, checks: [{ name: "light", passed: true, detail: "" }] });
      // Order Y's copy of X's recording passed Y's light check weakly (as another sequence does by chance): a replay.
      const y = await attemptOf("ORDER_Y");
      expect(await judgeReplay(store.fingerprints, REPLAY, { orderNo: "ORDER_Y", attemptId: y, now: NOW }, lightFollowed(0.7))).toMatchObject({ passed: false, code: "1035" });
      // Order V's recording matches too but followed V's own fresh sequence strongly: V's own, not looked up.
      const v = await attemptOf("ORDER_V");
      expect(await judgeReplay(store.fingerprints, REPLAY, { orderNo: "ORDER_V", attemptId: v, now: NOW }, lightFollowed(0.9))).toMatchObject({ passed: true, code: "0" });
      // Order Z's copy in a mode without light (its other checks passed): a replay, found through X's or Y's kept fingerprint.
      const z = await attemptOf("ORDER_Z");
      const noLight = { passed: true, code: "0", faceCode: "0", fingerprint: fp, checks: [{ name: "lipSync", passed: true, detail: "" }] };
      expect(await judgeReplay(store.fingerprints, REPLAY, { orderNo: "ORDER_Z", attemptId: z, now: NOW }, noLight)).toMatchObject({ passed: false, code: "1035" });
      // A copy that failed on its own keeps its own code.
      const w = await attemptOf("ORDER_W");
      const failedOnItsOwn = { passed: false, code: "1015", faceCode: "1015", fingerprint: fp, checks: [{ name: "face", passed: false, detail: "" }] };
      expect(await judgeReplay(store.fingerprints, REPLAY, { orderNo: "ORDER_W", attemptId: w, now: NOW }, failedOnItsOwn)).toMatchObject({ passed: false, code: "1015" });
    });

    it("finds a copy played faster, trimmed and mirrored (every frame hash moved) through its voice's shape keys, and says at what speed", async () => {
      const words = onsets(16, 3);
      const speaking = (syllables: number[], o: { f0: number; seed: number; syllableMs?: number; openMs?: number }, frames: string): MediaFingerprint => ({
        version: 1,
        frames,
        audio: null,
        mouth: mouthOf(syllables, o.openMs),
        voice: voiceSeries(speech(syllables, o)),
      });
      const original = speaking(words, { f0: 180, seed: 1 }, fingerprint(21).frames);
      // 1.22 times as fast, its first 210 ms cut, re-pitched, the picture another's (mirrored).
      const copy = speaking(words.map((t) => t / 1.22 - 210), { f0: 180 * 1.22, seed: 2, syllableMs: 160 / 1.22, openMs: 180 / 1.22 }, fingerprint(22).frames);
      const x = await attemptOf("ORDER_X");
      await findReplay(store.fingerprints, REPLAY, { orderNo: "ORDER_X", attemptId: x, fingerprint: original, now: NOW - DAY });
      const y = await attemptOf("ORDER_Y");
      const found = await findReplay(store.fingerprints, REPLAY, { orderNo: "ORDER_Y", attemptId: y, fingerprint: copy, now: NOW });
      expect(found?.original.orderNo).toBe("ORDER_X");
      expect(found?.how).toMatch(/played 1\.2\d times as fast/);
    });

    it("lets two copies judged at once on two instances not miss each other: the second lookup waits for the first's insert", async () => {
      const other = await db.open();
      try {
        const x = await attemptOf("ORDER_X");
        const y = await attemptOf("ORDER_Y");
        const fp = fingerprint(9);
        let release = () => undefined as void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let looked = () => undefined as void;
        const firstLooked = new Promise<void>((resolve) => (looked = resolve));
        const first = store.transaction(async (tx) => {
          const found = await findReplay(tx.fingerprints, REPLAY, { orderNo: "ORDER_X", attemptId: x, fingerprint: fp, now: NOW });
          looked();
          await held;
          return found;
        });
        await firstLooked;
        const second = other.transaction((tx) => findReplay(tx.fingerprints, REPLAY, { orderNo: "ORDER_Y", attemptId: y, fingerprint: fp, now: NOW }));
        // Give the second time to run ahead if nothing held it back.
        await new Promise((resolve) => setTimeout(resolve, 200));
        release();
        expect(await first).toBeNull();
        expect((await second)?.original.orderNo).toBe("ORDER_X");
      } finally {
        await other.close();
      }
    });

    it("returns at most its limit of candidates, those sharing the most keys first", async () => {
      const target = fingerprint(1);
      const keys = bandKeys(target);
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        const id = await attemptOf(`ORDER_${i}`);
        ids.push(id);
        // Attempt i shares i + 1 of the target's keys.
        await store.fingerprints.insert({ attemptId: id, orderNo: `ORDER_${i}`, judgedAt: NOW, fingerprint: fingerprint(100 + i) }, keys.slice(0, i + 1));
      }
      const found = await store.fingerprints.candidates(keys, { exceptAttemptId: -1, limit: 3, scanRows: 1000 });
      expect(found.map((f) => f.attemptId)).toEqual([ids[4], ids[3], ids[2]]);
    });

    it("purges fingerprints judged before the retention cutoff with the media retention job", async () => {
      const old = await attemptOf("OLD");
      const recent = await attemptOf("RECENT");
      await store.fingerprints.insert({ attemptId: old, orderNo: "OLD", judgedAt: NOW - 31 * DAY, fingerprint: fingerprint(1) }, bandKeys(fingerprint(1)));
      await store.fingerprints.insert({ attemptId: recent, orderNo: "RECENT", judgedAt: NOW - 29 * DAY, fingerprint: fingerprint(2) }, bandKeys(fingerprint(2)));
      const job = createMediaRetentionJob({
        orders: store.mediaRetention,
        media: { deletePrefix: async () => undefined },
        fingerprints: store.fingerprints,
        clock: { now: () => NOW },
        scheduler: nodeScheduler,
        config: { days: 30, maintenance: { intervalMs: 3_600_000, batchOrders: 1 } },
        log: () => undefined,
      });
      await job.runOnce();
      const lookup = async (fp: MediaFingerprint) => (await store.fingerprints.candidates(bandKeys(fp), { exceptAttemptId: -1, limit: 16, scanRows: 1000 })).map((f) => f.orderNo);
      expect(await lookup(fingerprint(1))).toEqual([]);
      expect(await lookup(fingerprint(2))).toEqual(["RECENT"]);
      // Its keys went with it: none is left pointing at the purged attempt.
      expect(await store.sql.get("SELECT COUNT(*) AS n FROM media_fingerprint_keys WHERE attempt_id = ?", [old])).toEqual({ n: 0 });
    });
  });
}
