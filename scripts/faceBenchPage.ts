/**
 * Browser side of the face figures in `npm run bench` (scripts/faceBench.ts): runs the real
 * face session (src/face/browser/faceSession.ts, the built worker, our copies of the models
 * and wasm) on the fake camera and publishes what it saw on `window.faceBench` for the
 * bench to read. Bundled by the bench at run time; never part of the app.
 */
import { captureFileSchema } from "../schemas/capture";
import captureJson from "../flows/capture.json";
import { startFaceSession, type FaceSession } from "../src/face/browser/faceSession";

export interface FaceBenchFrame {
  atMs: number;
  faces: number;
  /** Largest face's box width over the frame's width; null without a face. */
  faceWidth: number | null;
  meshPoints: number | null;
  real: number | null;
  live: number | null;
  luma: number;
  frameMs: number;
  workerMs: number;
}

export interface FaceBenchState {
  readyMs: number | null;
  unavailable: string | null;
  frames: FaceBenchFrame[];
  /** Sizes of the JPEGs kept while `keep(ms)` ran. */
  keptJpegBytes: number[] | null;
  error: string | null;
}

/** What the page publishes on `window` for the bench (not a global type: only this page has it). */
export interface FaceBenchHost {
  faceBench: FaceBenchState;
  /** Keeps frames for `ms`, then fetches them and records their sizes. */
  faceBenchKeep(ms: number): Promise<void>;
  faceBenchStop(): void;
}

const host = window as unknown as FaceBenchHost;
const state: FaceBenchState = { readyMs: null, unavailable: null, frames: [], keptJpegBytes: null, error: null };
host.faceBench = state;

async function run(): Promise<FaceSession> {
  const config = captureFileSchema.parse(captureJson).face;
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  document.body.append(video);
  video.srcObject = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: false });
  await video.play();
  const started = performance.now();
  const session = startFaceSession({
    win: window,
    video,
    config,
    now: () => performance.now(),
    // ?iris=1: the blink set-up, with the iris model as well.
    iris: new URLSearchParams(location.search).get("iris") === "1",
    onFrame(frame, info) {
      const largest = [...frame.faces].sort((a, b) => b.box.width - a.box.width)[0];
      state.frames.push({
        atMs: frame.atMs,
        faces: frame.faces.length,
        faceWidth: largest ? largest.box.width / frame.width : null,
        meshPoints: largest?.mesh?.length ?? null,
        real: largest?.real ?? null,
        live: largest?.live ?? null,
        luma: frame.luma,
        frameMs: info.frameMs,
        workerMs: info.workerMs,
      });
    },
    onUnavailable(reason, detail) {
      state.unavailable = `${reason} (${detail})`;
    },
  });
  void session.ready.then((ok) => {
    if (ok) state.readyMs = performance.now() - started;
  });
  return session;
}

const running = run().catch((error: unknown) => {
  state.error = error instanceof Error ? error.message : String(error);
  return null;
});

host.faceBenchKeep = async (ms: number) => {
  const session = await running;
  if (!session) return;
  const from = state.frames.length;
  session.keepFrames(true);
  await new Promise((resolve) => setTimeout(resolve, ms));
  session.keepFrames(false);
  // Let the frame in flight arrive, then ask for every frame seen while keeping.
  await session.frames([]);
  const kept = await session.frames(state.frames.slice(from).map((f) => f.atMs));
  state.keptJpegBytes = kept.map((k) => k.jpeg.size);
};

host.faceBenchStop = () => void running.then((session) => session?.stop());
