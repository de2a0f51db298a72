/**
 * The verifier's face checks on the evidence frames a guided client sends with its recording:
 * each frame is analysed on the service (FaceAnalyzer), then judged by the same pure code the
 * browser used while recording (src/face/judgeFrames.ts). Checks, in order: face (one face in
 * every frame), liveness (mean anti-spoofing and liveness scores), then actions (action mode,
 * each requested action seen, in order) or steady (silent mode).
 *
 * When the checks cannot run (the partner turned guidance off, the device could not run it,
 * the service's analyzer is unavailable) one passing "face" check says so and why: the
 * verdict then rests on the other checks, and faceCode stays unset so a partner can tell.
 */
import type { LiveType, UploadGuidance } from "../../../schemas/api";
import type { FaceConfig } from "../../../schemas/capture";
import { isActionCode } from "../../face/actions";
import { judgeFrames, type FrameJudgement } from "../../face/judgeFrames";
import type { FrameObservation } from "../../face/types";
import { FaceAnalyzerUnavailableError, type FaceAnalyzer } from "../face/faceAnalyzer";
import { actionName, failed, pass, type Outcome } from "./checkOutcome";
import { VERIFY_CODES } from "./verifyCodes";

export interface EvidenceFrame {
  /** The JPEG as received. */
  jpeg: Uint8Array;
  /** When it was taken on the capture's clock (the report's evidenceAtMs). */
  atMs: number;
}

/** What the upload brought for the face checks. */
export interface FaceEvidence {
  /** The order's `guidance` option. */
  guidance: boolean;
  /** The device's guidance report; null when the client sent none. */
  report: UploadGuidance | null;
  frames: EvidenceFrame[];
}

export interface FaceChecks {
  outcomes: Outcome[];
  /** The checks ran (pass or fail): faceCode is reported. */
  ran: boolean;
  /** Mean scores over the frames with one face, when frames were analysed; null inside: none measured. */
  scores: { real: number | null; live: number | null } | null;
}

const UNAVAILABLE_REASONS: Record<NonNullable<UploadGuidance["reason"]>, string> = {
  wasm: "WebAssembly is unavailable",
  load: "the face models did not load in time",
  slow: "the device analysed frames too slowly",
  worker: "the analysis worker failed",
  unsupported: "the browser lacks what the analysis needs",
};

const NONE_MADE = "no face, liveness or action checks were made";
const PROVENANCE =
  "The frames were sent by the client with the recording; that they were taken from it is not checked (the service decodes no video).";

const notRun = (detail: string): FaceChecks => ({ outcomes: [pass("face", detail)], ran: false, scores: null });
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** Why no frame came, as a passing not-checked outcome or a failing one. */
function withoutFrames(evidence: FaceEvidence): FaceChecks {
  const { report } = evidence;
  if (report === null) return notRun(`Not checked: the upload carried no face guidance report (a client without on-device guidance), so ${NONE_MADE}.`);
  if (report.status === "unavailable") {
    const why = report.reason === null ? "no reason given" : `${report.reason}: ${UNAVAILABLE_REASONS[report.reason]}`;
    return notRun(`Not checked: the device could not run face analysis (${why}), so ${NONE_MADE}.`);
  }
  const detail =
    report.status === "on"
      ? `The device ran face guidance (${plural(report.frames, "frame")} analysed there) but sent no evidence frames with the recording.`
      : "The order has face guidance on, but the device reported it off and sent no evidence frames with the recording.";
  return { outcomes: [failed("face", VERIFY_CODES.faceEvidenceMissing, detail)], ran: true, scores: null };
}

type Analysed = { ok: true; frames: FrameObservation[] } | { ok: false; result: FaceChecks };

async function analyseAll(frames: EvidenceFrame[], analyzer: FaceAnalyzer): Promise<Analysed> {
  const observed: FrameObservation[] = [];
  for (const [i, frame] of frames.entries()) {
    try {
      observed.push(await analyzer.analyze(frame.jpeg, frame.atMs));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      if (error instanceof FaceAnalyzerUnavailableError) {
        return { ok: false, result: notRun(`Not checked: the service's face analyzer is unavailable (${why}); ${plural(frames.length, "evidence frame")} received, ${NONE_MADE}.`) };
      }
      // Anything else came from the frame the client sent: it is refused, never skipped.
      const detail = `Evidence frame ${i + 1} of ${frames.length} (at ${Math.round(frame.atMs)} ms) could not be analysed: ${why}.`;
      return { ok: false, result: { outcomes: [failed("face", VERIFY_CODES.faceEvidenceUnreadable, detail)], ran: true, scores: null } };
    }
  }
  return { ok: true, frames: observed };
}

