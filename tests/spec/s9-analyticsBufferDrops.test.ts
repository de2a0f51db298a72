/**
 * Spec §9 (local buffer of 20 entries, at most 50 KB) with §7's missing-data report: the
 * buffer drops its oldest events past its limits, and docs/analytics.md no longer says it "loses
 * nothing": what it dropped is counted in the next missing-data report (code bufferOverflow,
 * `dropped`), which the service stores, and once that report was accepted the count is not
 * sent again. The count survives a reload of the page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_PATHS, batchBodySchema, missingBodySchema } from "../../schemas/analytics";
import { createKycStorage, createMemoryBackend } from "../../src/session/storage";
import { TEST_TOKEN, jsonOf, makeClient } from "../analytics/fakes";
import { logIn, post, storedEvents } from "../server/analyticsFixtures";
import { startService, type Service } from "../server/harness";

/** A page before its login: no token yet, so every event waits in the buffer. */
function pageBeforeLogin(backend = createMemoryBackend()) {
  let token: string | undefined;
  const store = createKycStorage({ backend, cacheId: "order-1" });
  const page = makeClient({ store, token: () => token });
  return { ...page, backend, logIn: () => void (token = TEST_TOKEN) };
}

describe("spec §9: the buffer drops its oldest events past 20 entries, and the missing-data report counts them", () => {
  let service: Service;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => {
    await service.close();
  });

  it("25 events before the login: the 20 newest are uploaded and the 5 dropped are reported once", async () => {
    const { client, net, logIn: loggedIn } = pageBeforeLogin();
    for (let i = 0; i < 25; i++) client.record("pageView", { n: i });
    loggedIn();
    await client.flush();
    const batch = batchBodySchema.parse(jsonOf(net.to(ANALYTICS_PATHS.batch)[0]!));
    expect(batch.batch.map((e) => e.data.n)).toEqual([...Array(20).keys()].map((i) => i + 5));
    const reports = net.to(ANALYTICS_PATHS.missing).map((call) => missingBodySchema.parse(jsonOf(call)));
    expect(reports).toEqual([expect.objectContaining({ code: "bufferOverflow", dropped: 5, batchSize: 0, api: ANALYTICS_PATHS.batch })]);
    client.record("stayTime");
    await client.flush();
    expect(net.to(ANALYTICS_PATHS.missing)).toHaveLength(1);
  });

  it("the count survives a reload, and the service stores the report with it", async () => {
    const first = pageBeforeLogin();
    for (let i = 0; i < 23; i++) first.client.record("pageView", { n: i });
    const reloaded = pageBeforeLogin(first.backend);
    reloaded.logIn();
    await reloaded.client.flush();
    const report = reloaded.net.to(ANALYTICS_PATHS.missing)[0]!;
    expect(missingBodySchema.parse(jsonOf(report)).dropped).toBe(3);

    const page = await logIn(service);
    const answer = await post(service, ANALYTICS_PATHS.missing, report.body as string, { "content-type": "application/json", ...page.auth });
    expect(answer.json).toEqual({ code: "10000" });
    const stored = (await storedEvents(service)).filter((row) => row.kind === "missing" && row.orderNo === page.orderNo);
    expect(stored).toMatchObject([{ data: { code: "bufferOverflow", dropped: 3, batchSize: 0 } }]);
  });
});
