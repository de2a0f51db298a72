/**
 * Where the service keeps recordings, from the environment (read by
 * src/server/media/store/mediaStoreFromEnv.ts). Empty values count as unset.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | FACEFLOW_S3_BUCKET | | set: recordings go to this S3-compatible bucket; unset: to the local directory (FACEFLOW_MEDIA) |
 * | FACEFLOW_S3_ENDPOINT | AWS S3 | an S3-compatible server's URL, e.g. http://minio:9000 |
 * | FACEFLOW_S3_REGION | AWS_REGION, then us-east-1 | the bucket's region |
 * | FACEFLOW_S3_PATH_STYLE | false | "1"/"true": path-style URLs (endpoint/bucket/key), which most S3-compatible servers need |
 * | FACEFLOW_S3_PREFIX | | keys are stored under `<prefix>/`, so one bucket can serve several deployments |
 *
 * Credentials are the AWS SDK's own (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE,
 * an instance or task role), never a FACEFLOW_ variable.
 */
import * as z from "zod/mini";
import { mediaKeySchema } from "./mediaKey";

const bucket = z.string().check(
  z.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "an S3 bucket name: 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit"),
);

/** Only scheme, host and port: a path would be taken as part of every key, and a user:password@ would end up in logs. */
function isEndpoint(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.username === "" && url.password === "" && url.pathname === "/" && url.search === "" && url.hash === "" && !value.endsWith("#") && !value.endsWith("?");
  } catch {
    return false;
  }
}
const endpoint = z.string().check(z.refine(isEndpoint, "an http(s) URL of scheme, host and optional port only, e.g. http://minio:9000"));

/** AWS regions are like eu-west-1; S3-compatible servers name theirs freely (garage, default). */
const region = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, "a region name such as eu-west-1"));

const pathStyle = z.pipe(
  z.enum(["1", "true", "0", "false"], '"1" or "true" for path-style URLs, "0" or "false" (or unset) for virtual-hosted ones'),
  z.transform((value) => value === "1" || value === "true"),
);

/** A trailing "/" is forgiven ("media/" is "media"); the rest follows the media key rules. */
const prefix = z.pipe(
  z.string().check(z.overwrite((value) => value.replace(/\/+$/, ""))),
  mediaKeySchema,
);

export const mediaStoreEnvSchema = z.object({
  FACEFLOW_S3_BUCKET: z.optional(bucket),
  FACEFLOW_S3_ENDPOINT: z.optional(endpoint),
  FACEFLOW_S3_REGION: z.optional(region),
  FACEFLOW_S3_PATH_STYLE: z.optional(pathStyle),
  FACEFLOW_S3_PREFIX: z.optional(prefix),
  /** The SDK's own region variable, the fallback of FACEFLOW_S3_REGION (only read when S3 is chosen). */
  AWS_REGION: z.optional(region),
});
type MediaStoreEnv = z.infer<typeof mediaStoreEnvSchema>;

/** The variables above; their values are read by mediaStoreFromEnv.ts. */
export const MEDIA_STORE_ENV_VARIABLES = ["FACEFLOW_S3_BUCKET", "FACEFLOW_S3_ENDPOINT", "FACEFLOW_S3_REGION", "FACEFLOW_S3_PATH_STYLE", "FACEFLOW_S3_PREFIX", "AWS_REGION"] as const satisfies readonly (keyof MediaStoreEnv)[];

export const DEFAULT_S3_REGION = "us-east-1";
