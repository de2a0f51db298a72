/**
 * flows/capture.json `camera.failures`: which catalogue status (spec §8) a camera that fails to open shows,
 * by the getUserMedia error's name, and which downgrade reason (spec §3, 9-12) it records.
 * A table, so that a new status taking over a failure is a row here (and its own test), not an
 * edit of the classifier (src/capture/permission.ts) or of the tests that read this table.
 *
 * - `denied`: the browser or the user refused; reason 9 when the refusal came faster than
 *   capture.json `camera.quickDenialMs` (a remembered denial), else 10. A prompt that never
 *   answers (11) shows the same status: the cure is the same setting.
 * - `failures`: other named errors, each row its status; reason 12.
 * - `otherwise`: any error no row names (a camera busy, aborted, …); reason 12.
 * - `noCameraApi`: no getUserMedia at all (an old browser, an insecure context); reason 12.
 *
 * A status is one for every platform or one per platform (`ios`, `android`, `other`: the
 * platform parsed from the user agent).
 */
import * as z from "zod/mini";
import { errorStatusSchema } from "./errors";

const platformStatusSchema = z.union([
  errorStatusSchema,
  z.strictObject({ ios: errorStatusSchema, android: errorStatusSchema, other: errorStatusSchema }),
]);
export type PlatformStatus = z.infer<typeof platformStatusSchema>;

const errorNamesSchema = z.array(z.string().check(z.regex(/^[A-Za-z]+$/, "a DOMException name (letters only)"))).check(z.minLength(1));

const rowSchema = z.strictObject({ errors: errorNamesSchema, status: platformStatusSchema });
export type CameraFailureRow = z.infer<typeof rowSchema>;

export const cameraFailuresSchema = z
  .strictObject({
    denied: rowSchema,
    failures: z.array(rowSchema),
    otherwise: platformStatusSchema,
    noCameraApi: platformStatusSchema,
  })
  .check(
    z.refine((file) => duplicateErrorNames(file).length === 0, "an error name is in more than one row (each getUserMedia error has one status)"),
  );
export type CameraFailures = z.infer<typeof cameraFailuresSchema>;

/** Error names that more than one row claims. */
export function duplicateErrorNames(file: Pick<CameraFailures, "denied" | "failures">): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const name of [file.denied, ...file.failures].flatMap((row) => row.errors)) (seen.has(name) ? twice : seen).add(name);
  return [...twice];
}
