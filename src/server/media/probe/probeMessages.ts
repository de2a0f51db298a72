/**
 * The messages between the service's main thread and its probe process (probeProcess.ts): a
 * probe asked by id, and its answer (the probe, or the error class and message to raise again
 * on the main side). Parsed on both sides of the channel.
 */
import * as z from "zod/mini";

export const probeRequestSchema = z.strictObject({
  id: z.int(),
  ffmpegPath: z.string().check(z.minLength(1)),
  file: z.string().check(z.minLength(1)),
  timeoutMs: z.int().check(z.gte(1)),
});
export type ProbeRequest = z.infer<typeof probeRequestSchema>;

const probeSchema = z.object({
  format: z.string(),
  durationMs: z.number(),
  video: z.nullable(z.object({ codec: z.string(), width: z.number(), height: z.number(), rotation: z.number(), frames: z.number() })),
  audio: z.nullable(z.object({ codec: z.string(), sampleRate: z.number(), channels: z.number() })),
});

export const probeAnswerSchema = z.discriminatedUnion("ok", [
  z.strictObject({ ok: z.literal(true), id: z.int(), probe: probeSchema }),
  z.strictObject({
    ok: z.literal(false),
    id: z.int(),
    /** Which of mediaErrors.ts's classes it was ("other": a fault of the service, re-raised as an Error). */
    kind: z.enum(["unreadable", "timeout", "other"]),
    message: z.string(),
    /** MediaUnreadableError's reason, MediaTimeoutError's timeout. */
    reason: z.optional(z.string()),
    timeoutMs: z.optional(z.number()),
  }),
]);
export type ProbeAnswer = z.infer<typeof probeAnswerSchema>;
