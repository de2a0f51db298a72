/**
 * The recording pages' policy (attemptPolicy.ts): the page chooses its kind and loads its
 * handler before the tap (prepare.ts); a failed handler switches the page to another kind
 * where one still records (cameraFailure.ts), else shows its error; face guidance runs around
 * the recorder, and the page records when its camera started and showed its first picture.
 */
import { deviceModeOf, setDeviceMode } from "../../capture/downgrade";
import type { AttemptPolicy } from "./attemptPolicy";
import { afterCameraFailure } from "./cameraFailure";
import { prepareRecording } from "./prepare";

export const RECORDING_POLICY: AttemptPolicy = {
  async prepare(deps, options) {
    const ready = await prepareRecording(deps, options);
    if (ready.ok) return ready;
    deps.stats.record("capturePrepareFailed", { status: ready.status, detail: ready.detail });
    return { ok: false, exit: { to: "error", status: ready.status } };
  },
  leavesAtFailure: false,
  afterFailure(deps, kind, failure) {
    return afterCameraFailure(deps, kind, failure).then(
      (step) => {
        if (step.kind === "switch") return { to: "switch", kind: step.to, factory: step.factory, reason: step.reason };
        return { to: "leave", exit: step.kind === "error" ? { to: "error", status: step.status } : { to: "kind", kind: step.to } };
      },
      // Recording the failure broke: the failure's own screen.
      () => ({ to: "leave", exit: { to: "error", status: failure.status } }),
    );
  },
  crash: { kind: "failed", status: "exception" },
  alternativeElsewhere: null,
  // The recorder holds its countdown until face guidance runs.
  beforeCountdown: (deps) => deps.guidance.ready(),
  started(deps, kind) {
    deps.stats.record("captureStart", { kind });
    void deps.sessionState().then((store) => store.update((draft) => setDeviceMode(draft, deviceModeOf(kind))));
  },
  cameraReady(deps, kind, ms) {
    deps.stats.record("cameraReady", { ms, kind });
  },
};
