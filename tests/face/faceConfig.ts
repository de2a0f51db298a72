/** The shipped face thresholds (flows/capture.json, parsed), so the tests check the real values. */
import * as z from "zod/mini";
import captureJson from "../../flows/capture.json";
import { captureFileSchema, type FaceConfig } from "../../schemas/capture";

export const FACE: FaceConfig = z.parse(captureFileSchema, captureJson).face;

/** The shipped config with some sections replaced (a test's own thresholds). */
export function faceConfigWith(patch: Partial<FaceConfig>): FaceConfig {
  return { ...FACE, ...patch };
}
