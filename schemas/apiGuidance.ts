/**
 * The on-device face guidance report an upload carries (`guidance` in the upload's `meta`),
 * stored with the attempt and shown to the partner. The evidence frames themselves travel as
 * `frame` parts of the same multipart request, in the order of `evidenceAtMs`.
 * Re-exported by schemas/api.ts; zod/mini because the browser builds it.
 */
import * as z from "zod/mini";
import { GUIDANCE_HINTS } from "./guidanceHints";

/** Why guidance could not run on the device. */
const GUIDANCE_UNAVAILABLE_REASONS = ["wasm", "load", "slow", "worker", "unsupported"] as const;

/** Upper bound of the schema; the service's limit is face.evidence.maxFrames of flows/capture.json. */
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
    /** How many analysed frames got each hint (the quality reasons: no face, too far, too dark, ...). */
    hints: z.record(z.enum(GUIDANCE_HINTS), count),
    /** The device saw every requested action (or the steady face of silent mode). */
    done: z.boolean(),
    /** When each `frame` part was taken, in the order the parts are sent. */
    evidenceAtMs: z.array(atMs).check(z.maxLength(MAX_EVIDENCE_FRAMES)),
  })
  .check(
    z.refine((g) => (g.status === "unavailable") === (g.reason !== null), {
      message: "reason is given exactly when status is unavailable",
      path: ["reason"],
    }),
  );
export type UploadGuidance = z.infer<typeof uploadGuidanceSchema>;
