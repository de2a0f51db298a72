/**
 * The capture kinds faceflow ships: the one registration list. The composition root
 * (src/main.tsx) makes its registry from it, and `npm run validate` cross-checks capture.json's
 * mode table and each kind's routes against it.
 *
 * A new kind: its descriptor in a file of this folder, one line here, its name in
 * CAPTURE_KINDS (src/capture/contract.ts, the kinds the pages know; this record's type then
 * requires the line) and in a mode of capture.json's `modeKinds` (validate requires that).
 */
import type { CaptureKind } from "../contract";
import type { CaptureKindDescriptor } from "./descriptor";
import { fileInputKind } from "./fileInput";
import { recorderKind } from "./recorder";
import { trtcKind } from "./trtc";
import { websocketKind } from "./websocket";
import { wxVideoKind } from "./wxVideo";

export const SHIPPED_CAPTURE_KINDS: { readonly [K in CaptureKind]: CaptureKindDescriptor<K> } = {
  recorder: recorderKind,
  fileInput: fileInputKind,
  wxVideo: wxVideoKind,
  websocket: websocketKind,
  trtc: trtcKind,
};

/** The shipped descriptors as a list, for createCaptureKindRegistry. */
export function shippedCaptureKinds(): CaptureKindDescriptor<CaptureKind>[] {
  return Object.values(SHIPPED_CAPTURE_KINDS);
}
