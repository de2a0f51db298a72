/**
 * The default FaceAnalyzer: Human on node-wasm (humanRuntime.ts). The models load on the
 * first frame, not at start (a service whose partners turn guidance off never needs them),
 * once; a failed load is remembered and every later frame fails with the same clear error
 * instead of retrying a load that cannot work. Frames are analysed one at a time: the wasm
 * backend is single-threaded, so parallel calls would only wait inside tfjs, each holding
 * its decoded pixels.
 */
import * as z from "zod";
import type { FaceObservation } from "../../face/types";
import { decodeFrame, type FrameDecodeLimits } from "./decodeFrame";
import { FaceAnalyzerUnavailableError, type FaceAnalyzer } from "./faceAnalyzer";
import { loadHuman, type HumanInstance } from "./humanRuntime";

/** Frames above this side are refused (the brief's bound; browsers send 640 px or less). */
export const MAX_FRAME_SIDE = 1920;

const point = z.array(z.number()).min(2);
const humanFace = z.object({
  score: z.number(),
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  mesh: z.array(point),
  real: z.number().optional(),
  live: z.number().optional(),
});
const humanResult = z.object({ error: z.string().nullable().optional(), face: z.array(humanFace) });

/**
 * The 468-point mesh of MediaPipe's face model, plus 10 iris points when the iris model ran
 * (it refines the eyelids); anything else means the mesh did not run.
 */
const MESH_SIZES: ReadonlySet<number> = new Set([468, 478]);

function observation(face: z.infer<typeof humanFace>): FaceObservation {
  const [x, y, width, height] = face.box;
  return {
    score: face.score,
    box: { x, y, width, height },
    mesh: MESH_SIZES.has(face.mesh.length) ? face.mesh.map(([px = 0, py = 0]) => ({ x: px, y: py })) : null,
    real: face.real ?? null,
    live: face.live ?? null,
  };
}

/** Runs tasks on the loaded Human one at a time; loads it on the first task. */
export interface HumanEngine {
  run<T>(task: (human: HumanInstance) => Promise<T>): Promise<T>;
}

/** `load` is called at most once; its failure is kept and handed to every task. */
export function createHumanEngine(load: () => Promise<HumanInstance>): HumanEngine {
  let human: Promise<HumanInstance> | null = null;
  // The tail of the queue: each task starts when the previous one settled.
  let tail: Promise<unknown> = Promise.resolve();
  const loaded = (): Promise<HumanInstance> => {
    human ??= load().catch((error: unknown) => {
      throw error instanceof FaceAnalyzerUnavailableError
        ? error
        : new FaceAnalyzerUnavailableError(`face models could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    });
    return human;
  };
  return {
    run(task) {
      const result = tail.then(async () => task(await loaded()));
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

/** A FaceAnalyzer on a Human engine; decoding happens in the queue too, so one frame's pixels are held at a time. */
export function createHumanFaceAnalyzer(limits: FrameDecodeLimits, engine: HumanEngine): FaceAnalyzer {
  return {
    analyze(jpeg, atMs) {
      return engine.run(async (human) => {
        const frame = decodeFrame(jpeg, limits);
        const input = human.tf.tensor3d(frame.rgb, [frame.height, frame.width, 3], "int32");
        let raw: unknown;
        try {
          raw = await human.detect(input);
        } finally {
          input.dispose();
        }
        const parsed = humanResult.safeParse(raw);
        if (!parsed.success) throw new Error(`unexpected face analysis result: ${z.prettifyError(parsed.error)}`);
        if (parsed.data.error) throw new Error(`face analysis failed: ${parsed.data.error}`);
        return { atMs, width: frame.width, height: frame.height, luma: frame.luma, faces: parsed.data.face.map(observation) };
      });
    },
  };
}

/**
 * The process's Human engine. tfjs's engine, backend and io routers are process-wide, so one
 * loaded copy of the models and one queue serve every app instance of the process.
 */
let processEngine: HumanEngine | null = null;
export function sharedHumanEngine(): HumanEngine {
  processEngine ??= createHumanEngine(() => loadHuman());
  return processEngine;
}

/** The default analyzer: Human on the process's shared engine, frames bounded by `maxBytes` and MAX_FRAME_SIDE. */
export function defaultFaceAnalyzer(maxBytes: number): FaceAnalyzer {
  return createHumanFaceAnalyzer({ maxBytes, maxSide: MAX_FRAME_SIDE }, sharedHumanEngine());
}
