/**
 * The behaviour both real-time pages share around their capture handler:
 *
 * - on arrival, choose the capture kind again (spec §4: the launch's order, what is still
 *   supported, this browser's camera) and record it; a page whose mode is not the choice
 *   forwards to the page that is (replacing itself in the history);
 * - fetch what the check shows (digits in number mode, the will question);
 * - after an attempt, go where its outcome leads: an accepted attempt (ended stream,
 *   uploaded recording) is followed while the service verifies it (核验中 with its steps)
 *   and its verdict settled into the result page; the next mode after a downgrade; or the
 *   error page;
 * - a reload while the service verifies (the stored pending attempt) resumes that wait
 *   instead of choosing a mode and recording again.
 */
import { useCallback, useEffect, useRef } from "react";
import { WEBSOCKET_ERROR_TYPE, type ErrorStatus } from "../../../../schemas/errors";
import { ApiError } from "../../../api/apiError";
import { screenForApiError } from "../../../api/screenForApiError";
import type { AcceptedAttempt } from "../../../capture/awaitVerdict";
import type { CaptureKind, CaptureOutcome } from "../../../capture/contract";
import { followAttempt, type FollowAttemptResult } from "../../../capture/followAttempt";
import { pendingAttemptOf } from "../../../capture/pendingAttempt";
import type { SettleAttemptResult } from "../../../capture/settleAttempt";
import type { RealtimeMode } from "../../../engine/modes";
import { useApi } from "../../apiContext";
import { useFlowNavigate, useRuntime } from "../../FlowProvider";
import { chooseRealtimeKind } from "./chooseRealtimeKind";
import { pathForKind, recordRealtimeChoice, recordRealtimeFailure, stepAfterFailure } from "../../../flow/attempt/realtimeRecords";
import type { StageAction } from "./stageState";

const KIND_OF_MODE = { trtc: "trtc", ws: "websocket" } as const satisfies Record<RealtimeMode, CaptureKind>;
const WS_PATH = "/action/ws/record";

interface RealtimePageOptions {
  mode: RealtimeMode;
  /** Fetch the digits (number mode) and the will question (will mode). */
  needsDigits: boolean;
  needsQuestion: boolean;
  dispatch(action: StageAction): void;
}

/** What a page hands back after an attempt: the handler's outcome (an ended stream is "accepted"), an uploaded recording's accepted attempt, or a refusal already settled. */
export type RealtimeEnding = Exclude<CaptureOutcome, { kind: "recording" }> | { kind: "settled"; result: SettleAttemptResult };

interface RealtimePage {
  /** Go where the attempt's ending leads (an accepted attempt is followed to its verdict and settled here first). */
  finish(ending: RealtimeEnding): Promise<void>;
}

