/**
 * Test double of the capture handlers: every kind yields a handler that emits the given
 * events and resolves with the given outcome, recording how it was started and stopped.
 */
import { createCaptureHandlerRegistry } from "../../src/capture/handlerRegistry";
import { CAPTURE_KINDS, type CaptureEvent, type CaptureKind, type CaptureOutcome, type CaptureRequest } from "../../src/capture/contract";

export interface FakeCaptureLog {
  started: { kind: CaptureKind; request: CaptureRequest }[];
  stopped: CaptureKind[];
  disposed: CaptureKind[];
}

export function fakeCaptureHandlers(script: { outcome?: CaptureOutcome; events?: CaptureEvent[] } = {}) {
  const log: FakeCaptureLog = { started: [], stopped: [], disposed: [] };
  const outcome: CaptureOutcome = script.outcome ?? { kind: "cancelled" };
  const loaders = Object.fromEntries(
    CAPTURE_KINDS.map((kind) => [
      kind,
      async () => () => ({
        kind,
        async start(request: CaptureRequest, onEvent: (e: CaptureEvent) => void) {
          log.started.push({ kind, request });
          for (const e of script.events ?? []) onEvent(e);
          return outcome;
        },
        stop: () => void log.stopped.push(kind),
        dispose: () => void log.disposed.push(kind),
      }),
    ]),
  ) as unknown as Parameters<typeof createCaptureHandlerRegistry>[0];
  return { registry: createCaptureHandlerRegistry(loaders), log };
}
