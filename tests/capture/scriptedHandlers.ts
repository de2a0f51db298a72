/** Capture handlers of every shipped kind that do nothing until the test emits their events and outcome. */
import type { CaptureEvent, CaptureKind, CaptureOutcome, CaptureRequest } from "../../src/capture/contract";
import { shippedKindRegistry } from "./shippedKinds";

export interface ScriptedHandler {
  kind: CaptureKind;
  request: CaptureRequest;
  emit(event: CaptureEvent): void;
  finish(outcome: CaptureOutcome): void;
  stops: number;
  disposed: boolean;
}

/** Handlers of every kind that do nothing until the test emits their events and outcome. */
export function scriptedHandlers() {
  const made: ScriptedHandler[] = [];
  const registry = shippedKindRegistry((kind: CaptureKind) => async () => () => {
    let onEvent: (e: CaptureEvent) => void = () => undefined;
    let resolve: (o: CaptureOutcome) => void = () => undefined;
    const scripted: ScriptedHandler = {
      kind,
      request: undefined as unknown as CaptureRequest,
      emit: (event) => onEvent(event),
      finish: (outcome) => resolve(outcome),
      stops: 0,
      disposed: false,
    };
    return {
      kind,
      start(request: CaptureRequest, listener: (e: CaptureEvent) => void) {
        scripted.request = request;
        onEvent = listener;
        made.push(scripted);
        return new Promise<CaptureOutcome>((r) => (resolve = r));
      },
      stop: () => void (scripted.stops += 1),
      dispose: () => {
        scripted.disposed = true;
        resolve({ kind: "cancelled" });
      },
    };
  });
  const last = () => {
    const handler = made.at(-1);
    if (!handler) throw new Error("no handler was started");
    return handler;
  };
  return { registry, made, last };
}
