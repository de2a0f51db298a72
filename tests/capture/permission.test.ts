import { produce } from "immer";
import { describe, expect, it, vi } from "vitest";
import captureJson from "../../flows/capture.json";
import { markRealtimeUnsupported } from "../../src/capture/downgrade";
import { selectCaptureKind } from "../../src/capture/modeChoice";
import { shippedKindRegistry } from "./shippedKinds";
import { cameraFailuresSchema, duplicateErrorNames, type CameraFailures } from "../../schemas/cameraFailures";
import {
  cameraFailureOf,
  idealConstraints,
  openCamera,
  statusOn,
  permissionRetryPlan,
  type OpenCameraInput,
  type OpenCameraResult,
} from "../../src/capture/permission";
import * as z from "zod/mini";
import { captureFileSchema } from "../../schemas/capture";
import { DOWNGRADE_REASONS, INITIAL_SESSION_STATE, type DowngradeReason } from "../../schemas/session";

/** The shipped table: what each failure shows is read from it, so a row added there changes no test here. */
const FAILURES: CameraFailures = z.parse(captureFileSchema, captureJson).camera.failures;
const deniedOn = (platform: "ios" | "android" | "other") => statusOn(FAILURES.denied.status, platform);
const listed = (name: string) => [FAILURES.denied, ...FAILURES.failures].some((row) => row.errors.includes(name));

const TIMEOUT = 20_000;
const QUICK = 500;

/** A clock with timers that only move when the test says so. */
function fakeClock() {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout: (run: () => void, ms: number) => {
      nextId += 1;
      timers.set(nextId, { at: now + ms, run });
      return nextId;
    },
    clearTimeout: (handle: unknown) => void timers.delete(handle as number),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.run();
        }
      }
    },
    pendingTimers: () => timers.size,
  };
}

interface FakeStream {
  stream: MediaStream;
  stops: ReturnType<typeof vi.fn>[];
}

function fakeStream(): FakeStream {
  const stops = [vi.fn(), vi.fn()];
  const tracks = stops.map((stop) => ({ stop }));
  return { stream: { getTracks: () => tracks } as unknown as MediaStream, stops };
}

/** getUserMedia whose every call waits until the test answers it. */
function fakeMediaDevices() {
  const calls: { constraints: MediaStreamConstraints; resolve(s: MediaStream): void; reject(e: unknown): void }[] = [];
  const mediaDevices = {
    getUserMedia: (constraints: MediaStreamConstraints) =>
      new Promise<MediaStream>((resolve, reject) => calls.push({ constraints, resolve, reject })),
  };
  const call = (i: number) => {
    const c = calls[i];
    if (!c) throw new Error(`getUserMedia was called ${calls.length} times, not ${i + 1}`);
    return c;
  };
  return { mediaDevices, calls, call };
}

