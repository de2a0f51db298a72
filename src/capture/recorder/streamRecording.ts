/**
 * One MediaRecorder run over a live stream: start, collect the chunks, and on stop hand back
 * one Blob with the type actually recorded and the duration measured on the caller's clock
 * (WebM from MediaRecorder declares no duration, so the service needs this one).
 */
import { pickRecorderType, recordedType, type RecorderBitrates } from "./recorderFormat";

export type MediaRecorderClass = typeof MediaRecorder;

interface StreamRecordingOptions {
  Recorder: MediaRecorderClass;
  stream: MediaStream;
  audio: boolean;
  bitrates: RecorderBitrates;
  now: () => number;
  /** Called once if the recorder fails on its own (encoder error, track gone). */
  onError: (error: unknown) => void;
}

interface RecordedVideo {
  blob: Blob;
  mimeType: string;
  durationMs: number;
}

export interface StreamRecording {
  /** The type asked for (null: the browser's default). */
  readonly askedType: string | null;
  /** Stops and resolves with the recording; calling it again returns the same promise. */
  stop(): Promise<RecordedVideo>;
  /** Stops without waiting for the data (dispose). */
  abort(): void;
}

/**
 * Starts recording at once. Throws what the MediaRecorder constructor or start() throws
 * (NotSupportedError…).
 *
 * No timeslice: the whole recording arrives in one chunk at stop. Asked for chunks while
 * recording, Chromium's MP4 muxer writes its moov with the first chunk it hands out (after
 * about 5 s), before the duration is known: mvhd says 0 and mdhd gives milliseconds in the
 * track's timescale, so a 6.5 s recording reads as 0.25 s. Written at stop, the moov is
 * final (mvhd in ms, plus an mfra). A recording here is at most the upload cap (1.5 MB), so
 * holding it in memory until stop costs nothing worth the broken file.
 */
export function startStreamRecording(options: StreamRecordingOptions): StreamRecording {
  const { Recorder, stream, now } = options;
  const askedType = pickRecorderType(Recorder.isTypeSupported?.bind(Recorder), options.audio);
  const settings: MediaRecorderOptions = { ...options.bitrates, ...(askedType ? { mimeType: askedType } : {}) };
  const recorder = new Recorder(stream, settings);
  const chunks: Blob[] = [];
  let startedAt = now();
  let stopping: Promise<RecordedVideo> | null = null;
  let failed = false;

  recorder.addEventListener("dataavailable", (event: BlobEvent) => {
    if (event.data && event.data.size > 0) chunks.push(event.data);
  });
  recorder.addEventListener("error", (event: Event) => {
    if (failed) return;
    failed = true;
    options.onError((event as Event & { error?: unknown }).error ?? event);
  });
  recorder.addEventListener("start", () => {
    // The clock starts when the encoder does, not when start() was called.
    startedAt = now();
  });
  recorder.start();

  return {
    askedType,
    stop() {
      stopping ??= new Promise<RecordedVideo>((resolve) => {
        const stoppedAt = now();
        const finish = () => {
          const type = recordedType(recorder.mimeType, askedType, chunks[0]?.type ?? "");
          resolve({ blob: new Blob(chunks, { type }), mimeType: type, durationMs: Math.max(0, Math.round(stoppedAt - startedAt)) });
        };
        // The last chunk arrives in a dataavailable just before "stop", so the blob is built there.
        if (recorder.state === "inactive") finish();
        else {
          recorder.addEventListener("stop", finish, { once: true });
          recorder.stop();
        }
      });
      return stopping;
    },
    abort() {
      if (recorder.state !== "inactive") {
        try {
          recorder.stop();
        } catch {
          // Already stopping because its stream ended: nothing left to release.
        }
      }
    },
  };
}
