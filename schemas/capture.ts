/**
 * flows/capture.json: capture limits of spec §4, §5 and §9 (mode order, front-error
 * threshold, recording duration and size limits, pre-picture counts, wave timeout), plus
 * the numbers the reference service needs to judge a recording or a frame stream, which the
 * spec leaves open (plausible frame rate, stream frame sizes and rates).
 *
 * Sizes are in KB = 1024 bytes: the spec gives "iOS minimum 150, Android minimum 50, zip size
 * 1536" without units, and only KB fits real recordings (3 s at 640x480 is 85-180 KB).
 * Read by the service (src/server/) and, through the order config, by the browser, so it is
 * written with zod/mini.
 */
import * as z from "zod/mini";

const positiveInt = z.int().check(z.gte(1));
const ms = z.int().check(z.gte(0));

/** A duration window in milliseconds; `max: null` means no upper bound. */
const durationRangeSchema = z.strictObject({ min: ms, max: z.nullable(ms) }).check(
  z.refine((r) => r.max === null || r.max >= r.min, "max must be at least min"),
);
export type DurationRange = z.infer<typeof durationRangeSchema>;

/** Capture modes in the order they are tried (spec §4): real-time video, websocket, plain video. */
export const CAPTURE_MODES = ["trtc", "ws", "video"] as const;
const modeOrderSchema = z.array(z.enum(CAPTURE_MODES)).check(
  z.minLength(1),
  z.refine((modes) => new Set(modes).size === modes.length, "a mode may appear only once"),
);

const prePictureSchema = z.strictObject({
  /** In the messaging-app browser. */
  wx: z.int().check(z.gte(0)),
  /** In any other browser (h5). */
  h5: z.int().check(z.gte(0)),
});

export const captureFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  modeOrder: z.strictObject({
    /** Real-time video (TRTC) first (spec §4). */
    default: modeOrderSchema,
    /** When live_service is not 2 and priori_mode_switch is 1, the websocket goes first. */
    prioriWs: modeOrderSchema,
  }),
  /** Front-end errors of a mode after which it is marked unsupported (spec §4, §9). */
  frontErrorThreshold: positiveInt,
  /** Allowed recording durations per mode (spec §5). */
  durationMs: z.strictObject({
    /** Reading digits: 2-5 s. */
    number: durationRangeSchema,
    /** Actions: 1-3 s; `maxMultipleActions` (5 s) when more than one action is asked (traditional_action has a comma). */
    action: z.strictObject({ min: ms, max: ms, maxMultipleActions: ms }),
    /** Silent: the spec gives no window; null means only "a positive duration" is checked. */
    silent: z.nullable(durationRangeSchema),
    /** Will (consent) mode: at least 1 s; applies instead of the live type's window. */
    will: durationRangeSchema,
    /**
     * Allowed on both ends of every window: a recorder stopped by a timer overshoots by a
     * frame or two, and WebM durations are derived from frame timestamps.
     */
    toleranceMs: ms,
  }),
  /** Upload sizes in KB (1024 bytes), spec §5. */
  sizeKB: z.strictObject({
    /** Smallest recording accepted per platform; `other` (desktop) is not in the spec. */
    min: z.strictObject({ ios: ms, android: ms, other: ms }),
    /** The spec's "zip size": the largest upload accepted (the front end compresses above it). */
    zip: positiveInt,
  }),
  /** Pre-pictures shown before recording, per live mode and browser (spec §4). */
  prePictures: z.strictObject({ number: prePictureSchema, action: prePictureSchema, silent: prePictureSchema }),
  /** Spec §9 wave timeout. */
  waveTimeoutMs: positiveInt,
  /** Asking for the camera (src/capture/permission.ts): the cases of downgrade reasons 9-12. */
  camera: z.strictObject({
    /**
     * No answer to getUserMedia within this long counts as "permission never returned"
     * (webcamNoPermissionTimeout, 11). Generous, because a person may read the prompt first;
     * some in-app web-views never show one and never answer.
     */
    permissionTimeoutMs: positiveInt,
    /**
     * A refusal faster than this was not a person tapping "block" but the browser answering
     * from a remembered denial (webcamNoPermissionQuickly, 9); slower is webcamNoPermissionNormally (10).
     */
    quickDenialMs: ms,
  }).check(z.refine((c) => c.quickDenialMs < c.permissionTimeoutMs, "quickDenialMs must be below permissionTimeoutMs")),
  /** Sending a recording (src/capture/uploadRecording.ts). */
  upload: z.strictObject({
    /** Extra tries after a network failure, 5xx or 429; the service de-duplicates by messageId. */
    retries: z.int().check(z.gte(0), z.lte(5)),
    /** Wait before the first retry; it doubles for each further one. */
    backoffMs: ms,
  }),
  /** Plausible video frame rate of a recording (frames per second); outside it the frames are implausible. */
  frameRate: z.strictObject({ min: z.number().check(z.gt(0)), max: z.number().check(z.gt(0)) }).check(
    z.refine((r) => r.max >= r.min, "max must be at least min"),
  ),
  /** Frame streaming over the WebSocket (`/action/ws/record` mode). */
  stream: z.strictObject({
    /** Smaller JPEGs are rejected as "picture too small" (websocket_webcamPicSmallException). */
    minFrameBytes: positiveInt,
    /** At most the 512 000 bytes a `frame` message may announce (schemas/apiStream.ts). */
    maxFrameBytes: z.int().check(z.gte(1), z.lte(512_000)),
    /** Frames accepted in any one-second window. */
    maxFramesPerSecond: positiveInt,
    maxFrames: positiveInt,
    /** The socket is closed when no message arrives for this long. */
    idleTimeoutMs: positiveInt,
    /** A progress message goes out after every this many frames. */
    progressEveryFrames: positiveInt,
  }).check(z.refine((r) => r.maxFrameBytes >= r.minFrameBytes, "maxFrameBytes must be at least minFrameBytes")),
  /** The browser's side of frame streaming (src/capture/websocketHandler.ts). */
  streamClient: z.strictObject({
    /** Frames sent per second (TESTING.md: 10 fps holds easily; the service judges 5-120). */
    framesPerSecond: z.number().check(z.gt(0), z.lte(30)),
    /** canvas.toBlob JPEG quality, 0..1 (0.8: 9-21 KB a 640x480 frame). */
    jpegQuality: z.number().check(z.gt(0), z.lte(1)),
    /** Frames wider than this are scaled down before encoding. */
    maxFrameWidth: positiveInt,
    /** Frames sent but not yet acknowledged before a frame is skipped (keeps a slow link from queuing). */
    maxUnackedFrames: positiveInt,
    /** From opening the socket to the service's "ready". */
    connectTimeoutMs: positiveInt,
    /** Longest silence from the service while frames are outstanding. */
    ackTimeoutMs: positiveInt,
    /** From "end" to the result. */
    resultTimeoutMs: positiveInt,
    /**
     * Spec §4 websocket host rule: on these hosts (hostname, "*.suffix" for subdomains) the
     * stream goes to the page's own host; elsewhere (the app served from a CDN) to defaultOrigin.
     */
    knownHosts: z.array(z.string().check(z.minLength(1))),
    /** e.g. "wss://verify.example.com"; null: no separate service host, the page's own host is used. */
    defaultOrigin: z.nullable(z.string().check(z.regex(/^wss?:\/\/[^/?#]+$/, "expected ws:// or wss:// and a host, no path"))),
  }),
});
export type CaptureFile = z.infer<typeof captureFileSchema>;
export type StreamLimits = CaptureFile["stream"];
