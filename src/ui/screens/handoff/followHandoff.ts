/**
 * The desktop following its phone (issue 32), without React: a handoff is asked for, its state
 * long-polled until it is over, and once the phone's verdict is in the signed result is read
 * and stored as if this page had recorded it (src/capture/settleAttempt.ts), so the result page
 * hands it back to the partner as usual. A poll without an answer is asked again after a pause;
 * the wait ends when the caller aborts.
 */
import type { HandoffOffer, HandoffState } from "../../../../schemas/handoff";
import { storedValueSchemas } from "../../../../schemas/session";
import type { ApiClient } from "../../../api/client";
import type { HandoffApi } from "./handoffApi";
import { resultValuesOf } from "../../../capture/settleAttempt";
import type { KycStorage } from "../../../session/storage";

const LONG_POLL_MS = 20_000;
const RETRY_MS = 2_000;

export type HandoffEnd = { kind: "result"; outcome: "success" | "fail" } | { kind: "over"; state: "cancelled" | "expired" } | { kind: "failed" } | { kind: "aborted" };

interface FollowInput {
  api: Pick<ApiClient, "result">;
  handoff: Pick<HandoffApi, "status">;
  storage: Pick<KycStorage, "setJSON">;
  offer: HandoffOffer;
  onState(state: HandoffState): void;
  sleep(ms: number): Promise<void>;
  signal: AbortSignal;
}

export async function followHandoff({ api, handoff, storage, offer, onState, sleep, signal }: FollowInput): Promise<HandoffEnd> {
  let shown: HandoffState = "waiting";
  let failures = 0;
  while (!signal.aborted) {
    let state: HandoffState;
    try {
      state = (await handoff.status(offer.id, LONG_POLL_MS, shown, signal)).state;
      failures = 0;
    } catch {
      if (signal.aborted) break;
      // Lost polls (a network blip, a proxy's timeout) are asked again; a page that cannot reach the service for a minute gives up.
      if (++failures > 30) return { kind: "failed" };
      await sleep(RETRY_MS);
      continue;
    }
    if (state !== shown) onState(state);
    shown = state;
    if (state === "cancelled" || state === "expired") return { kind: "over", state };
    if (state === "done") {
      try {
        const result = await api.result(signal);
        storage.setJSON("resultValues", resultValuesOf(result.payload));
        // The order is over: recording again cannot help (as settleAttempt stores it).
        storage.setJSON("noRetry", storedValueSchemas.noRetry.parse(true));
        return { kind: "result", outcome: result.state === "passed" ? "success" : "fail" };
      } catch {
        return signal.aborted ? { kind: "aborted" } : { kind: "failed" };
      }
    }
  }
  return { kind: "aborted" };
}
