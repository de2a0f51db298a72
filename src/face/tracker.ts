/**
 * Follows one guided recording frame by frame: the hint to show, which action to prompt, and
 * when every check is done (so the recording can stop by itself). The browser feeds it the
 * camera's frames as they are analysed; the service judges whole recordings with the same
 * detectors (src/domain/face/judgeActions.ts).
 */
import type { FaceConfig } from "../../schemas/capture";
import { ACTION_CODE_LIST, detectAction, isActionCode, type ActionCode } from "../domain/face/actions";
import { measureFace } from "../domain/face/geometry";
import { emptyHintCounts, qualityHint, singleFace, type GuidanceHint } from "../domain/face/quality";
import { steadyEndingAt } from "../domain/face/silent";
import type { FaceMeasures, FrameObservation } from "../domain/face/types";

export interface TrackerState {
  /** The hint for the latest frame ("noFace" before any frame). */
  hint: GuidanceHint;
  /** The action to prompt now (index into the asked actions); = actions.length once all are confirmed. */
  actionIndex: number;
  /** When each confirmed action was confirmed (its return frame), in order. */
  confirmedAtMs: number[];
  /** Every asked check done: all actions confirmed, the steady face held (silent), or a good face seen (number mode). */
  done: boolean;
  /** The frames that prove what was confirmed, ascending: what the evidence must include. */
  keyAtMs: number[];
  /** How many frames got each hint. */
  hintCounts: Record<GuidanceHint, number>;
  /** Frames pushed so far. */
  frames: number;
}

interface LivenessTracker {
  /** Take the next frame (frames in capture order) and return the new state. */
  push(frame: FrameObservation): TrackerState;
  readonly state: TrackerState;
}

interface TrackerOptions {
  /** Action codes in the order asked ("1".."4"); empty for number and silent modes. */
  actions: readonly string[];
  /** Silent mode: a steady single face is required. */
  silent: boolean;
  config: FaceConfig;
}

function parseActions(actions: readonly string[]): ActionCode[] {
  return actions.map((code) => {
    if (!isActionCode(code)) throw new Error(`Unknown action code "${code}"; known codes: ${ACTION_CODE_LIST.join(", ")}`);
    return code;
  });
}

/**
 * A tracker for one recording. Each action is looked for only in the frames after the previous
 * one was confirmed, so doing them out of order does not count, and every action has a fresh
 * baseline. Number mode (no actions, not silent) is done at the first frame with one good face.
 *
 * @example const tracker = createLivenessTracker({ actions: ["2", "1"], silent: false, config: capture.face });
 *          const { hint, actionIndex, done } = tracker.push(frame);
 */
export function createLivenessTracker(options: TrackerOptions): LivenessTracker {
  const codes = parseActions(options.actions);
  const { config, silent } = options;
  const numberMode = codes.length === 0 && !silent;
  // Figures of the current action's frames (since the previous confirmation), and every frame for the steady check.
  let segment: FaceMeasures[] = [];
  const seen: FrameObservation[] = [];
  let steady = false;
  let faceSeen = false;
  let state: TrackerState = {
    hint: "noFace",
    actionIndex: 0,
    confirmedAtMs: [],
    done: false,
    keyAtMs: [],
    hintCounts: emptyHintCounts(),
    frames: 0,
  };

  function push(frame: FrameObservation): TrackerState {
    const hint = qualityHint(frame, config.quality);
    let { actionIndex } = state;
    const confirmedAtMs = [...state.confirmedAtMs];
    const keyAtMs = [...state.keyAtMs];

    const code = codes[actionIndex];
    if (code !== undefined) {
      const face = singleFace(frame, config.quality);
      const measures = face && measureFace(face, frame.atMs);
      // Frames without exactly one measurable face are skipped, not counted against the action.
      if (measures) {
        segment.push(measures);
        const found = detectAction(code, segment, config.actions);
        if (found.done) {
          confirmedAtMs.push(frame.atMs);
          keyAtMs.push(...found.keyAtMs);
          actionIndex += 1;
          segment = [];
        }
      }
    }
    if (silent && !steady) {
      seen.push(frame);
      const held = steadyEndingAt(seen, seen.length - 1, config.silent, config.quality);
      if (held) {
        steady = true;
        keyAtMs.push(...held);
      }
    }
    if (numberMode && !faceSeen && hint === "ok") {
      faceSeen = true;
      keyAtMs.push(frame.atMs);
    }

    const done = actionIndex === codes.length && (!silent || steady) && (!numberMode || faceSeen);
    state = {
      hint,
      actionIndex,
      confirmedAtMs,
      done,
      keyAtMs: [...new Set(keyAtMs)].sort((a, b) => a - b),
      hintCounts: { ...state.hintCounts, [hint]: state.hintCounts[hint] + 1 },
      frames: state.frames + 1,
    };
    return state;
  }

  return {
    push,
    get state() {
      return state;
    },
  };
}
