/**
 * Spec §8 (analytics) with §3's downgrade reasons: docs/analytics.md promises a dashboard chart of
 * "the downgrade reasons". A reason the flow records in the session state becomes a
 * `downgrade` event (src/analytics/downgradeEvents.ts), the page's analytics client uploads
 * it, and the staff dashboard counts it under its code and name; views of the will-degrade
 * pages are not reasons and stay out of the chart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_PATHS, batchBodySchema } from "../../schemas/analytics";
import { DOWNGRADE_REASONS } from "../../schemas/session";
import { reportDowngrades } from "../../src/analytics/downgradeEvents";
import { createStatsRecorder } from "../../src/analytics/statsRecorder";
import { recordDowngrade } from "../../src/capture/downgrade";
import { recordRealtimeFailure } from "../../src/flow/attempt/realtimeRecords";
import type { AnalyticsAggregates } from "../../src/server/analytics/dashboard/aggregate";
import { createSessionState } from "../../src/session/sessionState";
import { createFakeClock, jsonOf, makeClient, memoryStore } from "../analytics/fakes";
import { event, logIn, post, withEnv } from "../server/analyticsFixtures";
import { startService, testClock, type Service } from "../server/harness";

const ADMIN = "staff-token-downgrades-0123";

/** A page whose session state records downgrades, with its analytics client; returns the batch it uploads. */
async function pageThatDowngrades() {
  const clock = createFakeClock();
  const storage = memoryStore();
  const stats = createStatsRecorder(clock.now);
  const { client, net } = makeClient({ clock, store: storage });
  // As startAnalytics does: the statistics recorder drains into the client.
  stats.attach((e) => client.record(e.name, e.data, e.at));
  const session = reportDowngrades(createSessionState(storage), stats);
  // The real-time check says "not here" (reason 1), then the camera permission is refused (reason 10) twice.
  session.update((draft) => recordRealtimeFailure(draft, "trtc", { kind: "failed", status: "trtc_cameraError", downgrade: DOWNGRADE_REASONS.trtcSdkCheckNoSupport }, 2));
  session.update((draft) => recordDowngrade(draft, DOWNGRADE_REASONS.webcamNoPermissionNormally));
  session.update((draft) => recordDowngrade(draft, DOWNGRADE_REASONS.webcamNoPermissionNormally));
  await client.flush();
  return batchBodySchema.parse(jsonOf(net.to(ANALYTICS_PATHS.batch)[0]!));
}

describe("spec §8: downgrade reasons (§3) reach analytics and the dashboard charts them by reason", () => {
  const clock = testClock(Date.UTC(2030, 0, 1, 9));
  let service: Service;
  let env: { restore(): void };
  beforeAll(async () => {
    env = withEnv({ FACEFLOW_ADMIN_TOKEN: ADMIN });
    service = await startService({ clock });
  });
  afterAll(async () => {
    await service.close();
    env.restore();
  });

  it("a recorded downgrade reason becomes one downgrade event with its code and name", async () => {
    const body = await pageThatDowngrades();
    const downgrades = body.batch.filter((e) => e.name === "downgrade").map((e) => e.data);
    expect(downgrades).toEqual([
      { reason: 1, reasonName: "trtcSdkCheckNoSupport" },
      { reason: 10, reasonName: "webcamNoPermissionNormally" },
    ]);
  });

  it("the dashboard's aggregate counts the uploaded events by reason, not the will-degrade page views", async () => {
    const page = await logIn(service);
    const body = await pageThatDowngrades();
    body.batch.push(event("pageView", { pageId: "willDegrade_transition_0" }, { at: clock.now() }));
    const stored = await post(service, ANALYTICS_PATHS.batch, JSON.stringify(body), { "content-type": "application/json", ...page.auth });
    expect(stored.status).toBe(200);
    const response = await fetch(`${service.baseUrl}/admin/analytics.json?days=7`, { headers: { authorization: `Bearer ${ADMIN}` } });
    const aggregates = (await response.json()) as AnalyticsAggregates;
    expect(aggregates.downgrades).toEqual([
      { label: "1 trtcSdkCheckNoSupport", count: 1 },
      { label: "10 webcamNoPermissionNormally", count: 1 },
    ]);
    const html = await (await fetch(`${service.baseUrl}/admin/analytics?days=7`, { headers: { authorization: `Bearer ${ADMIN}` } })).text();
    expect(html).toContain("10 webcamNoPermissionNormally");
  });
});
