/**
 * The media retention job (FACEFLOW_MEDIA_RETENTION_DAYS) over a real store and a real local
 * media store, run on each engine (mediaRetention.test.ts on SQLite, mediaRetention.pg.test.ts
 * on PostgreSQL): the media of orders finished, or never finished and created, more than N days
 * ago is deleted and the orders marked; recent ones, and old ones with a recent attempt, are
 * kept; a second run, or two instances' runs at once, change nothing more; an order whose
 * deletion fails is tried again next run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MediaRetentionConfig } from "../../schemas/mediaRetention";
import { nodeScheduler } from "../../src/server/analytics/retentionJob";
import { createMediaRetentionJob, type MediaRetentionJobOptions } from "../../src/server/media/retentionJob";
import { createLocalMediaStore } from "../../src/server/media/store/localMediaStore";
import type { MediaStore } from "../../src/server/media/store/mediaStore";
import type { Store } from "../../src/server/store";
import { orderRecord, type StoreEngine } from "./store/engines";
import { filesUnder } from "./mediaStore/files";


const DAY = 86_400_000;
const NOW = Date.UTC(2030, 5, 1);
const APP = "APP00001";
const config = (days: number, batchOrders = 100): MediaRetentionConfig => ({ days, maintenance: { intervalMs: 3_600_000, batchOrders } });

export function mediaRetentionContract(engine: StoreEngine): void {
  describe(`media retention job on ${engine.name}`, () => {
    let dir: string;
    let db: Awaited<ReturnType<StoreEngine["fresh"]>>;
    let store: Store;
    /** Another instance's handle on the same database. */
    let other: Store;
    let media: MediaStore;
    const clock = { now: () => NOW };

    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), "faceflow-retention-"));
      db = await engine.fresh();
      store = await db.open();
      other = await db.open();
      media = createLocalMediaStore(join(dir, "media"));
      await store.apps.upsert({ appId: APP, secret: "s".repeat(32), previousSecret: null, allowedOrigins: ["self"], options: {} }, 1);
    });
    afterEach(async () => {
      await store.close();
      await other.close();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    /** An order created `createdDaysAgo` days ago (finished `finishedDaysAgo` ago, or never), with a recording, evidence, stream frames and a photo. */
    async function orderWithMedia(orderNo: string, createdDaysAgo: number, finishedDaysAgo: number | null): Promise<void> {
      const created = NOW - createdDaysAgo * DAY;
      const order = orderRecord(orderNo, APP, {
        referencePhoto: `${orderNo}/reference.jpg`,
        state: finishedDaysAgo === null ? "in_progress" : "passed",
        createdAt: created,
        updatedAt: created,
        finishedAt: finishedDaysAgo === null ? null : NOW - finishedDaysAgo * DAY,
      });
      await store.orders.insert(order);
      for (const key of [`${orderNo}/reference.jpg`, `${orderNo}/1.webm`, `${orderNo}/1-evidence/00.jpg`, `${orderNo}/2-stream/00000.jpg`]) {
        await media.put(key, Buffer.from(key), { contentType: "application/octet-stream" });
      }
    }

    /** The orders that still have media, from the files on disk. */
    async function ordersWithMedia(): Promise<string[]> {
      return [...new Set((await filesUnder(join(dir, "media"))).map((file) => file.split("/")[0] ?? ""))].sort();
    }

    function job(overrides: Partial<MediaRetentionJobOptions> = {}) {
      return createMediaRetentionJob({ orders: store.mediaRetention, media, clock, scheduler: nodeScheduler, config: config(30), log: () => undefined, ...overrides });
    }

    it("deletes the media of orders finished, or created and never finished, more than N days ago; keeps the rest; a second run is harmless", async () => {
      await orderWithMedia("OLD_FINISHED", 60, 40);
      await orderWithMedia("OLD_UNFINISHED", 40, null);
      await orderWithMedia("OLD_BUT_FINISHED_RECENTLY", 60, 10);
      await orderWithMedia("RECENT", 5, 4);
      await orderWithMedia("OLD_RETRIED_RECENTLY", 40, null);
      await store.attempts.open("OLD_RETRIED_RECENTLY", "upload", null, NOW - 2 * DAY);

      expect(await job().runOnce()).toEqual({ purged: 2, failed: [] });
      expect(await ordersWithMedia()).toEqual(["OLD_BUT_FINISHED_RECENTLY", "OLD_RETRIED_RECENTLY", "RECENT"]);
      // The rows stay, marked.
      const marked = await store.sql.all("SELECT order_no, media_purged_at FROM orders WHERE media_purged_at IS NOT NULL ORDER BY order_no");
      expect(marked).toEqual([
        { order_no: "OLD_FINISHED", media_purged_at: NOW },
        { order_no: "OLD_UNFINISHED", media_purged_at: NOW },
      ]);
      expect(await store.orders.get("OLD_FINISHED")).toMatchObject({ state: "passed", referencePhoto: "OLD_FINISHED/reference.jpg" });

      // Again: nothing is due any more, so the media store is not even asked.
      const deleted: string[] = [];
      const counting: MediaStore = { ...media, deletePrefix: async (prefix) => void deleted.push(prefix) };
      expect(await job({ media: counting }).runOnce()).toEqual({ purged: 0, failed: [] });
      expect(deleted).toEqual([]);
      expect(await ordersWithMedia()).toEqual(["OLD_BUT_FINISHED_RECENTLY", "OLD_RETRIED_RECENTLY", "RECENT"]);
    });

    it("goes through a backlog in batches, yielding between them", async () => {
      for (let i = 0; i < 7; i++) await orderWithMedia(`OLD${i}`, 50, 45);
      await orderWithMedia("RECENT", 5, null);
      const batches: number[] = [];
      const orders: MediaRetentionJobOptions["orders"] = {
        due: async (...args) => {
          const due = await store.mediaRetention.due(...args);
          batches.push(due.length);
          return due;
        },
        markPurged: (...args) => store.mediaRetention.markPurged(...args),
      };
      expect(await job({ orders, config: config(30, 3) }).runOnce()).toEqual({ purged: 7, failed: [] });
      expect(batches).toEqual([3, 3, 1]);
      expect(await ordersWithMedia()).toEqual(["RECENT"]);
    });

    it("two instances running it at once: each order's media deleted, each marked once, no error", async () => {
      for (let i = 0; i < 6; i++) await orderWithMedia(`OLD${i}`, 50, 45);
      // Another instance: its own store handle on the same database, its own media store on the same directory.
      const second = job({ orders: other.mediaRetention, media: createLocalMediaStore(join(dir, "media")), config: config(30, 2) });
      const runs = await Promise.all([job({ config: config(30, 2) }).runOnce(), second.runOnce()]);
      expect(runs.every((run) => run.failed.length === 0)).toBe(true);
      expect(runs[0].purged + runs[1].purged).toBe(6);
      expect(await ordersWithMedia()).toEqual([]);
    });

    it("leaves an order whose deletion failed unmarked, says so, and deletes it on the next run", async () => {
      await orderWithMedia("OLD_A", 50, 45);
      await orderWithMedia("OLD_B", 50, 44);
      let down = true;
      const flaky: MediaStore = {
        ...media,
        deletePrefix: async (prefix) => {
          if (down && prefix === "OLD_A") throw new Error("503 Slow Down");
          await media.deletePrefix(prefix);
        },
      };
      const logged: string[] = [];
      const retention = job({ media: flaky, log: (message) => void logged.push(message) });
      expect(await retention.runOnce()).toEqual({ purged: 1, failed: ["OLD_A"] });
      expect(logged).toEqual([expect.stringContaining("OLD_A")]);
      expect(await ordersWithMedia()).toEqual(["OLD_A"]);
      down = false;
      expect(await retention.runOnce()).toEqual({ purged: 1, failed: [] });
      expect(await ordersWithMedia()).toEqual([]);
    });

    it("stops at its next step when closed", async () => {
      for (let i = 0; i < 4; i++) await orderWithMedia(`OLD${i}`, 50, 45);
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started = () => undefined as void;
      const deleting = new Promise<void>((resolve) => (started = resolve));
      const slow: MediaStore = { ...media, deletePrefix: async (prefix) => (started(), await held, media.deletePrefix(prefix)) };
      const retention = job({ media: slow, config: config(30, 1) });
      const run = retention.runOnce();
      await deleting;
      const closing = retention.close();
      release();
      await closing;
      // The order being deleted when close came is finished and marked; no further batch ran.
      expect(await run).toEqual({ purged: 1, failed: [] });
      expect(await ordersWithMedia()).toHaveLength(3);
    });
  });
}
