/**
 * The on-device face guidance report an attempt carries (`guidance` of each attempt of an
 * order): what the user's device saw while recording. Kept for staff and shown to the
 * partner; the service's verdict never rests on it. The service's own schema is
 * `uploadGuidanceSchema` of schemas/apiGuidance.ts; this copy is kept identical to it by the
 * repository's tests.
 */
import * as z from "zod/mini";

/** What the user was told to change so the face could be checked, in the order they are tested. */
export const GUIDANCE_HINTS = ["tooDark", "noFace", "manyFaces", "tooFar", "tooClose", "offCentre", "ok"] as const;

/** Why guidance could not run on the device. */
const GUIDANCE_UNAVAILABLE_REASONS = ["wasm", "load", "slow", "worker", "unsupported"] as const;

/** Upper bound of the schema; the service's own limit may be lower. */
const MAX_EVIDENCE_FRAMES = 64;

const count = z.int().check(z.gte(0), z.lte(1_000_000));
/** A moment on the capture's clock (the recording's start is 0), in ms; 10 min at most. */
const atMs = z.number().check(z.gte(0), z.lte(600_000));

export const uploadGuidanceSchema = z
  .strictObject({
    /** on: analysed on the device; off: the order turned guidance off; unavailable: the device could not run it. */
    status: z.enum(["on", "off", "unavailable"]),
    /** Why it was unavailable; null otherwise. */
    reason: z.nullable(z.enum(GUIDANCE_UNAVAILABLE_REASONS)),
    /** Frames analysed on the device. */
    frames: count,
    /** Median time the device took to analyse a frame; null when none was analysed. */
    medianFrameMs: z.nullable(z.number().check(z.gte(0), z.lte(600_000))),
    /** How many analysed frames got each hint. */
    hints: z.record(z.enum(GUIDANCE_HINTS), count),
    /** The device saw every requested action (or the steady face of silent mode). */
    done: z.boolean(),
    /** When each evidence frame was taken. */
    evidenceAtMs: z.array(atMs).check(z.maxLength(MAX_EVIDENCE_FRAMES)),
  })
  .check(
    z.refine((g) => (g.status === "unavailable") === (g.reason !== null), {
      message: "reason is given exactly when status is unavailable",
      path: ["reason"],
    }),
  );
export type UploadGuidance = z.infer<typeof uploadGuidanceSchema>;
