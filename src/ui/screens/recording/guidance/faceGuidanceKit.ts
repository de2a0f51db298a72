/**
 * Everything on-device face guidance needs, gathered in one module so the recording page
 * loads it with a single import() once the camera is live: the worker-backed face session
 * and the pure checks run on its observations. Nothing here reaches the first screen.
 */
export { startFaceSession } from "../../../../face/browser/faceSession";
export type { FaceSession, FaceUnavailableReason } from "../../../../face/browser/faceSession";
export { selectEvidenceFrames } from "../../../../face/evidence";
export { qualityHint } from "../../../../domain/face/quality";
export { createLivenessTracker } from "../../../../face/tracker";
export type { TrackerState } from "../../../../face/tracker";
