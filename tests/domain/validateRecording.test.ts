import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import captureJson from "../../flows/capture.json";
import { durationWindow, promptLeadMs, validateRecording, type ValidateRecordingInput } from "../../src/domain/validateRecording";
import type { LiveMode } from "../../src/domain/modes";
import { durationRangeFor } from "../../src/server/media/captureLimits";
import { captureFileSchema, type CaptureFile } from "../../schemas/capture";

const limits = z.parse(captureFileSchema, captureJson);
const KB = 1024;
const TOL = limits.durationMs.toleranceMs;

const blobOf = (bytes: number, type = "video/webm") => new Blob([new Uint8Array(bytes)], { type });
/** A size every platform accepts. */
const OK_SIZE = 200 * KB;
const okBlob = blobOf(OK_SIZE);

function input(overrides: Partial<ValidateRecordingInput> = {}): ValidateRecordingInput {
  return {
    kind: "recorder",
    blob: okBlob,
    mimeType: "video/webm",
    durationMs: 3000,
    liveMode: "number",
    will: false,
    actions: [],
    light: false,
    platform: "android",
    limits,
    ...overrides,
  };
}

const statusOf = (overrides: Partial<ValidateRecordingInput>) => {
  const r = validateRecording(input(overrides));
  return r.ok ? "ok" : r.status;
};

/** Status at each of: just below min-tol, at min-tol, at max+tol, just above max+tol. */
function edges(min: number, max: number, overrides: Partial<ValidateRecordingInput>) {
  return [min - TOL - 1, min - TOL, max + TOL, max + TOL + 1].map((durationMs) => statusOf({ ...overrides, durationMs }));
}

describe("the shipped limits (spec §5)", () => {
  it("are the spec's numbers", () => {
    expect(limits.durationMs.number).toEqual({ min: 2000, max: 5000 });
    expect(limits.durationMs.action).toEqual({ min: 1000, max: 3000, maxMultipleActions: 5000 });
    expect(limits.durationMs.will.min).toBe(1000);
    expect(limits.sizeKB).toEqual({ min: { ios: 150, android: 50, other: 50 }, zip: 1536 });
    expect(TOL).toBeGreaterThan(0);
  });
});

describe("durationWindow", () => {
  it("gives each mode its window", () => {
    expect(durationWindow(limits, "number", false, [], false)).toEqual({ min: 2000, max: 5000 });
    expect(durationWindow(limits, "action", false, ["2"], false)).toEqual({ min: 1000, max: 3000 });
    expect(durationWindow(limits, "action", false, ["2", "3"], false)).toEqual({ min: 1000, max: 5000 });
    expect(durationWindow(limits, "silent", false, [], false)).toEqual(limits.durationMs.ours.silent);
    const will = { min: limits.durationMs.will.min, max: limits.durationMs.ours.willMaxMs };
    expect(durationWindow(limits, "number", true, [], false)).toEqual(will);
    expect(durationWindow(limits, "action", true, ["1", "2"], false)).toEqual(will);
  });

  it("lengthens only action mode's window by the light's lead-in when the light is shown", () => {
    const lead = limits.durationMs.ours.actionLightLeadMs;
    expect(lead).toBeGreaterThan(0);
    expect(durationWindow(limits, "action", false, ["1"], true)).toEqual({ min: 1000, max: 3000 + lead });
    expect(durationWindow(limits, "action", false, ["1", "4"], true)).toEqual({ min: 1000, max: 5000 + lead });
    // Silent mode shows the light from the start and has no action to hold; will mode's window is long already.
    expect(durationWindow(limits, "silent", false, [], true)).toEqual(limits.durationMs.ours.silent);
    expect(durationWindow(limits, "action", true, ["1"], true)).toEqual({ min: limits.durationMs.will.min, max: limits.durationMs.ours.willMaxMs });
    expect(promptLeadMs(limits, "action", false, true)).toBe(lead);
    expect([promptLeadMs(limits, "action", false, false), promptLeadMs(limits, "action", true, true), promptLeadMs(limits, "silent", false, true)]).toEqual([0, 0, 0]);
  });

  it("gives silent mode only a lower bound of 0 when capture.json sets no window", () => {
    const open: CaptureFile = { ...limits, durationMs: { ...limits.durationMs, ours: { ...limits.durationMs.ours, silent: null } } };
    expect(durationWindow(open, "silent", false, [], false)).toEqual({ min: 0, max: null });
  });

  it("agrees with the window the service enforces for every mode", () => {
    const liveTypes = { number: "1", action: "2", silent: "3" } as const;
    const cases: [LiveMode, boolean, string[]][] = [];
    for (const mode of ["number", "action", "silent"] as const) {
      for (const will of [false, true]) for (const actions of [[], ["1"], ["1", "4"]]) cases.push([mode, will, actions]);
    }
    for (const [mode, will, actions] of cases) {
      for (const light of [false, true]) {
        const server = durationRangeFor(limits, { liveType: liveTypes[mode], will, actions, light });
        expect({ mode, will, actions, light, window: durationWindow(limits, mode, will, actions, light) }).toEqual({ mode, will, actions, light, window: server });
      }
    }
  });
});

