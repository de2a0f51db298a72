/**
 * The one Human configuration of face analysis, for the browser's worker and the service
 * alike, so the service re-checks evidence frames with exactly the models and settings the
 * device used: face detector, mesh, anti-spoofing and liveness on (iris when asked for),
 * every other model, Human's image filters and its frame-to-frame caching off. (The service
 * lets the detector's boxes carry over for one call at a time, to follow a face with the mesh:
 * src/server/verify/frameAnalyzer.ts `track`; no other model's results ever do.)
 */

interface HumanFaceOptions {
  /** Where Human finds the tfjs-backend-wasm .wasm files (a folder URL ending with "/"). */
  wasmPath: string;
  /** Where Human finds the model .json and .bin files (a folder URL ending with "/"). */
  modelBasePath: string;
  /** Faces the detector reports at most; 2 or more are needed to tell "several faces". */
  maxFaces: number;
  /**
   * The iris model refines the eyelid points: without it the mesh barely moves on a blink
   * (action 2). It costs 2.6 MB and about a fifth more time a frame.
   */
  iris: boolean;
}

/** A partial Human Config (plain data: the browser and Node builds type it each their own way). */
export function humanFaceConfig(options: HumanFaceOptions) {
  // Each frame is judged on its own: Human would otherwise reuse one frame's boxes and
  // anti-spoofing and liveness scores for the next ones while the picture changes little.
  const fresh = { skipFrames: 0, skipTime: 0 };
  return {
    backend: "wasm",
    wasmPath: options.wasmPath,
    modelBasePath: options.modelBasePath,
    debug: false,
    cacheSensitivity: 0,
    // Human caches models in IndexedDB under their bare names, so a release with new models
    // would keep running the old ones; our asset folders are named by content instead.
    cacheModels: false,
    // The image filters run on WebGL; Human is handed plain pixels.
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { enabled: true, modelPath: "blazeface.json", rotation: false, maxDetected: options.maxFaces, return: false, ...fresh },
      mesh: { enabled: true, modelPath: "facemesh.json" },
      iris: { enabled: options.iris, modelPath: "iris.json" },
      attention: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      gear: { enabled: false },
      antispoof: { enabled: true, modelPath: "antispoof.json", ...fresh },
      liveness: { enabled: true, modelPath: "liveness.json", ...fresh },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  } as const;
}
