/**
 * The recording page's hook onto on-device face guidance (guidanceController.ts): made once
 * per page, attached whenever the camera is live in the recorder's preview, told when the
 * recording starts, and detached when the page leaves. The face code itself is loaded with
 * import() at the first live preview, so pages and browsers that never record in the page
 * never download it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { FaceConfig } from "../../../../../schemas/capture";
import type { CaptureKind, CaptureRequest } from "../../../../capture/contract";
import type { AttemptPhase } from "../../../../flow/attempt/attemptState";
import type { FlowRuntime } from "../../../../runtime/runtime";
import { loadFaceFiles, pageFaceFiles } from "./faceFiles";
import { createGuidanceController, GUIDANCE_OFF, type GuidanceController, type GuidanceSettlement, type GuidanceView } from "./guidanceController";

interface FaceGuidanceOptions {
  /** The page's runtime: its window, and its one download of the face files. */
  rt: Pick<FlowRuntime, "win" | "faceDownload">;
  now(): number;
  config: FaceConfig;
  /** The order wants guidance; null while the page is preparing. */
  requested: boolean | null;
  kind: CaptureKind | null;
  phase: AttemptPhase;
  video(): HTMLVideoElement | null;
  request: CaptureRequest | null;
  /** Stop the recording by itself once the checks are done (action and silent mode, not will mode). */
  autoStop: boolean;
  onDone(): void;
}

interface FaceGuidance {
  view: GuidanceView;
  settle(): Promise<GuidanceSettlement>;
  detach(): void;
  /** Resolves when guidance runs or gave up; the recorder's countdown waits for it. */
  ready(): Promise<void>;
}

const LIVE_PHASES: ReadonlySet<AttemptPhase["name"]> = new Set(["preview", "countdown", "recording"]);

export function useFaceGuidance(options: FaceGuidanceOptions): FaceGuidance {
  const { rt, now, config, requested, kind, phase, video, request, autoStop } = options;
  const [view, setView] = useState<GuidanceView>(GUIDANCE_OFF);
  const onDone = useRef(options.onDone);
  onDone.current = options.onDone;
  const controller = useRef<GuidanceController | null>(null);
  const previousPhase = useRef<AttemptPhase["name"]>(phase.name);

  if (controller.current === null && requested !== null) {
    controller.current = createGuidanceController({
      config,
      requested,
      now,
      win: rt.win,
      loadKit: () => import("./faceGuidanceKit"),
      loadFiles: (iris, onProgress) => loadFaceFiles(pageFaceFiles(rt)?.(iris) ?? null, onProgress),
      onChange: setView,
      onDone: () => onDone.current(),
    });
  }

  useEffect(() => {
    const ctl = controller.current;
    const before = previousPhase.current;
    previousPhase.current = phase.name;
    if (!ctl || kind !== "recorder" || !request || !LIVE_PHASES.has(phase.name)) return;
    const el = video();
    if (el) ctl.attach(el, request, autoStop);
    if (phase.name === "recording" && before !== "recording") ctl.recordingStarted();
  }, [phase.name, kind, request, autoStop, video]);

  useEffect(() => () => controller.current?.detach(), []);

  const settle = useCallback(
    (): Promise<GuidanceSettlement> => controller.current?.settle() ?? Promise.resolve({ kind: "upload", evidence: undefined }),
    [],
  );
  const detach = useCallback(() => controller.current?.detach(), []);
  const ready = useCallback(() => controller.current?.ready() ?? Promise.resolve(), []);
  return useMemo(() => ({ view, settle, detach, ready }), [view, settle, detach, ready]);
}