/** Let pending promise callbacks run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function start(overrides: Partial<OpenCameraInput> = {}) {
  const clock = fakeClock();
  const devices = fakeMediaDevices();
  let result: OpenCameraResult | undefined;
  const promise = openCamera({
    mediaDevices: devices.mediaDevices,
    audio: true,
    facing: "user",
    now: clock.now,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    timeoutMs: TIMEOUT,
    quickDenialMs: QUICK, failures: FAILURES,
    platform: "android",
    ...overrides,
  }).then((r) => (result = r));
  return { clock, devices, promise, result: () => result };
}

const denied = (name = "NotAllowedError") => new DOMException("Permission denied", name);

describe("idealConstraints", () => {
  it("asks for the front camera at about 640x480 with ideal constraints only", () => {
    const c = idealConstraints(false, "user");
    expect(c).toEqual({
      video: { facingMode: { ideal: "user" }, width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 30 } },
      audio: false,
    });
    expect(JSON.stringify(idealConstraints(true, "user"))).not.toContain("exact");
    expect(idealConstraints(true, "user").audio).toBe(true);
  });

  it("asks for the back camera, still only ideally, once the user switched (spec §5)", () => {
    expect(idealConstraints(false, "environment").video).toMatchObject({ facingMode: { ideal: "environment" } });
  });
});

describe("openCamera", () => {
  it("resolves with the stream and the time it took, and clears its timer", async () => {
    const t = start();
    expect(t.devices.call(0).constraints).toEqual(idealConstraints(true, "user"));
    t.clock.advance(1234);
    const { stream, stops } = fakeStream();
    t.devices.call(0).resolve(stream);
    await t.promise;
    expect(t.result()).toEqual({ ok: true, stream, elapsedMs: 1234 });
    expect(t.clock.pendingTimers()).toBe(0);
    expect(stops.every((stop) => stop.mock.calls.length === 0)).toBe(true);
  });

  it("passes audio through", () => {
    const t = start({ audio: false });
    expect(t.devices.call(0).constraints.audio).toBe(false);
  });

  it("classifies a refusal before quickDenialMs as remembered (9), from quickDenialMs on as the user's (10)", async () => {
    const quick = start();
    quick.clock.advance(QUICK - 1);
    quick.devices.call(0).reject(denied());
    await quick.promise;
    expect(quick.result()).toMatchObject({ ok: false, reason: 9, status: deniedOn("android") });

    const normal = start();
    normal.clock.advance(QUICK);
    normal.devices.call(0).reject(denied());
    await normal.promise;
    expect(normal.result()).toMatchObject({ ok: false, reason: 10, status: deniedOn("android") });
    expect(normal.result()).toMatchObject({ error: expect.stringContaining("NotAllowedError") });
  });

  it("treats every refusal the table names (SecurityError and the pre-standard PermissionDeniedError among them) as a refusal", async () => {
    expect(FAILURES.denied.errors).toEqual(expect.arrayContaining(["NotAllowedError", "SecurityError", "PermissionDeniedError"]));
    for (const name of FAILURES.denied.errors) {
      const t = start();
      t.clock.advance(5000);
      t.devices.call(0).reject(denied(name));
      await t.promise;
      expect(t.result()).toMatchObject({ ok: false, reason: 10, status: deniedOn("android") });
    }
  });

  it("shows the platform's no-permission screen: iOS has its own, everything else Android's", async () => {
    const statuses: Record<string, unknown> = {};
    for (const platform of ["ios", "android", "other"] as const) {
      const t = start({ platform });
      t.devices.call(0).reject(denied());
      await t.promise;
      const r = t.result();
      statuses[platform] = r && !r.ok ? r.status : r;
    }
    expect(statuses).toEqual({
      ios: "trtc_iosNoWebcamPermission",
      android: "trtc_androidNoWebcamPermission",
      other: "trtc_androidNoWebcamPermission",
    });
  });

  it("times out at timeoutMs with webcamNoPermissionTimeout (11) and releases a stream that comes later", async () => {
    const t = start({ platform: "ios" });
    t.clock.advance(TIMEOUT - 1);
    await flush();
    expect(t.result()).toBeUndefined();
    t.clock.advance(1);
    await t.promise;
    expect(t.result()).toMatchObject({ ok: false, reason: 11, status: deniedOn("ios") });

    const late = fakeStream();
    t.devices.call(0).resolve(late.stream);
    await flush();
    expect(late.stops.map((stop) => stop.mock.calls.length)).toEqual([1, 1]);
    expect(t.result()).toMatchObject({ ok: false, reason: 11 });
  });

  it("ignores a refusal that comes after the timeout", async () => {
    const t = start();
    t.clock.advance(TIMEOUT);
    await t.promise;
    t.devices.call(0).reject(denied());
    await flush();
    expect(t.result()).toMatchObject({ ok: false, reason: 11 });
  });

  it("retries once with plain constraints after OverconstrainedError", async () => {
    const t = start();
    t.devices.call(0).reject(new DOMException("facingMode", "OverconstrainedError"));
    await flush();
    expect(t.devices.calls).toHaveLength(2);
    expect(t.devices.call(1).constraints).toEqual({ video: true, audio: true });
    const { stream } = fakeStream();
    t.clock.advance(300);
    t.devices.call(1).resolve(stream);
    await t.promise;
    expect(t.result()).toEqual({ ok: true, stream, elapsedMs: 300 });
  });

  it("retries only once: a second OverconstrainedError is a camera error (12)", async () => {
    const t = start();
    t.devices.call(0).reject(new DOMException("facingMode", "OverconstrainedError"));
    await flush();
    t.devices.call(1).reject(new DOMException("still", "OverconstrainedError"));
    await t.promise;
    expect(t.devices.calls).toHaveLength(2);
    expect(t.result()).toMatchObject({ ok: false, reason: 12, status: cameraFailureOf("OverconstrainedError", 0, "android", QUICK, FAILURES).status });
  });

  it("measures quick denial from the retry, and times out across both requests", async () => {
    const quick = start();
    quick.clock.advance(3000);
    quick.devices.call(0).reject(new DOMException("x", "OverconstrainedError"));
    await flush();
    quick.clock.advance(100);
    quick.devices.call(1).reject(denied());
    await quick.promise;
    expect(quick.result()).toMatchObject({ ok: false, reason: 9 });

    const hung = start();
    hung.clock.advance(3000);
    hung.devices.call(0).reject(new DOMException("x", "OverconstrainedError"));
    await flush();
    hung.clock.advance(TIMEOUT - 3000);
    await hung.promise;
    expect(hung.result()).toMatchObject({ ok: false, reason: 11 });
    const late = fakeStream();
    hung.devices.call(1).resolve(late.stream);
    await flush();
    expect(late.stops.every((stop) => stop.mock.calls.length === 1)).toBe(true);
  });

  it("gives each error a row of the table names that row's status with webcamOtherError (a missing camera among them)", async () => {
    expect(FAILURES.failures.flatMap((row) => row.errors)).toEqual(expect.arrayContaining(["NotFoundError", "DevicesNotFoundError"]));
    for (const row of FAILURES.failures) {
      for (const name of row.errors) {
        for (const platform of ["ios", "android"] as const) {
          const t = start({ platform });
          t.devices.call(0).reject(new DOMException("failed", name));
          await t.promise;
          expect(t.result()).toMatchObject({ ok: false, reason: 12, status: statusOn(row.status, platform) });
        }
      }
    }
  });

  it("classifies any failure no row names as the table's camera error (12)", async () => {
    const errors: unknown[] = [
      new DOMException("Could not start video source", "NotReadableError"),
      new DOMException("aborted", "AbortError"),
      new DOMException("a browser's new failure", "FutureCameraError"),
      new TypeError("bad constraints"),
      "a string",
    ].filter((error) => !listed(typeof error === "object" && error !== null && "name" in error ? String(error.name) : typeof error));
    expect(errors.length).toBeGreaterThanOrEqual(3);
    for (const error of errors) {
      const t = start();
      t.devices.call(0).reject(error);
      await t.promise;
      expect(t.result()).toMatchObject({ ok: false, reason: 12, status: statusOn(FAILURES.otherwise, "android") });
    }
  });

  it("follows the table it is given: a new row takes its errors over from the rest", () => {
    const table = { ...FAILURES, failures: [...FAILURES.failures, { errors: ["FutureCameraError"], status: "exception" as const }] };
    expect(cameraFailureOf("FutureCameraError", 9000, "ios", QUICK, table)).toEqual({ reason: 12, status: "exception" });
    expect(cameraFailureOf("FutureCameraError", 9000, "ios", QUICK, FAILURES)).toEqual({ reason: 12, status: statusOn(FAILURES.otherwise, "ios") });
  });

  it("refuses a table that gives one error two statuses", () => {
    const name = FAILURES.denied.errors[0] ?? "NotAllowedError";
    const twice = { ...FAILURES, failures: [...FAILURES.failures, { errors: [name], status: "exception" as const }] };
    expect(duplicateErrorNames(twice)).toEqual([name]);
    expect(z.safeParse(cameraFailuresSchema, twice).success).toBe(false);
  });

  it("classifies a getUserMedia that throws instead of rejecting", async () => {
    const clock = fakeClock();
    const result = await openCamera({
      mediaDevices: { getUserMedia: () => { throw new DOMException("busy", "NotReadableError"); } },
      audio: false, facing: "user", now: clock.now, setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout,
      timeoutMs: TIMEOUT, quickDenialMs: QUICK, failures: FAILURES, platform: "other",
    });
    expect(result).toMatchObject({ ok: false, reason: 12, status: cameraFailureOf("NotReadableError", 0, "other", QUICK, FAILURES).status, error: "NotReadableError: busy" });
    expect(clock.pendingTimers()).toBe(0);
  });

  it("reports the table's no-camera-API status when there is no mediaDevices (insecure context, old browser)", async () => {
    const clock = fakeClock();
    const base = { audio: true, facing: "user" as const, now: clock.now, setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout, timeoutMs: TIMEOUT, quickDenialMs: QUICK, failures: FAILURES, platform: "ios" as const };
    const status = statusOn(FAILURES.noCameraApi, "ios");
    expect(await openCamera({ ...base, mediaDevices: undefined })).toMatchObject({ ok: false, reason: 12, status });
    const noMethod = {} as Pick<MediaDevices, "getUserMedia">;
    expect(await openCamera({ ...base, mediaDevices: noMethod })).toMatchObject({ ok: false, reason: 12, status });
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe("permissionRetryPlan (spec §4)", () => {
  it("sends a never-answered permission to the non-real-time fallback with webcamNoPermissionTimeout", () => {
    expect(permissionRetryPlan(DOWNGRADE_REASONS.webcamNoPermissionTimeout)).toEqual({ toNonRealtime: true, downgrade: 11 });
  });

  it("asks again after a refusal or a camera error", () => {
    const others: DowngradeReason[] = [9, 10, 12];
    for (const reason of others) expect(permissionRetryPlan(reason)).toEqual({ toNonRealtime: false });
  });

  it("end to end: a hung getUserMedia, then retry, lands on a capture that does not call getUserMedia", async () => {
    const t = start();
    t.clock.advance(TIMEOUT);
    await t.promise;
    const r = t.result();
    if (!r || r.ok) throw new Error("expected a failure");
    const plan = permissionRetryPlan(r.reason);
    const state = produce(INITIAL_SESSION_STATE, (d) => {
      if (plan.toNonRealtime && plan.downgrade !== undefined) markRealtimeUnsupported(d, plan.downgrade);
    });
    expect(state.deviceInfo.h5downgrade).toEqual([11]);
    const launch = { rtc_mode_switch: "1", ws_mode_switch: "1" } as const;
    const input = { launch, state, cameraApi: true, cameraEligible: true, wxCameraUsable: false, platform: "other" } as const;
    expect(selectCaptureKind(input, shippedKindRegistry())).toBe("fileInput");
  });

});

describe("capture.json camera limits", () => {
  it("are valid as shipped, and a quick-denial bound at or above the timeout is refused", () => {
    expect(z.safeParse(captureFileSchema, captureJson).success).toBe(true);
    const camera = { permissionTimeoutMs: 1000, quickDenialMs: 1000, failures: FAILURES };
    expect(z.safeParse(captureFileSchema, { ...captureJson, camera }).success).toBe(false);
    expect(z.safeParse(captureFileSchema, { ...captureJson, camera: { ...camera, quickDenialMs: 999 } }).success).toBe(true);
  });
});
