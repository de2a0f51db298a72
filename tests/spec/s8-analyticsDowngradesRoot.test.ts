// @vitest-environment jsdom
/**
 * Spec §8 (analytics) with §3's downgrade reasons, at the composition root: the page's
 * session-state store, as the runtime makes it, turns every downgrade reason any part of the
 * flow records into a `downgrade` statistic for the analytics client, once per reason.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DOWNGRADE_REASONS } from "../../schemas/session";
import { markRealtimeUnsupported, recordFrontError } from "../../src/capture/downgrade";
import { setupFlow } from "../ui/screens/harness";

const downgradeEvents = (pending: readonly { name: string; data: Record<string, unknown> }[]) => pending.filter((e) => e.name === "downgrade").map((e) => e.data);

afterEach(() => window.localStorage.clear());

describe("spec §8: the runtime's session state reports downgrade reasons (§3) to analytics", () => {
  it("records a downgrade statistic per new reason, whichever recipe recorded it", async () => {
    const { rt } = setupFlow({ url: "/?order_no=O-16#/" });
    const session = await rt.sessionState();
    session.update((draft) => recordFrontError(draft, "ws", 2));
    expect(downgradeEvents(rt.stats.pending())).toEqual([]);
    session.update((draft) => recordFrontError(draft, "ws", 2));
    session.update((draft) => markRealtimeUnsupported(draft, DOWNGRADE_REASONS.webcamOtherError));
    expect(downgradeEvents(rt.stats.pending())).toEqual([
      { reason: 6, reasonName: "websocketFrontError" },
      { reason: 12, reasonName: "webcamOtherError" },
    ]);
  });
});
