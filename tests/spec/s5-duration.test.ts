/**
 * Spec §5, messaging-app video duration: "action 1 to 3 s (up to 5 s when traditional_action
 * contains a comma); number 2 to 5 s; will minimum 1 s". flows/capture.json holds exactly these
 * under `durationMs`, and keeps faceflow's additions apart (`toleranceMs`, `ours`: a silent
 * window and a will maximum the spec does not give). The page's check before upload and the
 * service's duration check apply them the same way, at every bound.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import captureJson from "../../flows/capture.json";
import { captureFileSchema } from "../../schemas/capture";
import { validateRecording } from "../../src/domain/validateRecording";
import type { LiveMode } from "../../src/domain/modes";
import type { RecordingKind } from "../../src/server/media/captureLimits";
import { VERIFY_CODES } from "../../src/server/media/verifyCodes";
import { checkDuration } from "../../src/server/verify/checks/recordingChecks";

const limits = z.parse(captureFileSchema, captureJson);
const TOL = limits.durationMs.toleranceMs;

/** The page's verdict on a recording of `ms` (size and type fine). */
function page(ms: number, mode: LiveMode, will: boolean, actions: string[], light = false): "ok" | "short" | "long" {
  const r = validateRecording({
    kind: "recorder", blob: new Blob([new Uint8Array(200 * 1024)], { type: "video/webm" }), mimeType: "video/webm",
    durationMs: ms, liveMode: mode, will, actions, light, platform: "android", limits,
  });
  return r.ok ? "ok" : r.status === "shortException" ? "short" : r.status === "longException" ? "long" : (() => { throw new Error(r.status); })();
}

/** The service's verdict on a decoded recording of `ms`. */
function service(ms: number, kind: RecordingKind): "ok" | "short" | "long" {
  const probe = { format: "matroska,webm", durationMs: ms, video: { codec: "vp8", width: 640, height: 480, rotation: 0, frames: Math.max(2, Math.round(ms / 50)) }, audio: null };
  const outcome = checkDuration({ kind: "recording", probe, bytes: 200 * 1024 }, kind, limits);
  return outcome.passed ? "ok" : outcome.failCode === VERIFY_CODES.durationTooShort ? "short" : "long";
}

const LIVE_TYPE = { number: "1", action: "2", silent: "3" } as const;

/** Verdicts at min-tol-1, min-tol, max+tol, max+tol+1 from the page and from the service. */
function atBounds(min: number, max: number, mode: LiveMode, will: boolean, actions: string[], light = false) {
  const kind: RecordingKind = { liveType: LIVE_TYPE[mode], actions, will, light };
  const points = [min - TOL - 1, min - TOL, max + TOL, max + TOL + 1];
  return { page: points.map((ms) => page(ms, mode, will, actions, light)), service: points.map((ms) => service(ms, kind)) };
}
const EXPECTED = { page: ["short", "ok", "ok", "long"], service: ["short", "ok", "ok", "long"] };

describe("spec §5: recording durations, the spec's apart from ours", () => {
  it("capture.json's durationMs holds the spec's bounds and nothing else beside toleranceMs and ours", () => {
    expect(limits.durationMs.number).toEqual({ min: 2000, max: 5000 });
    expect(limits.durationMs.action).toEqual({ min: 1000, max: 3000, maxMultipleActions: 5000 });
    // The spec gives will mode a minimum only.
    expect(limits.durationMs.will).toEqual({ min: 1000 });
    expect(Object.keys(limits.durationMs).sort()).toEqual(["action", "number", "ours", "toleranceMs", "will"]);
    // Ours, named as such: silent 1-5 s and a will maximum of 30 s; 300 ms for container timestamps.
    // And a second before the first action while the light is shown (the face's shape is judged still).
    expect(limits.durationMs.ours).toEqual({ silent: { min: 1000, max: 5000 }, willMaxMs: 30_000, actionLightLeadMs: 1000 });
    expect(TOL).toBe(300);
  });

  it("number 2-5 s: page and service agree at every bound", () => {
    expect(atBounds(2000, 5000, "number", false, [])).toEqual(EXPECTED);
  });

  it("action 1-3 s, 5 s with several actions: page and service agree at every bound", () => {
    expect(atBounds(1000, 3000, "action", false, ["1"])).toEqual(EXPECTED);
    expect(atBounds(1000, 5000, "action", false, ["1", "2"])).toEqual(EXPECTED);
    // The tolerance is ours: 0.7 s passes for an action, deliberately (docs/differencesFromSpec.md).
    expect([page(700, "action", false, ["1"]), service(700, { liveType: "2", actions: ["1"], will: false, light: false })]).toEqual(["ok", "ok"]);
  });

  it("action with the light shown, 1-4 s and 1-6 s (ours: the still lead-in): page and service agree at every bound", () => {
    expect(atBounds(1000, 4000, "action", false, ["1"], true)).toEqual(EXPECTED);
    expect(atBounds(1000, 6000, "action", false, ["1", "2"], true)).toEqual(EXPECTED);
  });

  it("will at least 1 s (our maximum 30 s), whatever the live type: page and service agree", () => {
    expect(atBounds(1000, 30_000, "number", true, [])).toEqual(EXPECTED);
    expect(atBounds(1000, 30_000, "action", true, ["1", "2"])).toEqual(EXPECTED);
  });

  it("silent, our 1-5 s: page and service agree at every bound", () => {
    expect(atBounds(1000, 5000, "silent", false, [])).toEqual(EXPECTED);
  });
});
