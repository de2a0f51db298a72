/**
 * The behaviour both real-time pages share around their capture handler:
 *
 * - on arrival, choose the capture kind again (spec §4: the launch's order, what is still
 *   supported, this browser's camera) and record it; a page whose mode is not the choice
 *   forwards to the page that is (replacing itself in the history);
 * - fetch what the check shows (digits in number mode, the will question);
 * - after an attempt, go where its outcome leads: the result page through settleAttempt,
 *   the next mode after a downgrade, or the error page.
 */
import { useCallback, useEffect, useRef } from "react";
import captureJson from "../../../../flows/capture.json";
import type { CaptureFile } from "../../../../schemas/capture";
import { WEBSOCKET_ERROR_TYPE, type ErrorStatus } from "../../../../schemas/errors";
import { ApiError, errorScreenOf } from "../../../api/apiError";
import type { CaptureKind, CaptureOutcome } from "../../../capture/contract";
import { settleAttempt, type SettleAttemptResult } from "../../../capture/settleAttempt";
import type { RealtimeMode } from "../../../engine/modes";
import { useApi } from "../../apiContext";
import { useFlowNavigate, useRuntime } from "../../FlowProvider";
import { chooseRealtimeKind } from "./chooseRealtimeKind";
import { pathForKind, recordRealtimeChoice, recordRealtimeFailure, stepAfterFailure } from "./realtimePlan";
import type { StageAction } from "./stageState";

/** capture.json was validated by build.mjs before it was embedded. */
const capture = captureJson as CaptureFile;

const KIND_OF_MODE = { trtc: "trtc", ws: "websocket" } as const satisfies Record<RealtimeMode, CaptureKind>;
const WS_PATH = "/action/ws/record";

export interface RealtimePageOptions {
  mode: RealtimeMode;
  /** Fetch the digits (number mode) and the will question (will mode). */
  needsDigits: boolean;
  needsQuestion: boolean;
  dispatch(action: StageAction): void;
}

/** What a page hands back after an attempt: the handler's outcome, or a recording it already submitted. */
export type RealtimeEnding = Exclude<CaptureOutcome, { kind: "recording" }> | { kind: "settled"; result: SettleAttemptResult };

export interface RealtimePage {
  /** Go where the attempt's ending leads (a judged stream is settled here first). */
  finish(ending: RealtimeEnding): Promise<void>;
}

export function useRealtimePage({ mode, needsDigits, needsQuestion, dispatch }: RealtimePageOptions): RealtimePage {
  const rt = useRuntime();
  const api = useApi();
  const navigate = useFlowNavigate();
  // The latest navigate and dispatch, so the arrival effect runs once per page.
  const latest = useRef({ navigate, dispatch });
  latest.current = { navigate, dispatch };

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

  useEffect(() => {
    let live = true;
    void (async () => {
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
        if (live) showError(errorScreenOf(error) ?? "exception");
      }
    })().catch(() => live && showError("exception"));
    return () => {
      live = false;
    };
  }, [rt, api, mode, needsDigits, needsQuestion, showError, chooseAndRecord, forwardTo]);

  const goToResult = useCallback(
    (result: SettleAttemptResult) => {
      latest.current.dispatch({ type: "leaving" });
      if (result.next === "error") return showError(result.status);
      latest.current.navigate(result.next === "success" ? "/success" : "/fail", {}, { replace: true });
    },
    [showError],
  );

  const finish = useCallback(
    async (ending: RealtimeEnding): Promise<void> => {
      switch (ending.kind) {
        case "cancelled":
          return latest.current.dispatch({ type: "reset" });
        case "settled":
          return goToResult(ending.result);
        case "judged":
          return goToResult(await settleAttempt({ api, outcome: ending.outcome, storage: rt.storage }));
        case "failed": {
          latest.current.dispatch({ type: "leaving" });
          const session = await rt.sessionState();
          const after = session.update((draft) => recordRealtimeFailure(draft, mode, ending, capture.frontErrorThreshold));
          rt.stats.record("realtimeFailed", { mode, status: ending.status, downgrade: ending.downgrade ?? 0, frontError: ending.frontError ?? false });
          const step = stepAfterFailure(mode, ending, after);
          return step.kind === "downgrade" ? forwardTo(await chooseAndRecord()) : showError(step.status);
        }
      }
    },
    [rt, api, mode, showError, goToResult, chooseAndRecord, forwardTo],
  );

  return { finish };
}
