/**
 * On-device face guidance for one recording page, apart from React so it is unit-tested
 * with a fake face session: it starts the (lazily loaded) face session on the live preview,
 * turns each analysed frame into a hint and a face outline, and while a guided recording
 * runs feeds the liveness tracker, which prompts each action in turn and, once every check
 * is done, asks the recorder to stop.
 *
 * While guidance loads, the page shows how much of its files has arrived (issue 35): the start
 * page began fetching them, and a user quicker than the download waits for it with the
 * countdown held, as long as bytes keep arriving (up to guidance.maxLoadWaitMs). Whether a
 * recording is guided is decided when it starts: guidance that is still loading then (the
 * download stalled or took too long), or that gives up halfway (too slow, wasm failed), leaves
 * the recording to go on unguided, with the timed prompts, and the upload says why. A guided
 * recording whose checks are not done when it stops fails on the device (the action-failure
 * view) instead of using up one of the order's attempts.
 */
import type { UploadGuidance } from "../../../../../schemas/api";
import type { FaceConfig } from "../../../../../schemas/capture";
import type { CaptureRequest } from "../../../../capture/contract";
import type { RecordingEvidence } from "../../../../capture/uploadRecording";
import { GUIDANCE_HINTS, type GuidanceHint } from "../../../../domain/face/quality";
import type { FrameObservation } from "../../../../domain/face/types";
import type { FaceSession, FaceUnavailableReason, TrackerState } from "./faceGuidanceKit";

export type GuidanceKit = typeof import("./faceGuidanceKit");
type GuidanceStatus = "off" | "loading" | "active" | "unavailable";

export interface GuidanceView {
  status: GuidanceStatus;
  /** The latest frame's hint; null before the first analysed frame. */
  hint: GuidanceHint | null;
  /** The largest face of the latest frame with that frame's size; null without a face. */
  face: { box: { x: number; y: number; width: number; height: number }; frame: { width: number; height: number } } | null;
  /** True while a guided recording runs (its prompts come from the tracker). */
  guided: boolean;
  /** The action to prompt now in a guided recording (= actions.length when all are done). */
  actionIndex: number | null;
  done: boolean;
  /**
   * While loading, the percent of the face files arrived (downloadProgress.ts); null once they
   * are in and the worker is starting, and when not loading.
   */
  progress: number | null;
  /**
   * Why guidance is unavailable (null otherwise): "load" is the face files not arriving in time,
   * which a slow network causes, not the device, and is said so (GuidanceOverlay).
   */
  reason: FaceUnavailableReason | null;
}

export type GuidanceFailure = "action" | "silent" | "face";

export type GuidanceSettlement =
  /** Upload as is; evidence carries the report (and frames when guided). */
  | { kind: "upload"; evidence: RecordingEvidence | undefined }
  /** The guided checks were not done: show the action-failure view, upload nothing. */
  | { kind: "failed"; reason: GuidanceFailure };

interface GuidanceControllerDeps {
  config: FaceConfig;
  /** The order wants guidance (order option, default on). */
  requested: boolean;
  now(): number;
  win: Window;
  loadKit(): Promise<GuidanceKit>;
  /**
   * Fetches the face files of a session with or without the iris model (faceFiles.ts), calling
   * `onProgress` with the percent arrived at once and as bytes arrive; resolves once each has
   * arrived or failed.
   */
  loadFiles(iris: boolean, onProgress: (percent: number) => void): Promise<void>;
  onChange(view: GuidanceView): void;
  /** A guided action or silent recording has done its checks: stop it. */
  onDone(): void;
}

export const GUIDANCE_OFF: GuidanceView = { status: "off", hint: null, face: null, guided: false, actionIndex: null, done: false, progress: null, reason: null };

const emptyCounts = () => Object.fromEntries(GUIDANCE_HINTS.map((hint) => [hint, 0])) as Record<GuidanceHint, number>;

export interface GuidanceController {
  /** The camera is live in `video`: start analysing (once per attempt). */
  attach(video: HTMLVideoElement, request: CaptureRequest, autoStop: boolean): void;
  /**
   * Resolves once guidance runs or has given up: the recorder holds its countdown until then,
   * so a recording is guided from its first frame. Gives up when loading has not moved for
   * guidance.loadTimeoutMs, or after guidance.maxLoadWaitMs in all.
   */
  ready(): Promise<void>;
  /** Recording started now. */
  recordingStarted(): void;
  /** The recording is in hand: fail it on the device, or upload it with what guidance saw. */
  settle(): Promise<GuidanceSettlement>;
  /** The attempt is over (reset, outcome handled, page left): stop the session. */
  detach(): void;
}

