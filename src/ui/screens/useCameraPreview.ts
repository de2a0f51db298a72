/**
 * The live preview of a recording page: shows the capture handler's camera stream in the
 * page's <video>, notices when no picture arrives, and keeps the last picture of a capture.
 *
 * The handler owns the camera (it opens and releases it); this hook only attaches the
 * stream it was handed and detaches it again. No picture within the wait (capture.json
 * waveTimeoutMs, spec §9) after the stream was shown means the camera or the page is stuck,
 * the record-timeout case of spec §2: `onStall` fires and the page shows the modal.
 *
 * When the capture ends (the handler's `captured`, while the camera is still on) the picture
 * on the preview is drawn once into a JPEG, the `still` the viewport shows dimmed while the
 * page waits for the verdict, so what the user just recorded stays in view. It lives in this
 * page's memory only, and goes when the attempt starts over, a new stream is shown, or the
 * page goes away.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

/** What the camera viewport shows: the idle picture, a spinner, or the live picture. */
export type CameraPhase = "idle" | "opening" | "live";

/** The held picture is drawn at most this wide (the viewport is at most 280 CSS px, the camera 640 px wide here). */
const STILL_MAX_WIDTH = 640;
const STILL_QUALITY = 0.8;

interface CameraPreviewOptions {
  win: Window;
  /** How long a shown stream may go without its first picture. */
  frameWaitMs: number;
  onStall: () => void;
}

interface CameraPreview {
  /** Ref callback for the <video> element that shows the stream. */
  videoRef: (video: HTMLVideoElement | null) => void;
  /** Shows `stream` and starts waiting for its first picture; a held picture goes. */
  show(stream: MediaStream): void;
  /** The first picture arrived (the handler's cameraReady). */
  ready(): void;
  /** Keeps the picture shown now as `still` (the capture ended). */
  hold(): void;
  /** Detaches the stream and stops waiting (the attempt ended or was reset); a held picture stays. */
  clear(): void;
  /** Lets the held picture go. */
  release(): void;
  /** The <video> showing the stream now, for on-device face analysis. */
  element(): HTMLVideoElement | null;
  /** The last picture of the capture that ended (a JPEG data URL), or null. */
  still: string | null;
}

/** The picture `video` shows now as a JPEG data URL, or null when it has none (or the browser cannot draw it). */
function pictureOf(win: Window, video: HTMLVideoElement): string | null {
  const { videoWidth, videoHeight } = video;
  if (videoWidth === 0 || videoHeight === 0) return null;
  const scale = Math.min(1, STILL_MAX_WIDTH / videoWidth);
  const canvas = win.document.createElement("canvas");
  canvas.width = Math.round(videoWidth * scale);
  canvas.height = Math.round(videoHeight * scale);
  try {
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL("image/jpeg", STILL_QUALITY);
  } catch {
    // A browser that cannot draw the camera's video (or read it back) keeps the idle picture.
    return null;
  }
}

export function useCameraPreview(options: CameraPreviewOptions): CameraPreview {
  const { win, frameWaitMs } = options;
  const stream = useRef<MediaStream | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  /**
   * The element that showed the stream last, kept after it left the page: a stream's page stops
   * showing it as the service takes over, a frame or two before the stream's own end.
   */
  const shownIn = useRef<HTMLVideoElement | null>(null);
  const [still, setStill] = useState<string | null>(null);
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
    for (const el of [video.current, shownIn.current]) if (el) el.srcObject = null;
    shownIn.current = null;
  }, [stopWaiting]);

  const release = useCallback(() => setStill(null), []);

  useEffect(() => clear, [clear]);

  const hold = useCallback(() => {
    const el = video.current ?? shownIn.current;
    setStill(el ? pictureOf(win, el) : null);
  }, [win]);

  const videoRef = useCallback(
    (el: HTMLVideoElement | null) => {
      video.current = el;
      if (el) {
        shownIn.current = el;
        attach();
      }
    },
    [attach],
  );

  const show = useCallback(
    (next: MediaStream) => {
      stopWaiting();
      setStill(null);
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
  return useMemo(() => ({ videoRef, show, ready: stopWaiting, hold, clear, release, element, still }), [videoRef, show, stopWaiting, hold, clear, release, element, still]);
}
