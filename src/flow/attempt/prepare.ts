/**
 * Everything a recording page needs before the user may start, fetched once when it opens:
 * the capture kind and its (lazily loaded) handler factory, the digits to read (number
 * mode: GET /api/v1/digits opens the attempt they belong to) and the consent question
 * (will mode, from the order config) and whether the order wants face guidance. A failure names the error screen to show.
 */
import type { ErrorStatus } from "../../../schemas/errors";
import { ApiError } from "../../api/apiError";
import { screenForApiError } from "../../api/screenForApiError";
import type { ApiClient } from "../../api/client";
import type { CaptureDeps, CaptureHandlerFactory, CaptureKind } from "../../capture/contract";
import type { LiveMode } from "../../engine/modes";
import type { FlowRuntime } from "../../runtime/runtime";
import { chooseRecordingKind } from "../../ui/screens/recording/chooseCaptureKind";

type Prepared =
  | { ok: true; kind: CaptureKind; factory: CaptureHandlerFactory<CaptureDeps>; digits: string | null; question: string | null; guidance: boolean }
  | { ok: false; status: ErrorStatus; detail: string };

function failure(rt: FlowRuntime, error: unknown, fallback: ErrorStatus): { ok: false; status: ErrorStatus; detail: string } {
  if (error instanceof ApiError) return { ok: false, status: screenForApiError(error, { stats: rt.stats, fallback }), detail: `${error.code}: ${error.message}` };
  return { ok: false, status: fallback, detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}

/** Loads the handler factory of `kind` (a chunk of its own); a failed load is the generic error. */
export async function loadHandler(rt: FlowRuntime, kind: CaptureKind): Promise<CaptureHandlerFactory<CaptureDeps>> {
  return rt.captureHandlers.get(kind)();
}

export async function prepareAttempt(input: { rt: FlowRuntime; api: Pick<ApiClient, "digits" | "config">; liveMode: LiveMode; will: boolean }): Promise<Prepared> {
  const { rt, api } = input;
  let kind: CaptureKind;
  let factory: CaptureHandlerFactory<CaptureDeps>;
  try {
    kind = await chooseRecordingKind(rt);
    factory = await loadHandler(rt, kind);
  } catch (error) {
    return failure(rt, error, "exception");
  }
  let digits: string | null = null;
  let question: string | null = null;
  if (input.liveMode === "number") {
    try {
      digits = (await api.digits()).digits;
    } catch (error) {
      // Without digits there is nothing to read: the lip-reading text was not obtained (spec §8).
      return failure(rt, error, "lipsException");
    }
  }
  // The order config says whether the partner wants on-device face guidance, and in will mode the question.
  let guidance: boolean;
  try {
    const config = await api.config();
    guidance = config.guidance;
    if (input.will) question = config.will?.question ?? null;
  } catch (error) {
    return failure(rt, error, "exception");
  }
  return { ok: true, kind, factory, digits, question, guidance };
}
