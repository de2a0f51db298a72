/**
 * The live preview of a recording page: shows the capture handler's camera stream in the
 * page's <video>, and notices when no picture arrives.
 *
 * The handler owns the camera (it opens and releases it); this hook only attaches the
 * stream it was handed and detaches it again. No picture within the wait (capture.json
 * waveTimeoutMs, spec §9) after the stream was shown means the camera or the page is stuck,
 * the record-timeout case of spec §2: `onStall` fires and the page shows the modal.
 */
import { useCallback, useEffect, useMemo, useRef } from "react";

/** What the camera viewport shows: the idle picture, a spinner, or the live picture. */
export type CameraPhase = "idle" | "opening" | "live";

interface CameraPreviewOptions {
  win: Window;
  /** How long a shown stream may go without its first picture. */
  frameWaitMs: number;
  onStall: () => void;
}

interface CameraPreview {
  /** Ref callback for the <video> element that shows the stream. */
  videoRef: (video: HTMLVideoElement | null) => void;
  /** Shows `stream` and starts waiting for its first picture. */
  show(stream: MediaStream): void;
  /** The first picture arrived (the handler's cameraReady). */
  ready(): void;
  /** Detaches the stream and stops waiting (the attempt ended or was reset). */
  clear(): void;
  /** The <video> showing the stream now, for on-device face analysis. */
  element(): HTMLVideoElement | null;
}

export function useCameraPreview(options: CameraPreviewOptions): CameraPreview {
  const { win, frameWaitMs } = options;
  const stream = useRef<MediaStream | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  // The latest callback, so a parent re-render does not restart the wait.
  const onStall = useRef(options.onStall);
  onStall.current = options.onStall;

  const stopWaiting = useCallback(() => {
    if (timer.current !== undefined) win.clearTimeout(timer.current);
    timer.current = undefined;
  }, [win]);

  const attach = useCallback(() => {
    const el = video.current;
    if (!el || !stream.current || el.srcObject === stream.current) return;
    el.srcObject = stream.current;
    try {
      // Muted inline playback may start without a gesture; a refusal still leaves autoplay to try.
      void Promise.resolve(el.play()).catch(() => undefined);
    } catch {
      // Environments without media playback (jsdom) have no play(); the stall timer covers a preview that never shows.
    }
  }, []);

  const clear = useCallback(() => {
    stopWaiting();
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  }, [stopWaiting]);

  useEffect(() => clear, [clear]);

  const videoRef = useCallback(
    (el: HTMLVideoElement | null) => {
      video.current = el;
      if (el) attach();
    },
    [attach],
  );

  const show = useCallback(
    (next: MediaStream) => {
      stopWaiting();
      stream.current = next;
      timer.current = win.setTimeout(() => {
        timer.current = undefined;
        onStall.current();
      }, frameWaitMs);
      attach();
    },
    [win, frameWaitMs, attach, stopWaiting],
  );

  const element = useCallback(() => video.current, []);
  return useMemo(() => ({ videoRef, show, ready: stopWaiting, clear, element }), [videoRef, show, stopWaiting, clear, element]);
}