export function createGuidanceController(deps: GuidanceControllerDeps): GuidanceController {
  let session: FaceSession | null = null;
  let kit: GuidanceKit | null = null;
  let generation = 0;
  let view: GuidanceView = GUIDANCE_OFF;
  let unavailable: FaceUnavailableReason | null = null;
  let request: CaptureRequest | null = null;
  let autoStop = false;
  let counts = emptyCounts();
  /** The session's figures when it stopped, so a "too slow" report still says how slow. */
  let lastStats: { frames: number; medianFrameMs: number | null } = { frames: 0, medianFrameMs: null };
  // The guided recording: its start on the session clock, its tracker, and the frames it kept.
  let recordStart: number | null = null;
  let tracker: ReturnType<GuidanceKit["createLivenessTracker"]> | null = null;
  let trackerState: TrackerState | null = null;
  const kept = new Map<number, number>();
  let doneSignalled = false;

  let waiters: Array<() => void> = [];
  // While a countdown waits: the timer of "nothing moved" (re-armed whenever loading moves) and the overall one.
  let watch: { stall: ReturnType<Window["setTimeout"]> | null; ceiling: ReturnType<Window["setTimeout"]>; expire(): void } | null = null;
  const settled = () => view.status === "active" || view.status === "unavailable";
  const stopWatch = () => {
    if (!watch) return;
    if (watch.stall !== null) deps.win.clearTimeout(watch.stall);
    deps.win.clearTimeout(watch.ceiling);
    watch = null;
  };
  /** Loading moved (bytes arrived, the files are in): the countdown's wait starts over for loadTimeoutMs. */
  const moved = () => {
    if (!watch) return;
    if (watch.stall !== null) deps.win.clearTimeout(watch.stall);
    watch.stall = deps.win.setTimeout(watch.expire, deps.config.guidance.loadTimeoutMs);
  };
  const set = (next: Partial<GuidanceView>) => {
    view = { ...view, ...next };
    deps.onChange(view);
    if (settled()) {
      stopWatch();
      const waiting = waiters;
      waiters = [];
      waiting.forEach((resolve) => resolve());
    }
  };

  function onFrame(frame: FrameObservation) {
    if (!kit) return;
    const hint = kit.qualityHint(frame, deps.config.quality);
    counts[hint] += 1;
    const largest = frame.faces.reduce<FrameObservation["faces"][number] | null>((best, face) => (best === null || face.box.width > best.box.width ? face : best), null);
    const face = largest ? { box: largest.box, frame: { width: frame.width, height: frame.height } } : null;
    if (tracker && recordStart !== null && frame.atMs >= recordStart) {
      const relative = frame.atMs - recordStart;
      kept.set(relative, frame.atMs);
      trackerState = tracker.push({ ...frame, atMs: relative });
      set({ hint, face, actionIndex: trackerState.actionIndex, done: trackerState.done });
      if (trackerState.done && autoStop && !doneSignalled) {
        doneSignalled = true;
        deps.onDone();
      }
      return;
    }
    set({ hint, face });
  }

  function giveUp(reason: FaceUnavailableReason) {
    unavailable = reason;
    if (session) lastStats = session.stats();
    session?.stop();
    session = null;
    // An unguided recording goes on with the recorder's own timed prompts.
    tracker = null;
    set({ status: "unavailable", hint: null, face: null, guided: false, actionIndex: null, progress: null, reason });
  }

  function report(status: UploadGuidance["status"], evidenceAtMs: number[]): UploadGuidance {
    const stats = session?.stats() ?? lastStats;
    return {
      status,
      reason: status === "unavailable" ? (unavailable ?? "load") : null,
      frames: stats.frames,
      medianFrameMs: stats.medianFrameMs === null ? null : Math.round(stats.medianFrameMs),
      hints: { ...counts },
      done: trackerState?.done ?? false,
      evidenceAtMs,
    };
  }

  return {
    attach(video, asked, stopWhenDone) {
      // Once per attempt: guidance that gave up stays off until the page resets (detach).
      if (!deps.requested || session !== null || view.status !== "off") return;
      request = asked;
      autoStop = stopWhenDone;
      const mine = ++generation;
      // Blinks are seen only with the iris model's eyelids.
      const iris = asked.actions.includes("2");
      set({ ...GUIDANCE_OFF, status: "loading" });
      const files = deps.loadFiles(iris, (percent) => {
        if (mine !== generation || view.status !== "loading") return;
        moved();
        if (percent !== view.progress) set({ progress: percent });
      });
      // A file that failed is fetched by the worker itself, bounded by the session's own load timeout.
      const filesIn = files.catch(() => undefined);
      Promise.all([deps.loadKit(), filesIn]).then(
        ([loaded]) => {
          if (mine !== generation) return;
          kit = loaded;
          // The files are in: the worker starts on them, from the HTTP cache.
          moved();
          set({ progress: null });
          const started = loaded.startFaceSession({
            win: deps.win,
            video,
            config: deps.config,
            now: deps.now,
            iris,
            onFrame: (frame) => mine === generation && onFrame(frame),
            onUnavailable: (reason) => mine === generation && giveUp(reason),
          });
          session = started;
          void started.ready.then((ok) => {
            if (mine === generation && ok && view.status === "loading") set({ status: "active" });
          });
        },
        // The chunk itself did not load (offline, blocked): record without guidance.
        () => mine === generation && giveUp("load"),
      );
    },
    ready() {
      if (!deps.requested || settled()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        const mine = generation;
        stopWatch();
        // Loading stalled, or took longer than a user should wait (or never attached): record
        // without guidance, saying its files did not load in time.
        const expire = () => {
          stopWatch();
          if (mine === generation && !settled()) giveUp("load");
          resolve();
        };
        watch = { stall: null, ceiling: deps.win.setTimeout(expire, deps.config.guidance.maxLoadWaitMs), expire };
        moved();
      });
    },
    recordingStarted() {
      if (view.status !== "active" || !kit || !session || !request) return;
      recordStart = deps.now();
      kept.clear();
      doneSignalled = false;
      tracker = kit.createLivenessTracker({ actions: request.actions, silent: request.liveMode === "silent", config: deps.config });
      trackerState = tracker.state;
      session.keepFrames(true);
      set({ guided: true, actionIndex: trackerState.actionIndex, done: false });
    },
    async settle() {
      if (!deps.requested) return { kind: "upload", evidence: undefined };
      const [liveSession, loadedKit, liveTracker] = [session, kit, tracker];
      if (view.status !== "active" || !liveSession || !loadedKit || !liveTracker) {
        if (view.status !== "unavailable") unavailable = view.status === "loading" ? "load" : (unavailable ?? "unsupported");
        return { kind: "upload", evidence: { report: report("unavailable", []), frames: [] } };
      }
      liveSession.keepFrames(false);
      const state = trackerState ?? liveTracker.state;
      if (!state.done) {
        const reason: GuidanceFailure = state.frames === 0 || state.hintCounts.ok === 0 ? "face" : request?.liveMode === "silent" ? "silent" : request?.liveMode === "action" ? "action" : "face";
        return { kind: "failed", reason };
      }
      const relative = [...kept.keys()].sort((a, b) => a - b);
      const chosen = loadedKit.selectEvidenceFrames(relative, state.keyAtMs, deps.config.evidence.maxFrames);
      const jpegs = await liveSession.frames(chosen.map((at) => kept.get(at) ?? at));
      const byAt = new Map(jpegs.map((j) => [j.atMs, j.jpeg]));
      const pairs = chosen.flatMap((at) => {
        const jpeg = byAt.get(kept.get(at) ?? at);
        return jpeg ? [{ at, jpeg }] : [];
      });
      return {
        kind: "upload",
        evidence: { report: report("on", pairs.map((p) => Math.round(p.at))), frames: pairs.map((p) => p.jpeg) },
      };
    },
    detach() {
      generation += 1;
      stopWatch();
      session?.stop();
      session = null;
      tracker = null;
      trackerState = null;
      recordStart = null;
      kept.clear();
      counts = emptyCounts();
      lastStats = { frames: 0, medianFrameMs: null };
      unavailable = null;
      set(GUIDANCE_OFF);
      // A page that left or reset lets a held countdown go (its handler is disposed anyway).
      const waiting = waiters;
      waiters = [];
      waiting.forEach((resolve) => resolve());
    },
  };
}