export function useRealtimePage({ mode, needsDigits, needsQuestion, dispatch }: RealtimePageOptions): RealtimePage {
  const rt = useRuntime();
  const api = useApi();
  const navigate = useFlowNavigate();
  // The latest navigate and dispatch, so the arrival effect runs once per page.
  const latest = useRef({ navigate, dispatch });
  latest.current = { navigate, dispatch };
  /** Aborted when the page unmounts: a wait for a verdict stops (the stored attempt resumes it). */
  const life = useRef<AbortController | null>(null);

  const showError = useCallback(
    (status: ErrorStatus) => latest.current.navigate("/error", mode === "ws" ? { status, type: WEBSOCKET_ERROR_TYPE } : { status }, { replace: true }),
    [mode],
  );

  /** Choose the capture kind from the current session state and record the choice. */
  const chooseAndRecord = useCallback(async (): Promise<CaptureKind> => {
    const session = await rt.sessionState();
    const choice = await chooseRealtimeKind(rt, session.get());
    // Idempotent: a second arrival with the same choice records nothing new.
    session.update((draft) => recordRealtimeChoice(draft, choice.kind, rt.launch, choice.facts));
    return choice.kind;
  }, [rt]);

  const forwardTo = useCallback(
    (kind: CaptureKind) => {
      latest.current.dispatch({ type: "leaving" });
      latest.current.navigate(pathForKind(kind, rt.launch), {}, { replace: true });
    },
    [rt],
  );

  const goToResult = useCallback(
    (result: SettleAttemptResult) => {
      latest.current.dispatch({ type: "leaving" });
      if (result.next === "error") return showError(result.status);
      latest.current.navigate(result.next === "success" ? "/success" : "/fail", {}, { replace: true });
    },
    [showError],
  );

  /** Wait for the verdict on an accepted attempt, showing the service's steps. */
  const follow = useCallback(
    (accepted: AcceptedAttempt, signal: AbortSignal | undefined): Promise<FollowAttemptResult> => {
      latest.current.dispatch({ type: "verifying", step: null, progress: 0 });
      return followAttempt({
        api,
        storage: rt.storage,
        stats: rt.stats,
        accepted,
        sleep: (ms) => new Promise<void>((resolve) => void rt.win.setTimeout(resolve, ms)),
        now: () => rt.win.performance.now(),
        ...(signal ? { signal } : {}),
        onProgress: ({ step, progress }) => latest.current.dispatch({ type: "verifying", step, progress }),
        onJudged: () => latest.current.dispatch({ type: "leaving" }),
      });
    },
    [rt, api],
  );

  useEffect(() => {
    let live = true;
    const controller = new AbortController();
    life.current = controller;
    void (async () => {
      const pending = pendingAttemptOf(rt.storage);
      if (pending !== null) {
        rt.stats.record("verdictResumed", { attempt: pending.attempt });
        const followed = await follow({ state: "accepted", attempt: pending.attempt }, controller.signal);
        if (!live || followed.next === "aborted") return;
        // A number the service does not know (another session's, an old one): arrive as usual.
        if (followed.next !== "unknownAttempt") return goToResult(followed);
      }
      const kind = await chooseAndRecord();
      if (!live) return;
      // Will mode never stays on the websocket page: a stream carries no spoken consent.
      const stays = kind === KIND_OF_MODE[mode] && (mode === "trtc" || pathForKind(kind, rt.launch) === WS_PATH);
      if (!stays) return forwardTo(kind);
      try {
        const digits = needsDigits ? (await api.digits()).digits : null;
        const question = needsQuestion ? ((await api.config()).will?.question ?? null) : null;
        if (live) latest.current.dispatch({ type: "prepared", digits, question });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (live) showError(screenForApiError(error, { stats: rt.stats }));
      }
    })().catch(() => live && showError("exception"));
    return () => {
      live = false;
      controller.abort();
    };
  }, [rt, api, mode, needsDigits, needsQuestion, showError, chooseAndRecord, forwardTo, follow, goToResult]);

  const finish = useCallback(
    async (ending: RealtimeEnding): Promise<void> => {
      switch (ending.kind) {
        case "cancelled":
          return latest.current.dispatch({ type: "reset" });
        case "settled":
          return goToResult(ending.result);
        case "accepted": {
          const followed = await follow(ending.accepted, life.current?.signal);
          if (followed.next === "aborted") return;
          // A fresh attempt the service does not know is the catalogue's "uploaded video not found".
          return goToResult(followed.next === "unknownAttempt" ? { next: "error", status: followed.status } : followed);
        }
        case "failed": {
          latest.current.dispatch({ type: "leaving" });
          const session = await rt.sessionState();
          const after = session.update((draft) => recordRealtimeFailure(draft, mode, ending, rt.capture.frontErrorThreshold));
          rt.stats.record("realtimeFailed", { mode, status: ending.status, downgrade: ending.downgrade ?? 0, frontError: ending.frontError ?? false });
          const step = stepAfterFailure(mode, ending, after);
          return step.kind === "downgrade" ? forwardTo(await chooseAndRecord()) : showError(step.status);
        }
      }
    },
    [rt, mode, showError, goToResult, chooseAndRecord, forwardTo, follow],
  );

  return { finish };
}
