/**
 * flows/capture.json: capture limits of spec §4, §5 and §9 (mode order, front-error
 * threshold, recording duration and size limits, pre-picture counts, wave timeout), plus
 * the numbers the reference service needs to judge a recording or a frame stream, which the
 * spec leaves open (plausible frame rate, stream frame sizes and rates), and the thresholds of
 * on-device face guidance and of the service's face checks (`face`).
 *
 * Sizes are in KB = 1024 bytes: the spec gives "iOS minimum 150, Android minimum 50, zip size
 * 1536" without units, and only KB fits real recordings (3 s at 640x480 is 85-180 KB).
 * Read by the service (src/server/) and, through the order config, by the browser, so it is
 * written with zod/mini.
 */
import * as z from "zod/mini";
import { cameraFailuresSchema } from "./cameraFailures";
import { verificationSchema } from "./verification";

const positiveInt = z.int().check(z.gte(1));
const ms = z.int().check(z.gte(0));

/** A duration window in milliseconds; `max: null` means no upper bound. */
const durationRangeSchema = z.strictObject({ min: ms, max: z.nullable(ms) }).check(
  z.refine((r) => r.max === null || r.max >= r.min, "max must be at least min"),
);
export type DurationRange = z.infer<typeof durationRangeSchema>;

/**
 * A list of names, each once. Mode and capture-kind names are not an enum here: the kinds are
 * registered in code (src/capture/kinds/), so `npm run validate` cross-checks every name
 * against the registry and lists the known ones (as the engine does for predicates).
 */
const nameListSchema = z.array(z.string().check(z.minLength(1))).check(
  z.minLength(1),
  z.refine((names) => new Set(names).size === names.length, "a name may appear only once"),
);

const prePictureSchema = z.strictObject({
  /** In the messaging-app browser. */
  wx: z.int().check(z.gte(0)),
  /** In any other browser (h5). */
  h5: z.int().check(z.gte(0)),
});

/** A share 0..1 (of a frame side, a swing, a baseline). */
const share = z.number().check(z.gt(0), z.lte(1));

/**
 * On-device face guidance and the face checks (src/face/). Every figure is a ratio that does
 * not depend on the camera's resolution, so the browser (analysing a scaled-down preview) and
 * the service (analysing the evidence JPEGs) judge with the same numbers. The mesh figures
 * (yaw, pitch, eye aspect, mouth opening) are defined in src/domain/face/geometry.ts; the values were
 * checked on Human's meshes of real faces (jitter at a 320-px analysis width: yaw and eye
 * aspect vary by about 0.02 between frames of a still face, pitch by about 0.008, mouth by 0.02).
 */
