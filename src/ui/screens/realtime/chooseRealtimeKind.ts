/**
 * The capture kind on a real-time page: selectCaptureKind (src/capture/modeChoice.ts) fed
 * with the session state, what this browser can do and the runtime's capture kinds. Unlike
 * the plain recording pages, every kind is a candidate here, the real-time ones included, in
 * the launch's order (spec §4); a kind of another page sends the user there.
 */
import type { SessionState } from "../../../../schemas/session";
import type { CaptureKind } from "../../../capture/contract";
import { selectCaptureKind } from "../../../capture/modeChoice";
import { platformOfUserAgent } from "../../../capture/recorder/platform";
import type { FlowRuntime } from "../../../runtime/runtime";
import { loadCameraCheck } from "../cameraCheck";
import type { CameraFacts } from "../../../flow/attempt/realtimeRecords";

interface RealtimeChoice {
  kind: CaptureKind;
  facts: CameraFacts;
}

/** getUserMedia exists (it is missing outside a secure context and in old browsers). */
function hasCameraApi(win: Window): boolean {
  return typeof (win.navigator as Partial<Navigator>).mediaDevices?.getUserMedia === "function";
}

export async function chooseRealtimeKind(rt: FlowRuntime, state: SessionState): Promise<RealtimeChoice> {
  // Loaded on demand, as on the start pages: the user-agent parser is not in the first screen.
  const cameraCheck = await loadCameraCheck(rt);
  const facts: CameraFacts = { cameraApi: hasCameraApi(rt.win), cameraEligible: cameraCheck.check().allowed };
  const kind = selectCaptureKind(
    {
      launch: rt.launch,
      state,
      ...facts,
      wxCameraUsable: rt.wxCameraUsable,
      platform: platformOfUserAgent(rt.win.navigator.userAgent),
    },
    rt.captureHandlers,
  );
  return { kind, facts };
}
