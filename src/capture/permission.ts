/**
 * Opening the camera and classifying what went wrong into the downgrade reasons 9-12 of
 * spec §3 and the catalogue statuses of spec §8, plus the retry rule of spec §4.
 *
 * getUserMedia has three ways to fail that the flow treats differently:
 * - it refuses (NotAllowedError): quickly when the browser answered from a remembered
 *   denial without asking the user (9), otherwise the user said no (10);
 * - it never answers (11): some in-app web-views show no prompt and leave the promise
 *   pending forever, so the wait is bounded and a stream that still turns up is released;
 * - anything else (12): camera busy (NotReadableError), aborted, no camera at all.
 *
 * Pure apart from the injected clock and timers, so tests control time.
 */
import type { CameraFailures, PlatformStatus } from "../../schemas/cameraFailures";
import type { ErrorStatus } from "../../schemas/errors";
import { DOWNGRADE_REASONS, type DowngradeReason } from "../../schemas/session";
import type { CameraFacing } from "./contract";
import type { Platform } from "./modeChoice";

/**
 * The constraints faceflow asks with: the chosen camera (front unless the user switched),
 * 640x480 at 30 fps, all `ideal`. Never
 * `exact`: many phones and Chromium's fake camera report no facingMode, and an exact
 * constraint they cannot meet fails with OverconstrainedError instead of a usable camera.
 */
export function idealConstraints(audio: boolean, facing: CameraFacing): MediaStreamConstraints {
  return {
    video: {
      facingMode: { ideal: facing },
      width: { ideal: 640 },
      height: { ideal: 480 },
      frameRate: { ideal: 30 },
    },
    audio,
  };
}

export interface OpenCameraInput {
  /** navigator.mediaDevices; undefined outside a secure context or in old browsers. */
  mediaDevices: Pick<MediaDevices, "getUserMedia"> | undefined;
  /** Ask for the microphone as well (number and will mode). */
  audio: boolean;
  /** Which camera to ask for. */
  facing: CameraFacing;
  /** Milliseconds on a monotonic clock. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** capture.json camera.permissionTimeoutMs. */
  timeoutMs: number;
  /** capture.json camera.quickDenialMs. */
  quickDenialMs: number;
  /** capture.json camera.failures: the status each failure shows. */
  failures: CameraFailures;
  platform: Platform;
}

export type OpenCameraResult =
  | { ok: true; stream: MediaStream; elapsedMs: number }
  | { ok: false; reason: DowngradeReason; status: ErrorStatus; error: string };

type CameraFailure = Extract<OpenCameraResult, { ok: false }>;

const OVERCONSTRAINED = new Set(["OverconstrainedError", "ConstraintNotSatisfiedError"]);

/** The DOMException name of an error, or its type when it has none. */
function errorNameOf(error: unknown): string {
  if (typeof error === "object" && error !== null && "name" in error && typeof error.name === "string") return error.name;
  return typeof error;
}

function describe(error: unknown): string {
  const message = typeof error === "object" && error !== null && "message" in error ? String(error.message) : String(error);
  return `${errorNameOf(error)}: ${message}`;
}

/** A table status on this platform. */
export function statusOn(status: PlatformStatus, platform: Platform): ErrorStatus {
  return typeof status === "string" ? status : status[platform];
}

/**
 * The status and reason a getUserMedia error `name` gets by `table` (capture.json
 * `camera.failures`, so a new status taking over a failure is a row there): reason 9 or 10
 * for a refusal, by how fast it came; 12 for everything else.
 */
export function cameraFailureOf(name: string, elapsedMs: number, platform: Platform, quickDenialMs: number, table: CameraFailures): { reason: DowngradeReason; status: ErrorStatus } {
  if (table.denied.errors.includes(name)) {
    const reason = elapsedMs < quickDenialMs ? DOWNGRADE_REASONS.webcamNoPermissionQuickly : DOWNGRADE_REASONS.webcamNoPermissionNormally;
    return { reason, status: statusOn(table.denied.status, platform) };
  }
  const row = table.failures.find((r) => r.errors.includes(name));
  return { reason: DOWNGRADE_REASONS.webcamOtherError, status: statusOn(row ? row.status : table.otherwise, platform) };
}

