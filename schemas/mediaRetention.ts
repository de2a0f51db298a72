/**
 * How long the service keeps an order's media (recordings, evidence and stream frames, the
 * reference photo): read from the environment by src/server/media/retentionJob.ts. Off when
 * unset: media is kept until someone deletes it.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | FACEFLOW_MEDIA_RETENTION_DAYS | (off) | the media of orders finished (or, never finished, created) more than this many days ago is deleted |
 */
import * as z from "zod/mini";

const count = (min: number, max: number) => z.int().check(z.gte(min, `at least ${min}`), z.lte(max, `at most ${max}`));

const mediaRetentionConfigSchema = z.strictObject({
  /** At least a day: an order's launch lives at most a day, so no upload of an order this old is still under way. */
  days: count(1, 36_500),
  /** How often the job runs, and how many orders one of its steps handles before yielding. */
  maintenance: z.strictObject({
    intervalMs: z._default(count(1000, 86_400_000), 3_600_000),
    batchOrders: z._default(count(1, 10_000), 100),
  }),
});
export type MediaRetentionConfig = z.infer<typeof mediaRetentionConfigSchema>;

export const mediaRetentionEnvSchema = z.object({
  FACEFLOW_MEDIA_RETENTION_DAYS: z.optional(z.string()),
});
type MediaRetentionEnv = z.infer<typeof mediaRetentionEnvSchema>;

const wholeNumber = z.string().check(z.regex(/^\d{1,12}$/, "a whole number of days"));

/**
 * The retention an environment asks for, or null when it asks for none (unset or empty);
 * throws naming the variable when the value is not a number of days from 1 to 36500.
 * Example: `mediaRetentionConfigOf({ FACEFLOW_MEDIA_RETENTION_DAYS: "30" })?.days` is 30.
 */
export function mediaRetentionConfigOf(env: MediaRetentionEnv): MediaRetentionConfig | null {
  const raw = env.FACEFLOW_MEDIA_RETENTION_DAYS;
  if (raw === undefined || raw === "") return null;
  const refused = (issues: readonly { message: string }[]) =>
    new Error(`FACEFLOW_MEDIA_RETENTION_DAYS=${JSON.stringify(raw)} refused: expected ${issues[0]?.message ?? "a number of days"}`);
  const digits = wholeNumber.safeParse(raw.trim());
  if (!digits.success) throw refused(digits.error.issues);
  const parsed = mediaRetentionConfigSchema.safeParse({ days: Number(digits.data), maintenance: {} });
  if (!parsed.success) throw refused(parsed.error.issues);
  return parsed.data;
}
