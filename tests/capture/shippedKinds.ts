/**
 * The shipped capture kinds in a registry with the shipped mode table (flows/capture.json,
 * parsed), as the composition root makes it; `load` replaces every kind's handler loader
 * with a test double.
 */
import * as z from "zod/mini";
import captureJson from "../../flows/capture.json";
import { captureFileSchema } from "../../schemas/capture";
import type { CaptureKind } from "../../src/capture/contract";
import type { CaptureHandlerLoader } from "../../src/capture/kinds/descriptor";
import type { CaptureModes } from "../../src/capture/kinds/modeTable";
import type { CaptureChoiceInput } from "../../src/capture/modeChoice";
import { INITIAL_SESSION_STATE } from "../../schemas/session";
import { createCaptureKindRegistry, type CaptureKindRegistry } from "../../src/capture/kinds/registry";
import { shippedCaptureKinds } from "../../src/capture/kinds/shipped";

const capture = z.parse(captureFileSchema, captureJson);
/** The shipped capture.json, parsed: what the composition root hands the runtime. */
export const shippedCapture = capture;
export const shippedModes: CaptureModes = { modeOrder: capture.modeOrder, modeKinds: capture.modeKinds };

export function shippedKindRegistry(load?: (kind: CaptureKind) => CaptureHandlerLoader): CaptureKindRegistry {
  const kinds = shippedCaptureKinds().map((d) => (load ? { ...d, load: load(d.kind) } : d));
  return createCaptureKindRegistry(kinds, shippedModes);
}

/** A mode choice's facts: no launch switches, a fresh session, a usable page camera, outside the messaging app. */
export function choiceInput(overrides: Partial<CaptureChoiceInput> = {}): CaptureChoiceInput {
  return { launch: {}, state: INITIAL_SESSION_STATE, cameraApi: true, cameraEligible: true, wxCameraUsable: false, platform: "other", ...overrides };
}
