/**
 * Human over the mesh frames of one recording, in time order, with its face detector run only
 * where it tells something. The detector is about three quarters of a plain frame's time; on
 * the frames between, the mesh follows the faces already found (frameAnalyzer.ts `track`).
 * What the checks count stays what a detector on every frame would give them:
 * - the detector runs on the first and the last frame and between them at least every
 *   `detectorEveryMs` (detectorSchedule);
 * - a frame whose tracking lost a face (it left, or moved out of its box) is looked at again
 *   with the detector;
 * - a detection that disagrees with the faces followed into the frame before it (a face came
 *   in, or one followed is not there) looks again, with the detector, at every frame tracked
 *   since the last detection: the face check sees when the newcomer came, or the face left,
 *   not when the detector next ran.
 * - a frame whose face shows the picture of the frame before (a still photo, a frozen stream)
 *   is detected too: the detector gives the same picture the same box, where tracking moves it
 *   by a pixel now and then, and the frozen check counts identical faces in consecutive frames
 *   (a box one pixel off puts them 20 times its threshold apart).
 * Only a face that came and went between two detections is not seen: it was there for less than
 * `detectorEveryMs`, shorter than the gaps the face check forgives
 * (verification.presence.maxGapMs, which the schema keeps above it).
 */
import type { FaceObservation } from "../../domain/face/types";
import type { AnalysedFrame, FrameAnalyzer } from "./frameAnalyzer";
import { pictureChange } from "./signals/frameSignals";
import type { DecodedFrame } from "./mediaTypes";

interface MeshPassOptions {
  iris: boolean;
  /** Positions (in `frames`) that also get the identity descriptor, and the anti-spoofing and liveness scores. */
  describe: ReadonlySet<number>;
  scored: ReadonlySet<number>;
  /** The longest time between two frames the detector sees (verification.detectorEveryMs). */
  detectorEveryMs: number;
  /** Called after each frame's analysis with the share of frames done. */
  progress(share: number): void;
}

/**
 * Positions of `times` the detector runs on by schedule: the first and the last, and between
 * them each one after which waiting for the next frame would leave more than `everyMs` since
 * the last detection.
 * @example detectorSchedule([0, 83, 167, 250, 333, 417, 500], 200) // Set {0, 2, 4, 6}
 */
export function detectorSchedule(times: readonly number[], everyMs: number): Set<number> {
  const picked = new Set<number>();
  let lastAt = -Infinity;
  for (let k = 0; k < times.length; k++) {
    const next = times[k + 1];
    if (k === 0 || next === undefined || next - lastAt > everyMs) {
      picked.add(k);
      lastAt = times[k] as number;
    }
  }
  return picked;
}

/**
 * Faces whose signatures (signals/frameSignals.ts faceCrop, in the same box) are closer than this
 * show the same picture: twice the distance under which the frozen check calls two faces
 * identical (flows/checks.json thresholds.frozen.identicalBelow, 0.003). Measured: a still
 * photo's recording 0.0000 between analysed frames, the SYNTHETIC live subject 0.004 and up.
 */
export const SAME_PICTURE_DISTANCE = 0.006;

const centre = (f: FaceObservation) => ({ x: f.box.x + f.box.width / 2, y: f.box.y + f.box.height / 2 });
const inside = (p: { x: number; y: number }, f: FaceObservation) => p.x >= f.box.x && p.x <= f.box.x + f.box.width && p.y >= f.box.y && p.y <= f.box.y + f.box.height;

/** Whether a face of the frame before shows the same picture in this frame, in that face's box. */
function samePicture(frame: DecodedFrame, previous: DecodedFrame | undefined, before: readonly FaceObservation[]): boolean {
  if (previous === undefined) return false;
  return before.some((face) => {
    const change = pictureChange(previous, frame, face);
    return change !== null && change < SAME_PICTURE_DISTANCE;
  });
}

/** Whether a detection's faces are other than the ones followed into the frame before: another count, or a face where none was. */
function disagrees(detected: readonly FaceObservation[], followed: readonly FaceObservation[]): boolean {
  return detected.length !== followed.length || detected.some((d) => !followed.some((f) => inside(centre(d), f)));
}

/** Each frame of `frames` analysed, in order (frames in time order, all of one recording). */
export async function analyseMeshFrames(frames: readonly DecodedFrame[], analyzer: FrameAnalyzer, options: MeshPassOptions): Promise<AnalysedFrame[]> {
  const scheduled = detectorSchedule(
    frames.map((f) => f.atMs),
    options.detectorEveryMs,
  );
  const analyse = (k: number, track: boolean) =>
    analyzer.analyze(frames[k] as DecodedFrame, { iris: options.iris, describe: options.describe.has(k), scores: options.scored.has(k), track });
  const results: AnalysedFrame[] = [];
  let lastDetected = -1;
  let before: readonly FaceObservation[] = [];
  for (let k = 0; k < frames.length; k++) {
    // A face whose picture did not change is looked at by the detector, never followed.
    let detected = scheduled.has(k) || samePicture(frames[k] as DecodedFrame, frames[k - 1], before);
    let analysed = await analyse(k, !detected);
    if (!detected && analysed.observation.faces.length < before.length) {
      // Tracking lost a face: it left, or moved out of its box faster than the mesh followed.
      analysed = await analyse(k, false);
      detected = true;
    }
    if (detected && lastDetected < k - 1 && disagrees(analysed.observation.faces, before)) {
      for (let j = lastDetected + 1; j < k; j++) results[j] = await analyse(j, false);
      // Once more on this frame, so the faces followed from here on are this frame's.
      analysed = await analyse(k, false);
    }
    if (detected) lastDetected = k;
    before = analysed.observation.faces;
    results[k] = analysed;
    options.progress((k + 1) / frames.length);
  }
  return results;
}
