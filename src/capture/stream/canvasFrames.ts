/**
 * Pictures of a live camera stream as JPEG bytes: a detached, muted <video> plays the
 * stream, and each grab draws its current frame onto a canvas (scaled down to at most
 * maxWidth) and encodes it with canvas.toBlob. The preview the user sees is a separate
 * element playing the same stream, so grabbing never disturbs it.
 */

export interface FrameSource {
  /** Resolves when the first frame can be drawn; never rejects (a stuck camera is the caller's timeout). */
  ready: Promise<void>;
  /** The current frame as JPEG; null when there is no picture yet or encoding failed. */
  grab(): Promise<ArrayBuffer | null>;
  /** Stops playback and lets the elements go; the stream itself is the caller's. */
  release(): void;
}

interface CanvasFrameOptions {
  doc: Document;
  stream: MediaStream;
  maxWidth: number;
  /** JPEG quality 0..1. */
  quality: number;
}

/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame is decoded and can be drawn. */
const HAVE_CURRENT_DATA = 2;

export function createCanvasFrames({ doc, stream, maxWidth, quality }: CanvasFrameOptions): FrameSource {
  const video = doc.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.setAttribute("playsinline", "");
  const canvas = doc.createElement("canvas");
  const context = canvas.getContext("2d");
  let released = false;

  const ready = new Promise<void>((resolve) => {
    const done = () => {
      video.removeEventListener("loadeddata", done);
      resolve();
    };
    video.addEventListener("loadeddata", done);
    video.srcObject = stream;
    try {
      // Muted inline playback needs no gesture; if refused, a decoded first frame still draws.
      void Promise.resolve(video.play()).catch(() => {
        if (video.readyState >= HAVE_CURRENT_DATA) done();
      });
    } catch {
      if (video.readyState >= HAVE_CURRENT_DATA) done();
    }
  });

  return {
    ready,
    grab() {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (released || context === null || width === 0 || height === 0) return Promise.resolve(null);
      const scale = Math.min(1, maxWidth / width);
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      try {
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
      } catch {
        // The video lost its frame between the size check and the draw (track ended, resized).
        return Promise.resolve(null);
      }
      return new Promise<ArrayBuffer | null>((resolve) => {
        canvas.toBlob(
          (blob) => {
            if (blob === null || released) return resolve(null);
            blob.arrayBuffer().then(resolve, () => resolve(null));
          },
          "image/jpeg",
          quality,
        );
      });
    },
    release() {
      released = true;
      video.pause();
      video.srcObject = null;
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}