const faceSchema = z.strictObject({
  /** The browser's analysis loop (src/face/browser/). */
  guidance: z.strictObject({
    /** Frames analysed per second: 8 catches a deliberate blink (150-300 ms) in one or two frames. */
    framesPerSecond: z.number().check(z.gt(0), z.lte(30)),
    /** Preview frames are scaled to this width first: 320 px keeps a frame near 40-100 ms and a face still 100+ px wide. */
    analysisWidth: z.int().check(z.gte(160), z.lte(1280)),
    /** Median frame time above this (over `slowAfterFrames` frames) makes the device too slow: guidance is dropped, recording goes on. */
    slowFrameMs: positiveInt,
    slowAfterFrames: positiveInt,
    /**
     * Guidance loading with nothing moving for this long (no byte of its files arriving, or the
     * worker not ready this long after they arrived): the recording goes on without guidance.
     */
    loadTimeoutMs: positiveInt,
    /**
     * The longest the countdown waits for guidance whose files are still arriving (the user sees
     * how far they have got): past it the recording goes on without guidance.
     */
    maxLoadWaitMs: positiveInt,
    /** Guided recordings that end without the checks done, in one visit, before the catalogue's "face not recognised" error. */
    maxFailures: positiveInt,
  }),
  /** Guidance hints (src/domain/face/quality.ts), in the order they are tested. */
  quality: z.strictObject({
    /** Detections below this confidence are not faces at all (neither counted nor measured). */
    minScore: share,
    /**
     * Face box width over the frame's shorter side (portrait and landscape alike). Human's box
     * is about 1.65 times the width of the face itself (cheek to cheek), so 0.3 is a face about
     * a fifth of the frame: smaller is "move closer", and the mesh gets noisy below it.
     */
    minFaceWidth: share,
    /** Above this the box nearly fills the frame and a turn or nod takes the face out of it: "move back". */
    maxFaceWidth: share,
    /** The box centre may sit this far from the frame centre, as a share of the frame's width (across) and height (up-down). */
    maxCentreOffset: z.number().check(z.gt(0), z.lte(0.5)),
    /** Mean luma 0..255 of the frame below which it is too dark (a lit indoor webcam frame is 90-140). */
    minLuma: z.number().check(z.gte(0), z.lte(255)),
  }).check(z.refine((q) => q.maxFaceWidth > q.minFaceWidth, "maxFaceWidth must be above minFaceWidth")),
  /**
   * Action detectors (src/domain/face/actions.ts). Each action is measured against the user's own
   * baseline (the median of the first frames after the previous action was confirmed), must
   * reach its threshold, and ends when the figure is back near the baseline, so the next
   * action starts from a neutral face.
   */
  actions: z.strictObject({
    /** Frames whose median is the baseline: 3 (about 0.4 s at 8 fps) outvotes one odd frame, e.g. a blink. */
    baselineFrames: z.int().check(z.gte(1), z.lte(10)),
    /** An action is over when the figure is back within this share of its threshold from the baseline. */
    returnShare: share,
    /**
     * The service re-measures the evidence JPEGs, which moves each figure by about its frame
     * jitter: it accepts this share of each threshold (the return rule is unchanged), so an
     * action just over the line on the device is not refused by the service.
     */
    recheckScale: share,
    shake: z.strictObject({
      /**
       * Yaw swing, both sides added (yaw: -1..1, nose tip between the cheek edges). A rigid
       * 10-degree turn moves yaw by 0.11-0.14 on real meshes, so 0.3 asks for about 12-15
       * degrees each way, fifteen times the frame jitter.
       */
      minYawSwing: z.number().check(z.gt(0), z.lte(2)),
      /** Each side must give at least this share of minYawSwing: turning one way only is not a shake. */
      minSideShare: z.number().check(z.gt(0), z.lte(0.5)),
    }),
    blink: z.strictObject({
      /**
       * The eye aspect must fall below this share of the open-eye baseline. A closed eye reads
       * 0.05-0.15 against 0.3 open; 0.6 keeps the drop (0.12) five times the frame jitter.
       * Needs the iris model: the plain mesh barely moves its lids when the eyes close.
       */
      closedRatio: z.number().check(z.gt(0), z.lt(1)),
    }),
    mouth: z.strictObject({
      /** Rise of the mouth opening (inner-lip gap over mouth width) above the baseline: closed is 0-0.1, a smile with teeth 0.2, a laugh 0.4. */
      minOpening: z.number().check(z.gt(0), z.lte(2)),
    }),
    nod: z.strictObject({
      /**
       * Rise of the pitch figure (nose between eye line and chin) above the baseline (nodding
       * down). A rigid 10-degree nod adds 0.032-0.045 on real meshes, so 0.04 asks for a nod of
       * 10-12 degrees, five times the frame jitter; raising the head does not count.
       */
      minPitchSwing: z.number().check(z.gt(0), z.lte(1)),
    }),
  }).check(
    // The service's return band (returnShare / recheckScale of its thresholds) must stay below them.
    z.refine((a) => a.returnShare < a.recheckScale, "returnShare must be below recheckScale"),
  ),
  /** Silent mode (src/domain/face/silent.ts): one good face held still. */
  silent: z.strictObject({
    /** How long the face must be held. */
    steadyMs: positiveInt,
    /** Largest spread of the box centre over that time, as a share of the frame's width. */
    maxMovement: share,
  }),
  /** Anti-spoofing and liveness model scores the service requires (means over the evidence frames). */
  liveness: z.strictObject({ minReal: share, minLive: share }),
  /** Frames sent with an upload for the service's re-check (src/face/evidence.ts). */
  evidence: z.strictObject({
    /** 24: four actions of up to six proving frames each (three baseline, two extremes, the return). */
    maxFrames: positiveInt,
    /** JPEG quality 0..1 of each frame. */
    jpegQuality: share,
    maxFrameBytes: positiveInt,
  }),
});

