/**
 * When the camera's first picture is ready to be shown. A granted getUserMedia is not yet a
 * picture: a phone camera can take a second or more to deliver its first frame, and that
 * wait is what the user experiences as "the camera is slow" (the bench's camera-ready time).
 *
 * A detached, muted <video> plays the stream and reports its first presented frame with
 * requestVideoFrameCallback where the browser has it, else with `loadeddata` (the first
 * frame is decoded and the element can render it). The preview the user sees plays the same
 * stream, so both get the same frame at the same moment.
 */

type FrameVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

export interface FirstFrameWait {
  /** Resolves when a frame is ready; never rejects (a stuck camera is the caller's timeout). */
  ready: Promise<void>;
  /** Releases the probe element; the stream itself is left alone. */
  cancel(): void;
}

export function waitForFirstFrame(doc: Document, stream: MediaStream): FirstFrameWait {
  const video = doc.createElement("video") as FrameVideo;
  video.muted = true;
  video.playsInline = true;
  video.setAttribute("playsinline", "");
  let frameHandle: number | undefined;
  let settle: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const done = () => {
    cleanup();
    settle();
  };
  const cleanup = () => {
    video.removeEventListener("loadeddata", done);
    if (frameHandle !== undefined) video.cancelVideoFrameCallback?.(frameHandle);
    frameHandle = undefined;
    video.pause?.();
    video.srcObject = null;
  };
  if (typeof video.requestVideoFrameCallback === "function") frameHandle = video.requestVideoFrameCallback(done);
  else video.addEventListener("loadeddata", done);
  video.srcObject = stream;
  // A paused element presents no frames, so a refused play() falls back to "decoded" (readyState 2).
  const fallBack = () => {
    if (video.readyState >= 2) done();
    else video.addEventListener("loadeddata", done);
  };
  try {
    // Muted inline playback needs no gesture in any current browser; older web-views may still refuse.
    void Promise.resolve(video.play()).catch(fallBack);
  } catch {
    fallBack();
  }
  return { ready, cancel: cleanup };
}
