/**
 * Face analysis of decoded frames inside a verification worker: Human on node-wasm
 * (face/humanRuntime.ts) over RGB pixels, one frame at a time (the wasm backend is
 * single-threaded; the pool runs one worker thread per core instead). Each call says which
 * of the costlier models it needs: the iris model only when a blink must be judged, the
 * description model (identity, reference photo) only on the few frames sampled for it.
 */
import * as z from "zod";
import type { FaceObservation, FrameObservation } from "../../domain/face/types";
import { meanLuma } from "../face/decodeFrame";
import type { HumanInstance } from "../face/humanRuntime";
import type { DecodedFrame } from "./mediaTypes";

export interface AnalysisOptions {
  iris: boolean;
  describe: boolean;
  /** Run the anti-spoofing and liveness models (observation.real and live stay null otherwise). */
  scores: boolean;
  /**
   * Follow the faces of this thread's previous call instead of looking for faces: the mesh runs
   * on each face's box as that call's mesh left it, and the detector (three quarters of a plain
   * frame's time) is skipped. A face the mesh loses is dropped, and with none left the detector
   * runs anyway; a face that newly comes into the picture is found only by a call that detects.
   * Only for the next frame of one recording, analysed in time order; false when left out.
   */
  track?: boolean;
}

export interface AnalysedFrame {
  observation: FrameObservation;
  /** One descriptor per face of the observation (same order) when asked for, else empty. */
  descriptors: (number[] | null)[];
}

export interface FrameAnalyzer {
  analyze(frame: DecodedFrame, options: AnalysisOptions): Promise<AnalysedFrame>;
}

const point = z.array(z.number()).min(2);
const humanFace = z.object({
  score: z.number(),
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  mesh: z.array(point),
  real: z.number().optional(),
  live: z.number().optional(),
  embedding: z.array(z.number()).optional(),
});
const humanResult = z.object({ error: z.string().nullable().optional(), face: z.array(humanFace) });

/** 468 mesh points, or 478 with the iris model's refinement; anything else means the mesh did not run. */
const MESH_SIZES: ReadonlySet<number> = new Set([468, 478]);

function observation(face: z.infer<typeof humanFace>): FaceObservation {
  const [x, y, width, height] = face.box;
  return {
    score: face.score,
    box: { x, y, width, height },
    mesh: MESH_SIZES.has(face.mesh.length) ? face.mesh.map(([px = 0, py = 0, pz = 0]) => ({ x: px, y: py, z: pz })) : null,
    real: face.real ?? null,
    live: face.live ?? null,
  };
}

/** Larger than any frame difference Human measures, and than any time or frame count since its last detection. */
const ALWAYS = Number.MAX_SAFE_INTEGER;

/**
 * Human merges a call's configuration into its own and keeps it, so every call states each
 * switch it may change; otherwise one frame's "describe" would stay on for every later frame.
 *
 * Tracking uses Human's own frame-to-frame cache: a non-zero cacheSensitivity lets a call reuse
 * cached results (set so large that every frame may), and the detector's skipFrames/skipTime
 * then let it reuse the boxes its mesh left. Every other model keeps skipFrames and skipTime at
 * 0 (humanConfig.ts; the description's are set here, Human's defaults would cache it), so none
 * of them ever reuses a result: only the search for faces is skipped.
 */
function callConfig(options: AnalysisOptions) {
  const track = options.track === true;
  return {
    cacheSensitivity: track ? ALWAYS : 0,
    face: {
      detector: track ? { skipFrames: ALWAYS, skipTime: ALWAYS } : { skipFrames: 0, skipTime: 0 },
      iris: { enabled: options.iris },
      description: { enabled: options.describe, modelPath: "faceres.json", skipFrames: 0, skipTime: 0 },
      antispoof: { enabled: options.scores, modelPath: "antispoof.json" },
      liveness: { enabled: options.scores, modelPath: "liveness.json" },
    },
  };
}

export function createFrameAnalyzer(human: HumanInstance): FrameAnalyzer {
  return {
    async analyze(frame, options) {
      const input = human.tf.tensor3d(frame.rgb, [frame.height, frame.width, 3], "int32");
      let raw: unknown;
      try {
        raw = await human.detect(input, callConfig(options));
      } finally {
        input.dispose();
      }
      const parsed = humanResult.safeParse(raw);
      if (!parsed.success) throw new Error(`unexpected face analysis result: ${z.prettifyError(parsed.error)}`);
      if (parsed.data.error) throw new Error(`face analysis failed: ${parsed.data.error}`);
      const faces = parsed.data.face;
      return {
        observation: { atMs: frame.atMs, width: frame.width, height: frame.height, luma: meanLuma(frame.rgb), faces: faces.map(observation) },
        descriptors: faces.map((f) => (options.describe && f.embedding && f.embedding.length > 0 ? f.embedding : null)),
      };
    },
  };
}