/** Classify a getUserMedia rejection that came `elapsedMs` after asking. */
function classify(error: unknown, elapsedMs: number, input: OpenCameraInput): CameraFailure {
  const name = errorNameOf(error);
  const failure = cameraFailureOf(name, elapsedMs, input.platform, input.quickDenialMs, input.failures);
  const denied = failure.reason !== DOWNGRADE_REASONS.webcamOtherError;
  return { ok: false, ...failure, error: denied ? `${describe(error)} (after ${elapsedMs} ms)` : describe(error) };
}

/** Stop every track of a stream, which turns the camera light off. */
export function releaseStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Ask for the camera with ideal constraints and classify the answer. Never rejects.
 * @example const opened = await openCamera({ mediaDevices: navigator.mediaDevices, audio: true, facing: "user", now: () => performance.now(), setTimeout: (f, ms) => window.setTimeout(f, ms), clearTimeout: (h) => window.clearTimeout(h as number), timeoutMs: 20000, quickDenialMs: 500, platform: "android" });
 */
export function openCamera(input: OpenCameraInput): Promise<OpenCameraResult> {
  const { mediaDevices } = input;
  if (!mediaDevices || typeof mediaDevices.getUserMedia !== "function") {
    return Promise.resolve({
      ok: false,
      reason: DOWNGRADE_REASONS.webcamOtherError,
      status: statusOn(input.failures.noCameraApi, input.platform),
      error: "navigator.mediaDevices.getUserMedia is not available (old browser or insecure context)",
    });
  }
  return new Promise((resolve) => {
    const startedAt = input.now();
    let settled = false;
    const timer = input.setTimeout(() => {
      if (settled) return;
      settled = true;
      resolve({
        ok: false,
        reason: DOWNGRADE_REASONS.webcamNoPermissionTimeout,
        status: statusOn(input.failures.denied.status, input.platform),
        error: `getUserMedia did not answer within ${input.timeoutMs} ms`,
      });
    }, input.timeoutMs);

    /** Resolve once; false when the answer came too late (the caller then cleans up). */
    const settle = (result: OpenCameraResult): boolean => {
      if (settled) return false;
      settled = true;
      input.clearTimeout(timer);
      resolve(result);
      return true;
    };

    const ask = (constraints: MediaStreamConstraints, isRetry: boolean): void => {
      const askedAt = input.now();
      let request: Promise<MediaStream>;
      try {
        request = Promise.resolve(mediaDevices.getUserMedia(constraints));
      } catch (error) {
        // Some old implementations throw synchronously instead of rejecting.
        request = Promise.reject(error);
      }
      request.then(
        (stream) => {
          // A stream after the timeout would keep the camera on with nobody using it.
          if (!settle({ ok: true, stream, elapsedMs: input.now() - startedAt })) releaseStream(stream);
        },
        (error: unknown) => {
          if (settled) return;
          // Ideal constraints should never over-constrain, but some devices still refuse them:
          // any camera beats none, so ask once more with no constraints at all.
          if (!isRetry && OVERCONSTRAINED.has(errorNameOf(error))) {
            ask({ video: true, audio: input.audio }, true);
            return;
          }
          settle(classify(error, input.now() - askedAt, input));
        },
      );
    };

    ask(idealConstraints(input.audio, input.facing), false);
  });
}

/**
 * What a retry after a camera failure does (spec §4). A permission that was never answered
 * would hang again, so the retry leaves the real-time modes and the page's own camera for
 * the non-real-time fallback, recording webcamNoPermissionTimeout. After a refusal or a
 * camera error asking again is the way: the user may have changed the setting or closed the
 * app holding the camera, which is why Android's no-permission screen offers a retry.
 */
export function permissionRetryPlan(reason: DowngradeReason): { toNonRealtime: boolean; downgrade?: DowngradeReason } {
  if (reason === DOWNGRADE_REASONS.webcamNoPermissionTimeout) {
    return { toNonRealtime: true, downgrade: DOWNGRADE_REASONS.webcamNoPermissionTimeout };
  }
  return { toNonRealtime: false };
}
