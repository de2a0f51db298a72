/**
 * A real-time page's arrival (spec §4): choose the capture kind again (the launch's order,
 * what is still supported, this browser's camera) and record the choice; a page whose own
 * kind is not the choice forwards to the page that is. When it stays, fetch what the check
 * shows (digits in number mode, the will question) and whether the mode shows light.
 */
import { ApiError } from "../../api/apiError";
import { screenForApiError } from "../../api/screenForApiError";
import type { CaptureKind } from "../../capture/contract";
import { isWillMode, type RealtimeMode } from "../../domain/modes";
import { lightPlanOf, prefersReducedMotion, type LightPlan } from "./lightRoute";
import type { AttemptDeps, AttemptOptions } from "./ports";
import type { PrepareFailure } from "./prepare";
import { recordRealtimeChoice } from "./realtimeRecords";

/** The capture kind each real-time page runs. */
export const KIND_OF_REALTIME_MODE = { trtc: "trtc", ws: "websocket" } as const satisfies Record<RealtimeMode, CaptureKind>;

type RealtimeArrival =
  | { ok: true; kind: CaptureKind; digits: string | null; question: string | null; light: LightPlan | null }
  | { ok: "forward"; to: CaptureKind }
  | PrepareFailure;

/** Choose the capture kind from the current session state and record the choice (idempotent: the same choice again records nothing new). */
export async function chooseAndRecordRealtime(deps: AttemptDeps): Promise<CaptureKind> {
  const session = await deps.sessionState();
  const choice = await deps.chooseKind("realtime");
  session.update((draft) => recordRealtimeChoice(draft, choice.kind, deps.launch, choice.facts));
  return choice.kind;
}

export async function arriveRealtime(deps: AttemptDeps, options: Pick<AttemptOptions, "liveMode" | "will">, mode: RealtimeMode): Promise<RealtimeArrival> {
  const kind = await chooseAndRecordRealtime(deps);
  const own = KIND_OF_REALTIME_MODE[mode];
  // Will mode never stays on the websocket page: a stream carries no spoken consent.
  const stays = kind === own && (mode === "trtc" || !isWillMode(deps.launch));
  if (!stays) return { ok: "forward", to: kind };
  try {
    const digits = options.liveMode === "number" ? (await deps.api.digits()).digits : null;
    // The question in the page's language (the launch's lang, else the browser's); the light's plan.
    const config = await deps.api.config(deps.language?.tag ?? deps.launch.lang);
    const question = options.will ? (config.will?.question ?? null) : null;
    const light = lightPlanOf(config, { reducedMotion: prefersReducedMotion(deps.win), showsPage: true });
    return { ok: true, kind: own, digits, question, light };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, status: screenForApiError(error, { stats: deps.stats }), detail: `${error.code}: ${error.message}` };
  }
}
