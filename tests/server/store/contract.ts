/**
 * The store's contract, run against every engine (sqlite.test.ts, store.pg.test.ts): what the
 * routes rely on, including what must hold when two callers use one database at once: two
 * pools on one PostgreSQL database (two instances), and on SQLite the one connection a
 * process has, shared by concurrent requests. Each case opens its handles through
 * `engine.fresh().open()` on a fresh database.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError } from "../../../src/server/http/errors";
import { recordVerdict, type Verdict } from "../../../src/server/orders/verdict";
import { shippedChecks } from "../verify/shippedChecks";
import type { Store } from "../../../src/server/store";
import type { OrderRecord } from "../../../src/server/store/orders";
import { orderRecord, type StoreEngine } from "./engines";

export type { StoreEngine };

const APP = "APP00001";

const order = (orderNo: string, overrides: Partial<OrderRecord> = {}): OrderRecord => orderRecord(orderNo, APP, overrides);

const passing: Verdict = { passed: true, code: "0", liveRate: 99, verifier: "contract", checks: [{ name: "face", passed: true, detail: "ok" }] };

export function storeContract(engine: StoreEngine): void {
  describe(`the store on ${engine.name}`, () => {
    let db: Awaited<ReturnType<StoreEngine["fresh"]>>;
    let a: Store;
    let b: Store;
    const clock = { now: () => 1_700_000_100_000 };

    beforeEach(async () => {
      db = await engine.fresh();
      a = await db.open();
      b = await db.open();
      await a.apps.upsert({ appId: APP, secret: "s".repeat(32), previousSecret: null, allowedOrigins: ["self"], options: {} }, 1);
    });
    afterEach(async () => {
      await a.close();
      await b.close();
      await db.drop();
    });

    it("gives back what it stored, times as numbers, flags as booleans, JSON parsed", async () => {
      const stored = order("O1", { launchOptions: { redirect_type: "1" }, actions: ["1", "2"], requireSpeech: true });
      await a.orders.insert(stored);
      expect(await b.orders.get("O1")).toEqual(stored);
      expect(await b.orders.get("nope")).toBeNull();
      expect(typeof (await b.apps.get(APP))?.disabledAt).toBe("object");
    });

    it("keeps a will question's texts by language, and a one-text question as one text", async () => {
      const byLanguage = order("O1", { will: { question: "您同意吗？", questions: { "zh-CN": "您同意吗？", en: "Do you agree?" }, willType: "1" } });
      const oneText = order("O2", { will: { question: "您同意吗？", questions: null, willType: "2" } });
      await a.orders.insert(byLanguage);
      await a.orders.insert(oneText);
      expect(await b.orders.get("O1")).toEqual(byLanguage);
      expect(await b.orders.get("O2")).toEqual(oneText);
    });

    it("lets one of two instances use a launch, never both", async () => {
      await a.orders.insert(order("O1"));
      await a.launches.insert({ nonce: "n1", orderNo: "O1", params: { order_no: "O1" }, expiresAt: 2e12, createdAt: 1 });
      const claims = await Promise.all([a.launches.markUsed("n1", "sa", 5, false), b.launches.markUsed("n1", "sb", 5, true)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      const used = await a.launches.get("n1");
      expect(used?.usedBySession).toBe(claims[0] ? "sa" : "sb");
      // The winner's kind of login is kept with it (the rendered launch page reads it).
      expect(used?.usedCookieless).toBe(!claims[0]);
    });

    it("accepts a partner nonce once across instances", async () => {
      const results = await Promise.all([a, b, a, b].map((s) => s.partnerNonces.remember(APP, "nonce-1", 10, 60_000)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it("keeps the first writer's setting whichever instance asks", async () => {
      const [x, y] = await Promise.all([a.settings.getOrCreate("k", () => "from-a"), b.settings.getOrCreate("k", () => "from-b")]);
      expect(x).toBe(y);
    });

    it("lets only one attempt pass an order when two instances judge two attempts at once", async () => {
      await a.orders.insert(order("O1"));
      const first = await a.attempts.open("O1", "upload", null, 1);
      const second = await b.attempts.open("O1", "upload", null, 2);
      expect([first.seq, second.seq]).toEqual([1, 2]);
      const outcomes = await Promise.allSettled([
        recordVerdict({ store: a, clock, checks: shippedChecks }, "O1", first.id, passing, null),
        recordVerdict({ store: b, clock, checks: shippedChecks }, "O1", second.id, passing, null),
      ]);
      const won = outcomes.filter((o) => o.status === "fulfilled");
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]?.reason).toBeInstanceOf(HttpError);
      expect((await a.orders.get("O1"))?.state).toBe("passed");
      expect((await a.attempts.list("O1")).filter((x) => x.status === "passed")).toHaveLength(1);
      expect((await b.results.get("O1"))?.passed).toBe(true);
    });

    it("refuses a second passed attempt of an order in the database itself, whatever writes it", async () => {
      await a.orders.insert(order("O1"));
      const first = await a.attempts.open("O1", "upload", null, 1);
      const second = await a.attempts.open("O1", "upload", null, 2);
      expect(await a.attempts.finish(first.id, { status: "passed", code: "0" }, 3)).toBe(true);
      await expect(b.attempts.finish(second.id, { status: "passed", code: "0" }, 4)).rejects.toThrow();
      expect(await b.attempts.finish(second.id, { status: "failed", code: "1015" }, 5)).toBe(true);
    });

    it("numbers attempts of an order one by one, also when two instances open them at once", async () => {
      await a.orders.insert(order("O1"));
      const open = (s: Store, at: number) =>
        s.transaction(async (tx) => {
          await tx.orders.lock("O1");
          return tx.attempts.open("O1", "upload", null, at);
        });
      const opened = await Promise.all([open(a, 1), open(b, 2), open(a, 3), open(b, 4)]);
      expect(opened.map((x) => x.seq).sort()).toEqual([1, 2, 3, 4]);
    });

    it("rolls a transaction back whole, and a failed inner one only to its savepoint", async () => {
      await expect(
        a.transaction(async (tx) => {
          await tx.orders.insert(order("O1"));
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await b.orders.get("O1")).toBeNull();
      await a.transaction(async (tx) => {
        await tx.orders.insert(order("O2"));
        await tx
          .transaction(async (inner) => {
            await inner.orders.insert(order("O3"));
            throw new Error("inner");
          })
          .catch(() => undefined);
      });
      expect(await b.orders.get("O2")).not.toBeNull();
      expect(await b.orders.get("O3")).toBeNull();
    });

    it("refuses the outer store inside its own transaction instead of deadlocking or escaping it", async () => {
      await expect(a.transaction(async () => a.orders.get("O1"))).rejects.toThrow(/transaction/);
      // And the handle still works afterwards.
      expect(await a.orders.get("O1")).toBeNull();
    });

    it("hands each queued job to one instance, and a job whose lease ran out to the next claim", async () => {
      await a.orders.insert(order("O1"));
      const input = {
        attemptId: 0,
        orderNo: "O1",
        source: { kind: "frames" as const, dir: "O1/1-stream", frames: [] },
        ask: { liveType: "3" as const, actions: [], digits: null, will: null, prompts: [], requireSpeech: false, light: null, lightShown: [], lightAlternative: false },
        referencePhoto: null,
        platform: "other" as const,
      };
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const attempt = await a.attempts.open("O1", "upload", null, i);
        await a.verifyJobs.enqueue({ attemptId: attempt.id, orderNo: "O1", appId: APP, input: { ...input, attemptId: attempt.id } }, 100 + i);
        ids.push(attempt.id);
      }
      const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).verifyJobs.claimNext(1_000, 0)));
      const claimed = claims.flatMap((c) => (c === null ? [] : [c.attemptId]));
      expect(claimed.sort((x, y) => x - y)).toEqual(ids);
      // Running since 1000; a claim that counts runs started before 2000 as dead takes one again, with one more try.
      const retaken = await b.verifyJobs.claimNext(5_000, 2_000);
      expect(retaken?.tries).toBe(2);
      expect(await a.verifyJobs.claimNext(5_000, 500)).toBeNull();
      await a.verifyJobs.markDone(ids[0]!, 6_000);
      expect(await a.verifyJobs.claim(ids[0]!, 7_000)).toBeNull();
      expect(await a.verifyJobs.countOpen()).toBe(5);
    });

    it("counts the analytics funnel the same way (triggers) on every engine", async () => {
      await a.orders.insert(order("O1", { createdAt: Date.UTC(2030, 0, 1) }));
      const attempt = await a.attempts.open("O1", "upload", null, 1);
      await recordVerdict({ store: a, clock, checks: shippedChecks }, "O1", attempt.id, passing, null);
      expect(await b.analyticsEvents.orderFunnel({ sinceDay: "2029-12-31", appId: null })).toEqual([
        { day: "2030-01-01", appId: APP, launched: 1, recorded: 1, uploaded: 0, passed: 1, failed: 0 },
      ]);
    });

    it("finds orders for staff the same way on every engine: prefix, user, outcome, code, dates, pages, funnel step reached", async () => {
      const day = Date.UTC(2030, 0, 1);
      await a.orders.insert(order("ORD_A1", { userId: "alice", createdAt: day }));
      await a.orders.insert(order("ORD_A2", { userId: "alice", createdAt: day + 1000, maxAttempts: 1 }));
      await a.orders.insert(order("ORDXB1", { userId: "bob", createdAt: day + 1000 }));
      const failedAttempt = await a.attempts.open("ORD_A2", "upload", null, 1);
      await recordVerdict({ store: a, clock, checks: shippedChecks }, "ORD_A2", failedAttempt.id, { ...passing, passed: false, code: "1031" }, null);
      const search = (f: Partial<Parameters<Store["orderSearch"]["search"]>[0]>) => b.orderSearch.search({ outcome: "any", limit: 10, ...f }).then((rows) => rows.map((r) => r.orderNo));
      const all = await search({});
      expect(all.at(-1)).toBe("ORD_A1");
      expect(new Set(all)).toEqual(new Set(["ORDXB1", "ORD_A2", "ORD_A1"]));
      // "_" is a character here, not LIKE's wildcard.
      expect(await search({ orderPrefix: "ORD_" })).toEqual(["ORD_A2", "ORD_A1"]);
      expect(await search({ userId: "alice", outcome: "failed" })).toEqual(["ORD_A2"]);
      expect(await search({ code: "1031" })).toEqual(["ORD_A2"]);
      expect(await search({ outcome: "open" })).toEqual(["ORDXB1", "ORD_A1"]);
      expect(new Set(await search({ since: day + 1, until: day + 2000 }))).toEqual(new Set(["ORDXB1", "ORD_A2"]));
      // Pages: two orders share a time, so the cursor's order number decides, in the engine's own collation.
      const first = await b.orderSearch.search({ outcome: "any", limit: 1 });
      const cursor = { createdAt: first[0]!.createdAt, orderNo: first[0]!.orderNo };
      const second = await search({ before: cursor, limit: 1 });
      const rest = await search({ before: { createdAt: day + 1000, orderNo: second[0]! } });
      expect([first[0]!.orderNo, ...second, ...rest]).toEqual(all);
      const [row] = await b.orderSearch.search({ orderPrefix: "ORD_A2", outcome: "any", limit: 1 });
      expect(row).toMatchObject({ userId: "alice", state: "failed", attempts: 1, lastCode: "1031", createdAt: day + 1000 });
      // How far an order got, as the dashboard's funnel counts it: ORD_A2 was judged, with no recording kept until one is.
      expect(await search({ reached: "recorded" })).toEqual(["ORD_A2"]);
      expect(await search({ reached: "uploaded" })).toEqual([]);
      await a.recordings.insert({ attemptId: failedAttempt.id, path: "ORD_A2/1.webm", container: "webm", mimeType: "video/webm", bytes: 1, durationMs: 1000, sha256: "x", messageId: "m1", createdAt: day + 1000 });
      expect(await search({ reached: "uploaded", outcome: "failed" })).toEqual(["ORD_A2"]);
    });

    it("hands each due webhook event to one instance, and a leased one to none until its lease ends", async () => {
      await a.orders.insert(order("O1"));
      const ids = Array.from({ length: 6 }, (_, i) => `evt_${String(i).padStart(32, "0")}`);
      for (const [i, id] of ids.entries()) {
        await a.webhooks.insert({ id, appId: APP, orderNo: "O1", type: "verification.completed", body: "{}", url: "https://partner.example/hook", createdAt: 1000 + i });
      }
      const [x, y] = await Promise.all([a.webhooks.claim(2000, 62_000, 4), b.webhooks.claim(2000, 62_000, 4)]);
      const claimed = [...x, ...y].map((e) => e.id);
      expect(claimed.sort()).toEqual(ids);
      expect(await b.webhooks.claim(3000, 63_000, 10)).toEqual([]);
      await a.webhooks.recordAttempt({ eventId: ids[0]!, n: 1, at: 3000, status: 500, error: "answered 500", answer: "busy", ms: 5 }, { state: "pending", nextAt: 4000 });
      expect((await b.webhooks.claim(4000, 64_000, 10)).map((e) => e.id)).toEqual([ids[0]]);
      expect((await a.webhooks.claim(62_001, 122_001, 10)).map((e) => e.id).sort()).toEqual(ids.slice(1));
      await b.webhooks.recordAttempt({ eventId: ids[1]!, n: 1, at: 62_002, status: 204, error: null, answer: "", ms: 3 }, { state: "delivered", nextAt: 62_002 });
      const [entry] = (await a.webhooks.listByOrder("O1")).filter((e) => e.event.id === ids[1]);
      expect(entry).toMatchObject({ event: { state: "delivered", attempts: 1, deliveredAt: 62_002 }, attempts: [{ n: 1, status: 204 }] });
      expect(await a.webhooks.claim(200_000, 260_000, 10)).toHaveLength(5);
    });

    it("gives a handoff to one of two phones at once, never after its expiry or once cancelled, and keeps a phone's session marked with it", async () => {
      await a.orders.insert(order("O1"));
      await a.launches.insert({ nonce: "n1", orderNo: "O1", params: { order_no: "O1" }, expiresAt: 2e12, createdAt: 1 });
      const handoff = { id: "h1", orderNo: "O1", desktopSession: "desk", tokenHash: "t1", codeHash: "c1", createdAt: 10, expiresAt: 1000 };
      await a.handoffs.insert(handoff);
      await a.handoffs.insert({ ...handoff, id: "h2", tokenHash: "t2", codeHash: "c2" });
      expect(await b.handoffs.byTokenHash("t1")).toEqual({ ...handoff, state: "offered", phoneSession: null, openedAt: null, finishedAt: null });
      expect((await b.handoffs.offeredByCode("c1", 999))?.id).toBe("h1");
      expect(await b.handoffs.offeredByCode("c1", 1000)).toBeNull();
      expect((await b.handoffs.openOf("desk")).map((h) => h.id).sort()).toEqual(["h1", "h2"]);
      const claims = await Promise.all([a.handoffs.claim("h1", "pa", 20), b.handoffs.claim("h1", "pb", 20)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await a.handoffs.get("h1")).toMatchObject({ state: "opened", phoneSession: claims[0] ? "pa" : "pb", openedAt: 20 });
      expect(await a.handoffs.claim("h2", "pc", 1000)).toBe(false);
      expect(await a.handoffs.complete("h1", 30)).toBe(true);
      expect(await b.handoffs.complete("h1", 31)).toBe(false);
      expect(await a.handoffs.cancel("h2", 40)).toBe(true);
      expect(await b.handoffs.cancel("h2", 41)).toBe(false);
      expect(await a.handoffs.claim("h2", "pc", 50)).toBe(false);
      expect(await b.handoffs.openOf("desk")).toEqual([]);
      await a.sessions.insert({ sessionHash: "pa", orderNo: "O1", launchNonce: "n1", createdAt: 20, expiresAt: 2e12, handoffId: "h1" });
      expect((await b.sessions.get("pa"))?.handoffId).toBe("h1");
      await b.sessions.deleteOfHandoff("h1");
      expect(await a.sessions.get("pa")).toBeNull();
    });

    it("answers a ping (the readiness probe)", async () => {
      await expect(a.ping()).resolves.toBeUndefined();
    });
  });
}