function checkFace(j: FrameJudgement, minScore: number): Outcome {
  const of = `of the ${plural(j.frames, "evidence frame")}`;
  const noFace = j.frames - j.framesWithFace;
  if (j.framesWithSeveralFaces > 0) {
    return failed("face", VERIFY_CODES.severalFaces, `More than one face in ${j.framesWithSeveralFaces} ${of} (detector score at least ${minScore}).`);
  }
  if (noFace > 0) return failed("face", VERIFY_CODES.noFace, `No face in ${noFace} ${of} (detector score at least ${minScore}).`);
  return pass("face", `One face in each ${of}, analysed on the service (detector score at least ${minScore}). ${PROVENANCE}`);
}

function checkLiveness(j: FrameJudgement, t: FaceConfig["liveness"]): Outcome {
  if (j.real === null || j.live === null) {
    return failed("liveness", VERIFY_CODES.livenessLow, "No anti-spoofing or liveness score: no evidence frame shows exactly one face.");
  }
  const scores = `Mean anti-spoofing score ${j.real.toFixed(2)} (at least ${t.minReal} required) and liveness score ${j.live.toFixed(2)} (at least ${t.minLive} required) over the evidence frames with one face`;
  return j.real >= t.minReal && j.live >= t.minLive ? pass("liveness", `${scores}.`) : failed("liveness", VERIFY_CODES.livenessLow, `${scores}: too low.`);
}

function checkActions(j: FrameJudgement, frames: number): Outcome {
  const seen = j.actions.filter((a) => a.done).map((a) => actionName(a.code));
  const missing = j.actions.filter((a) => !a.done).map((a) => actionName(a.code));
  if (missing.length === 0) return pass("actions", `Every requested action seen, in order, in the ${plural(frames, "evidence frame")}: ${seen.join(", ")}.`);
  const before = seen.length > 0 ? `Seen in order: ${seen.join(", ")}; not` : "Not";
  return failed("actions", VERIFY_CODES.actionNotDone, `${before} seen (each only after the one before it): ${missing.join(", ")}, in ${plural(frames, "evidence frame")}.`);
}

function checkSteady(j: FrameJudgement, t: FaceConfig["silent"]): Outcome {
  const rule = `one good face held for ${t.steadyMs} ms, moving at most ${t.maxMovement} of the frame width`;
  return j.steady === true
    ? pass("steady", `Silent mode: ${rule}, seen in the ${plural(j.frames, "evidence frame")}.`)
    : failed("steady", VERIFY_CODES.faceNotSteady, `Silent mode needs ${rule}; the ${plural(j.frames, "evidence frame")} do not show it.`);
}

/** Run the face checks of one attempt. `liveType` picks the action or steady check. */
export async function runFaceChecks(
  evidence: FaceEvidence,
  ask: { liveType: LiveType; actions: readonly string[] },
  config: FaceConfig,
  analyzer: FaceAnalyzer,
): Promise<FaceChecks> {
  if (!evidence.guidance) {
    const ignored = evidence.frames.length > 0 ? ` (${plural(evidence.frames.length, "evidence frame")} sent anyway, not analysed)` : "";
    return notRun(`Not checked: the partner turned face guidance off for this order, so ${NONE_MADE}${ignored}.`);
  }
  if (evidence.frames.length === 0) return withoutFrames(evidence);
  const analysed = await analyseAll(evidence.frames, analyzer);
  if (!analysed.ok) return analysed.result;
  const silent = ask.liveType === "3";
  // An unknown code already fails the challenge check; the tracker would refuse it outright.
  const actions = ask.liveType === "2" ? ask.actions.filter(isActionCode) : [];
  const j = judgeFrames(analysed.frames, { actions, silent }, config);
  const outcomes = [checkFace(j, config.quality.minScore), checkLiveness(j, config.liveness)];
  if (actions.length > 0) outcomes.push(checkActions(j, j.frames));
  if (silent) outcomes.push(checkSteady(j, config.silent));
  return { outcomes, ran: true, scores: { real: j.real, live: j.live } };
}
