/**
 * Test double of the capture handlers: every kind yields a handler that emits the given
 * events and resolves with the given outcome, recording how it was started and stopped.
 */
import type { CaptureEvent, CaptureKind, CaptureOutcome, CaptureRequest } from "../../src/capture/contract";
import { shippedKindRegistry } from "./shippedKinds";

export interface FakeCaptureLog {
  started: { kind: CaptureKind; request: CaptureRequest }[];
  stopped: CaptureKind[];
  disposed: CaptureKind[];
}

export function fakeCaptureHandlers(script: { outcome?: CaptureOutcome; events?: CaptureEvent[] } = {}) {
  const log: FakeCaptureLog = { started: [], stopped: [], disposed: [] };
  const outcome: CaptureOutcome = script.outcome ?? { kind: "cancelled" };
  const registry = shippedKindRegistry((kind: CaptureKind) => async () => () => ({
    kind,
    async start(request: CaptureRequest, onEvent: (e: CaptureEvent) => void) {
      log.started.push({ kind, request });
      for (const e of script.events ?? []) onEvent(e);
      return outcome;
    },
    stop: () => void log.stopped.push(kind),
    dispose: () => void log.disposed.push(kind),
  }));
  return { registry, log };
}
