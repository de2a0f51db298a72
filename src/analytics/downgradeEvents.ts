/**
 * Downgrade reasons (spec §3) as analytics events, so the staff dashboard can chart why
 * modes were given up. One subscription on the session-state store, attached where the store
 * is made (src/runtime/runtime.ts), sees every reason whichever part of the flow records it
 * (camera failures, real-time failures, the mode choice), where a stats call beside each
 * recordDowngrade would need one per call site and could drift from them.
 *
 * A reason already in the state when the store is made (recorded before a reload) was sent by
 * the page that recorded it and is not sent again; recordDowngrade keeps each reason once.
 */
import { DOWNGRADE_EVENT } from "../../schemas/analyticsEvent";
import { DOWNGRADE_REASONS, type DowngradeReason } from "../../schemas/session";
import type { SessionStateStore } from "../session/sessionState";
import type { StatsRecorder } from "./statsRecorder";

const REASON_NAMES = new Map<number, string>(Object.entries(DOWNGRADE_REASONS).map(([name, code]) => [code, name]));

/** The spec's name of a downgrade reason code, e.g. 9 → "webcamNoPermissionQuickly". */
export const downgradeReasonName = (reason: DowngradeReason): string => REASON_NAMES.get(reason) ?? String(reason);

/**
 * Record a `downgrade` statistic for every reason the store records from now on; returns the store.
 * @example sessionState: () => import("../session/sessionState").then((m) => reportDowngrades(m.createSessionState(storage), stats))
 */
export function reportDowngrades(store: SessionStateStore, stats: Pick<StatsRecorder, "record">): SessionStateStore {
  const known = new Set<DowngradeReason>(store.get().deviceInfo.h5downgrade);
  store.subscribe((state) => {
    for (const reason of state.deviceInfo.h5downgrade) {
      if (known.has(reason)) continue;
      known.add(reason);
      stats.record(DOWNGRADE_EVENT, { reason, reasonName: downgradeReasonName(reason) });
    }
  });
  return store;
}
