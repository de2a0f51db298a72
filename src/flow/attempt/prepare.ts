/**
 * Everything a recording page needs before the user may start, fetched once when it opens:
 * the capture kind and its (lazily loaded) handler factory, the digits to read (number
 * mode: GET /api/v1/digits opens the attempt they belong to), the consent question (will
 * mode, from the order config) and whether the order wants face guidance. A failure names
 * the error screen to show.
 */
import type { ErrorStatus } from "../../../schemas/errors";
import { ApiError } from "../../api/apiError";
import { screenForApiError } from "../../api/screenForApiError";
import type { CaptureDeps, CaptureHandlerFactory, CaptureKind } from "../../capture/contract";
import { lightPlanOf, prefersReducedMotion, type LightPlan } from "./lightRoute";
import type { AttemptDeps, AttemptOptions } from "./ports";

export type PrepareFailure = { ok: false; status: ErrorStatus; detail: string };

type Prepared =
  | { ok: true; kind: CaptureKind; factory: CaptureHandlerFactory<CaptureDeps>; digits: string | null; question: string | null; guidance: boolean; light: LightPlan | null }
  | PrepareFailure;

/** The error screen of a failed step: the service's code when it answered, else `fallback`. */
export function prepareFailure(deps: Pick<AttemptDeps, "stats">, error: unknown, fallback: ErrorStatus): PrepareFailure {
  if (error instanceof ApiError) return { ok: false, status: screenForApiError(error, { stats: deps.stats, fallback }), detail: `${error.code}: ${error.message}` };
  return { ok: false, status: fallback, detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}

/** Loads the handler factory of `kind` (a chunk of its own). */
export async function loadHandler(deps: Pick<AttemptDeps, "captureHandlers">, kind: CaptureKind): Promise<CaptureHandlerFactory<CaptureDeps>> {
  return deps.captureHandlers.get(kind)();
}

export async function prepareRecording(deps: AttemptDeps, options: Pick<AttemptOptions, "liveMode" | "will">): Promise<Prepared> {
  let kind: CaptureKind;
  let factory: CaptureHandlerFactory<CaptureDeps>;
  try {
    kind = (await deps.chooseKind("recording")).kind;
    factory = await loadHandler(deps, kind);
  } catch (error) {
    return prepareFailure(deps, error, "exception");
  }
  let digits: string | null = null;
  let question: string | null = null;
  if (options.liveMode === "number") {
    try {
      digits = (await deps.api.digits()).digits;
    } catch (error) {
      // Without digits there is nothing to read: the lip-reading text was not obtained (spec §8).
      return prepareFailure(deps, error, "lipsException");
    }
  }
  // The order config says whether the partner wants on-device face guidance, and in will mode the question.
  let guidance: boolean;
  let light: LightPlan | null;
  try {
    // The question in the page's language (the launch's lang, else the browser's).
    const config = await deps.api.config(deps.language?.tag ?? deps.launch.lang);
    guidance = config.guidance;
    // Light modes: a kind recording outside the page cannot show the colours around the face.
    const showsPage = deps.captureHandlers.descriptor(kind).traits.usesPageCamera;
    light = lightPlanOf(config, { reducedMotion: prefersReducedMotion(deps.win), showsPage });
    if (options.will) question = config.will?.question ?? null;
  } catch (error) {
    return prepareFailure(deps, error, "exception");
  }
  return { ok: true, kind, factory, digits, question, guidance, light };
}
