/**
 * The recording page's waits for a verdict (capture/followAttempt.ts): what every wait uses —
 * the page's timers and clock, the 核验中 view's dispatches, the page's lifetime as the abort
 * signal — and, on arrival, the resume of an attempt stored as pending: a reload while the
 * service verifies waits for that attempt's verdict instead of recording a new one.
 */
import { useCallback, useEffect, useRef } from "react";
import type { ApiClient } from "../../../api/client";
import { pendingAttemptOf } from "../../../capture/pendingAttempt";
import type { FlowRuntime } from "../../../runtime/runtime";
import type { AttemptAction } from "../../../flow/attempt/attemptState";
import { followWith, submitResultOf, type FollowDeps, type SubmitResult } from "../../../flow/attempt/submit";

interface VerdictWaitOptions {
  rt: FlowRuntime;
  api: Pick<ApiClient, "attemptState" | "result">;
  now(): number;
  dispatch(action: AttemptAction): void;
  /** Where a resumed wait leads. */
  onResumed(result: SubmitResult): void;
  /** Nothing to resume (none stored, or the service does not know the stored one): prepare the page. */
  onNothingToResume(): void;
}

export function useVerdictWait({ rt, api, now, dispatch, onResumed, onNothingToResume }: VerdictWaitOptions): { followDeps(): FollowDeps } {
  /** Aborted when the page unmounts: a wait stops there (the stored attempt resumes it on return). */
  const life = useRef<AbortController | null>(null);

  const followDeps = useCallback(
    (): FollowDeps => ({
      api,
      storage: rt.storage,
      stats: rt.stats,
      sleep: (ms) => new Promise((resolve) => rt.win.setTimeout(resolve, ms)),
      now,
      ...(life.current ? { signal: life.current.signal } : {}),
      onVerifying: ({ step, progress }) => dispatch({ type: "verifying", step, progress }),
      onJudged: () => dispatch({ type: "settling" }),
    }),
    [api, rt, now, dispatch],
  );

  useEffect(() => {
    const controller = new AbortController();
    life.current = controller;
    const pending = pendingAttemptOf(rt.storage);
    if (pending === null) {
      onNothingToResume();
    } else {
      // Polling is harmless to repeat, so every mount (StrictMode's second too) resumes the wait.
      rt.stats.record("verdictResumed", { attempt: pending.attempt });
      dispatch({ type: "verifying", step: null, progress: 0 });
      void followWith({ state: "accepted", attempt: pending.attempt }, followDeps()).then(
        (followed) => {
          if (controller.signal.aborted) return;
          // A number the service does not know (another session's, an old one): record as usual.
          if (followed.next === "unknownAttempt") return onNothingToResume();
          onResumed(submitResultOf(followed));
        },
        () => onResumed({ to: "error", status: "exception" }),
      );
    }
    return () => controller.abort();
  }, [rt, dispatch, followDeps, onResumed, onNothingToResume]);

  return { followDeps };
}
