/**
 * From an attempt the service accepted to the next page: remember it (a reload resumes the
 * wait), wait for the verdict with its progress (awaitVerdict), forget it, and settle the
 * verdict as before (signed result stored, success / fail / error). Shared by every capture
 * path: uploads of the recording pages and of real-time video, and the frame stream.
 *
 * The stored attempt is forgotten on every ending but one: a page that went away (unmounted,
 * reloaded) keeps it, which is the point. A wait given up after its time bound forgets it too,
 * so the error page's retry records again rather than waiting for ever on a lost attempt.
 */
import type { ErrorStatus } from "../../schemas/errors";
import type { ApiClient } from "../api/client";
import type { KycStorage } from "../session/storage";
import { awaitVerdict, type AwaitVerdictInput } from "./awaitVerdict";
import { forgetPendingAttempt, rememberPendingAttempt } from "./pendingAttempt";
import { settleAttempt, type SettleAttemptResult } from "./settleAttempt";

interface FollowAttemptInput extends Omit<AwaitVerdictInput, "api"> {
  api: Pick<ApiClient, "attemptState" | "result">;
  storage: Pick<KycStorage, "setJSON" | "remove">;
  /** The verdict is in; the signed result is fetched next. */
  onJudged?(): void;
}

export type FollowAttemptResult =
  | SettleAttemptResult
  /** The service does not know the attempt (404): for a reload's stored number, nothing to wait for. */
  | { next: "unknownAttempt"; status: ErrorStatus }
  /** The page went away while waiting. */
  | { next: "aborted" };

/**
 * @example const next = await followAttempt({ api, storage: rt.storage, stats: rt.stats, accepted: await api.upload(meta, video), onProgress, sleep, now });
 */
export async function followAttempt(input: FollowAttemptInput): Promise<FollowAttemptResult> {
  const { api, storage, stats } = input;
  rememberPendingAttempt(storage, input.accepted.attempt);
  const verdict = await awaitVerdict(input);
  if (verdict.ok) {
    forgetPendingAttempt(storage);
    input.onJudged?.();
    return settleAttempt({ api, outcome: verdict.outcome, storage, stats });
  }
  if (verdict.reason === "aborted") return { next: "aborted" };
  forgetPendingAttempt(storage);
  if (verdict.reason === "unknownAttempt") return { next: "unknownAttempt", status: verdict.status };
  return { next: "error", status: verdict.status };
}