describe("validateRecording: the file", () => {
  it("accepts a recording within every limit", () => {
    expect(validateRecording(input())).toEqual({ ok: true });
  });

  it("asks for a video when nothing or an empty file was handed over", () => {
    expect(statusOf({ blob: null })).toBe("chooseVideoException");
    expect(statusOf({ blob: blobOf(0) })).toBe("chooseVideoException");
  });

  it("says a picture was chosen when the file is an image", () => {
    expect(statusOf({ kind: "fileInput", mimeType: "image/jpeg", blob: blobOf(OK_SIZE, "image/jpeg") })).toBe("chooseImageException");
    // The picker's File knows it is an image even when the caller passed no type.
    expect(statusOf({ kind: "fileInput", mimeType: "", blob: blobOf(OK_SIZE, "image/heic") })).toBe("chooseImageException");
    expect(statusOf({ kind: "fileInput", mimeType: "IMAGE/PNG" })).toBe("chooseImageException");
  });

  it("asks for a video when another kind of file was chosen", () => {
    expect(statusOf({ kind: "fileInput", mimeType: "application/pdf", blob: blobOf(OK_SIZE, "application/pdf") })).toBe("chooseVideoException");
  });

  it("lets a file of unknown type through (Android pickers often give none)", () => {
    expect(statusOf({ kind: "fileInput", mimeType: "", blob: blobOf(OK_SIZE, "") })).toBe("ok");
  });
});

describe("validateRecording: duration, at every edge including the tolerance", () => {
  it("number mode: 2-5 s", () => {
    expect(edges(2000, 5000, { liveMode: "number" })).toEqual(["shortException", "ok", "ok", "longException"]);
  });

  it("action mode with one action: 1-3 s", () => {
    expect(edges(1000, 3000, { liveMode: "action", actions: ["1"] })).toEqual(["shortException", "ok", "ok", "longException"]);
  });

  it("action mode with several actions: up to 5 s", () => {
    expect(edges(1000, 5000, { liveMode: "action", actions: ["1", "3"] })).toEqual(["shortException", "ok", "ok", "longException"]);
    // 5 s is too long for a single action.
    expect(statusOf({ liveMode: "action", actions: ["1"], durationMs: 5000 })).toBe("longException");
  });

  it("silent mode uses its window from capture.json", () => {
    const silent = limits.durationMs.ours.silent;
    if (silent === null || silent.max === null) throw new Error("capture.json should give silent mode a window");
    expect(edges(silent.min, silent.max, { liveMode: "silent" })).toEqual(["shortException", "ok", "ok", "longException"]);
  });

  it("silent mode without a window only needs a positive duration", () => {
    const open: CaptureFile = { ...limits, durationMs: { ...limits.durationMs, ours: { ...limits.durationMs.ours, silent: null } } };
    expect(statusOf({ limits: open, liveMode: "silent", durationMs: 1 })).toBe("ok");
    expect(statusOf({ limits: open, liveMode: "silent", durationMs: 600_000 })).toBe("ok");
    expect(statusOf({ limits: open, liveMode: "silent", durationMs: 0 })).toBe("shortException");
  });

  it("will mode: at least 1 s, whatever the live type", () => {
    const will = { min: limits.durationMs.will.min, max: limits.durationMs.ours.willMaxMs };
    if (will.max === null) throw new Error("capture.json should cap will mode");
    expect(edges(will.min, will.max, { will: true, liveMode: "number" })).toEqual(["shortException", "ok", "ok", "longException"]);
    // 1.5 s is too short to read digits but enough for a consent.
    expect(statusOf({ will: false, liveMode: "number", durationMs: 1500 })).toBe("shortException");
    expect(statusOf({ will: true, liveMode: "number", durationMs: 1500 })).toBe("ok");
  });

  it("uses capture.json's tolerance, not a fixed one", () => {
    const strict: CaptureFile = { ...limits, durationMs: { ...limits.durationMs, toleranceMs: 0 } };
    expect([1999, 2000, 5000, 5001].map((durationMs) => statusOf({ limits: strict, durationMs }))).toEqual([
      "shortException", "ok", "ok", "longException",
    ]);
  });

  it("refuses a zero or negative duration", () => {
    expect(statusOf({ durationMs: 0 })).toBe("shortException");
    expect(statusOf({ durationMs: -5 })).toBe("shortException");
  });

  it("leaves an unknown duration to the service", () => {
    expect(statusOf({ kind: "fileInput", durationMs: null })).toBe("ok");
  });

  it("reports a too-short recording before its size", () => {
    expect(statusOf({ durationMs: 100, blob: blobOf(10) })).toBe("shortException");
  });
});

describe("validateRecording: size, at every edge", () => {
  it("applies each platform's minimum", () => {
    for (const [platform, kb] of [["ios", 150], ["android", 50], ["other", 50]] as const) {
      expect([statusOf({ platform, blob: blobOf(kb * KB - 1) }), statusOf({ platform, blob: blobOf(kb * KB) })]).toEqual([
        "smallException",
        "ok",
      ]);
    }
  });

  it("caps every recording at the zip size: largeException in the page, sizeException from the messaging-app camera", () => {
    const atCap = blobOf(1536 * KB);
    const overCap = blobOf(1536 * KB + 1);
    for (const kind of ["recorder", "fileInput"] as const) {
      expect([statusOf({ kind, blob: atCap }), statusOf({ kind, blob: overCap })]).toEqual(["ok", "largeException"]);
    }
    expect([statusOf({ kind: "wxVideo", blob: atCap }), statusOf({ kind: "wxVideo", blob: overCap })]).toEqual(["ok", "sizeException"]);
  });

  it("says why in the detail", () => {
    const r = validateRecording(input({ platform: "ios", blob: blobOf(100 * KB) }));
    expect(r).toEqual({ ok: false, status: "smallException", detail: `${100 * KB} bytes is below the ${150 * KB} bytes required on ios` });
  });
});
