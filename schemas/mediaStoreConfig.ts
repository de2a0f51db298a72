/**
 * Which media store to build (src/server/media/store/mediaStoreFromEnv.ts): the local
 * directory, or an S3-compatible bucket. Plain data, so it crosses to the verification worker
 * threads (workerData), which cannot share the main thread's store object and build their own
 * from it. Credentials are never part of it: S3 takes the SDK's default chain in every thread.
 */
import * as z from "zod/mini";
import { mediaKeySchema } from "./mediaKey";

const nonEmpty = z.string().check(z.minLength(1));

export const mediaStoreConfigSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("local"), dir: nonEmpty }),
  z.strictObject({
    kind: z.literal("s3"),
    bucket: nonEmpty,
    /** An S3-compatible server's URL; absent for AWS S3. */
    endpoint: z.optional(nonEmpty),
    region: nonEmpty,
    forcePathStyle: z.boolean(),
    /** Keys are stored under `<prefix>/`. */
    prefix: z.optional(mediaKeySchema),
  }),
]);
export type MediaStoreConfig = z.infer<typeof mediaStoreConfigSchema>;