export const captureFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  /**
   * Capture modes in the order they are tried (spec §4: real-time video "trtc", websocket "ws",
   * plain video "video"); each name is a key of `modeKinds`. Which list applies is a launch
   * rule (src/domain/modes.ts modeOrderKeyOf).
   */
  modeOrder: z.strictObject({
    /** Real-time video (TRTC) first (spec §4). */
    default: nameListSchema,
    /** When live_service is not 2 and priori_mode_switch is 1, the websocket goes first. */
    prioriWs: nameListSchema,
  }),
  /**
   * The capture kinds (src/capture/kinds/) that serve each mode, in the order they are tried:
   * the first whose availability rule holds records the attempt. Plain video is three kinds:
   * the messaging app's camera, the in-page recorder, and the file input, which works wherever
   * a page can pick a file and so ends every list.
   */
  modeKinds: z.record(z.string().check(z.minLength(1)), nameListSchema),
  /** Front-end errors of a mode after which it is marked unsupported (spec §4, §9). */
  frontErrorThreshold: positiveInt,
  /**
   * Allowed recording durations per mode. `number`, `action` and `will` are the spec's (§5,
   * the messaging-app video): nothing else goes there. What faceflow adds is kept apart, in
   * `toleranceMs` and `ours`, so docs/differencesFromSpec.md can name each.
   * The browser (src/domain/validateRecording.ts durationWindow) and the service
   * (src/server/media/captureLimits.ts) read them through the same function.
   */
  durationMs: z.strictObject({
    /** Spec: reading digits 2-5 s. */
    number: durationRangeSchema,
    /** Spec: actions 1-3 s; `maxMultipleActions` (5 s) when more than one action is asked (traditional_action has a comma). */
    action: z.strictObject({ min: ms, max: ms, maxMultipleActions: ms }),
    /** Spec: will (consent) mode at least 1 s, no maximum; applies instead of the live type's window. */
    will: z.strictObject({ min: ms }),
    /**
     * Ours: allowed on both ends of every window. The page measures with its own clock from
     * start() to stop(), the service reads the container: MediaRecorder delivers its last
     * chunk after stop() and WebM durations come from frame timestamps, so the two disagree
     * by a few frames; without it a recording the page accepted could be refused there.
     */
    toleranceMs: ms,
    /** Ours: windows the spec does not give. */
    ours: z.strictObject({
      /** Silent mode: the spec gives none; null checks only a positive duration. */
      silent: z.nullable(durationRangeSchema),
      /** Will mode's maximum (the spec has only a minimum); null for none. */
      willMaxMs: z.nullable(ms),
      /**
       * Action mode showing the light challenge: the first action is prompted this long after
       * recording starts, and the window's maxima grow by as much. The face's shape under the
       * screen's light is judged on frames where the head holds still (lightCheck.ts); a head
       * shake filling a 3 s take leaves too few of them in a bright room.
       */
      actionLightLeadMs: ms,
    }),
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
    /** Which status each getUserMedia failure shows (schemas/cameraFailures.ts). */
    failures: cameraFailuresSchema,
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
    /** Frames sent per second (10 fps holds easily; the service judges 5-120). */
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
  /** On-device face guidance and the service's face checks. */
  face: faceSchema,
  /** How the service judges the media it received (schemas/verification.ts). */
  verification: verificationSchema,
  /**
   * The light challenge (schemas/lightChallenge.ts) of the modes whose checks (flows/checks.json)
   * include "light".
   */
  light: z.strictObject({
    /** Sequences drawn per order at most (each GET /api/v1/light draws one), bounded as maxDigitDraws is. */
    maxDraws: positiveInt,
    /**
     * By a light mode's live type: the live type a user takes who must not see flashing light
     * (reduced motion, or their choice on the notice), "1" being number mode with its lip-sync
     * check, judged without the light even where number mode shows it ("1": "1"). A live type
     * not named here has no alternative, and such a user cannot be verified by light; they are
     * never passed without a check.
     */
    alternative: z.partialRecord(z.enum(["1", "2", "3"]), z.literal("1")),
  }),
});
export type CaptureFile = z.infer<typeof captureFileSchema>;
export type StreamLimits = CaptureFile["stream"];
/** The face section, for the pure face logic (src/face/) in the browser and the service. */
export type FaceConfig = CaptureFile["face"];
