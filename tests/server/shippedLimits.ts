/** The shipped recording limits (flows/capture.json, parsed), as the service's composition root loads them. */
import captureJson from "../../flows/capture.json";
import { captureFileSchema } from "../../schemas/capture";
import type { ServerLimits } from "../../src/server/limits";

export function loadCaptureLimits(): ServerLimits {
  return captureFileSchema.parse(captureJson);
}
