/**
 * What index.html's early login (src/boot/earlyLogin.ts) leaves on the window for the app: a
 * slot with the answer to come, and the answer itself, the status and body as sent or why
 * nothing came. Written by the page's own inline script, still read as untrusted by the app
 * (src/ui/screens/login/earlyLoginAnswer.ts). The script itself imports only the types, so it
 * carries no zod.
 */
import * as z from "zod/mini";

export const earlyLoginAnswerSchema = z.union([
  z.object({ ok: z.literal(true), status: z.number(), text: z.string() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type EarlyLoginAnswer = z.infer<typeof earlyLoginAnswerSchema>;

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";

/** The slot; its answer is parsed once it comes. */
export const earlyLoginSlotSchema = z.object({ answer: z.custom<PromiseLike<unknown>>(isThenable), settled: z.boolean() });
