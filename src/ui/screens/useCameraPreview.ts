/**
 * The camera preview of a recording page's start state: open the camera on the user's
 * press, show it, notice when no picture arrives, and release it when the page goes.
 *
 * No frame within the wait (capture.json waveTimeoutMs, spec §9) means the camera or the
 * page is stuck, which is the record-timeout case of spec §2: `stalled` turns true and the
 * page shows the record-timeout modal. A failed start is reported to the caller with the
 * catalogue status it should show.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { cameraFailureStatus, errorNameOf, openCamera, stopStream, type CameraFailureStatus } from "./cameraErrors";

export type CameraPhase = "idle" | "opening" | "live";

export interface CameraPreviewOptions {
  win: Window;
  audio: boolean;
  ios: boolean;
  /** How long a live stream may go without its first picture. */
  frameWaitMs: number;
  onFailure: (status: CameraFailureStatus, errorName: string) => void;
}

export interface CameraPreview {
  phase: CameraPhase;
  /** No picture arrived within frameWaitMs of the camera opening. */
  stalled: boolean;
  open(): void;
  /** Releases the camera and goes back to idle (retry after a stall). */
  reset(): void;
  /** Ref callback for the <video> element that shows the stream. */
  videoRef: (video: HTMLVideoElement | null) => void;
}

export function useCameraPreview(options: CameraPreviewOptions): CameraPreview {
  const { win, audio, ios, frameWaitMs } = options;
  const [phase, setPhase] = useState<CameraPhase>("idle");
  const [stalled, setStalled] = useState(false);
  const stream = useRef<MediaStream | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  // The latest callback, so a parent re-render does not reopen anything.
  const onFailure = useRef(options.onFailure);
  onFailure.current = options.onFailure;
  const mounted = useRef(true);

  const clearTimer = useCallback(() => {
    if (timer.current !== undefined) win.clearTimeout(timer.current);
    timer.current = undefined;
  }, [win]);

  const release = useCallback(() => {
    clearTimer();
    stopStream(stream.current);
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  }, [clearTimer]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      release();
    };
  }, [release]);

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

  const videoRef = useCallback(
    (el: HTMLVideoElement | null) => {
      if (video.current && video.current !== el) video.current.onloadeddata = null;
      video.current = el;
      if (!el) return;
      el.onloadeddata = () => clearTimer();
      attach();
    },
    [attach, clearTimer],
  );

  const open = useCallback(() => {
    if (phase !== "idle") return;
    setPhase("opening");
    setStalled(false);
    openCamera(win.navigator, audio).then(
      (opened) => {
        if (!mounted.current) return stopStream(opened);
        stream.current = opened;
        timer.current = win.setTimeout(() => {
          timer.current = undefined;
          setStalled(true);
        }, frameWaitMs);
        setPhase("live");
        attach();
      },
      (error: unknown) => {
        if (!mounted.current) return;
        setPhase("idle");
        onFailure.current(cameraFailureStatus(error, { ios }), errorNameOf(error));
      },
    );
  }, [phase, win, audio, ios, frameWaitMs, attach]);

  const reset = useCallback(() => {
    release();
    setStalled(false);
    setPhase("idle");
  }, [release]);

  return { phase, stalled, open, reset, videoRef };
}
