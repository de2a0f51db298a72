/**
 * The composition root's choice of media store: S3 when FACEFLOW_S3_BUCKET is set, else the
 * local directory (FACEFLOW_MEDIA, passed in). The variables are described and parsed in
 * schemas/mediaStoreEnv.ts; a bad value, or an S3 variable without a bucket, stops the start
 * with a message naming the variable, rather than quietly keeping recordings on one machine.
 */
import { join } from "node:path";
import type { MediaStoreConfig } from "../../../../schemas/mediaStoreConfig";
import { DEFAULT_S3_REGION, MEDIA_STORE_ENV_VARIABLES, mediaStoreEnvSchema } from "../../../../schemas/mediaStoreEnv";
import { createLocalMediaStore } from "./localMediaStore";
import type { MediaStore } from "./mediaStore";
import { createS3MediaStore } from "./s3MediaStore";

/** Plain data (schemas/mediaStoreConfig.ts), so the verification worker threads can build their own store from it. */
export type { MediaStoreConfig } from "../../../../schemas/mediaStoreConfig";

/**
 * Where the service keeps its short-lived copies of media (S3 puts spooled, local copies for
 * ffmpeg, an upload written out to be probed): a folder of the media directory, the volume
 * sized for recordings, whose name ("." first) no media key can have.
 * Example: `mediaScratchDir("/var/lib/faceflow/media")` is "/var/lib/faceflow/media/.tmp".
 */
export function mediaScratchDir(mediaDir: string): string {
  return join(mediaDir, ".tmp");
}

/**
 * The store configuration an environment describes; throws naming the variable when one is wrong.
 * Example: `mediaStoreConfigFromEnv(process.env, config.mediaDir)`.
 */
export function mediaStoreConfigFromEnv(env: Readonly<Record<string, string | undefined>>, localDir: string): MediaStoreConfig {
  // Empty counts as unset: a deployment template's `FACEFLOW_S3_BUCKET=` means no bucket.
  const present: Record<string, string | undefined> = Object.fromEntries(MEDIA_STORE_ENV_VARIABLES.map((name) => [name, env[name] || undefined]));
  // AWS_REGION belongs to the SDK: a value other tools accept must not stop a local-store start.
  if (present.FACEFLOW_S3_BUCKET === undefined) present.AWS_REGION = undefined;
  const parsed = mediaStoreEnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: expected ${issue.message}`);
    throw new Error(`media store configuration refused: ${problems.join("; ")}`);
  }
  const vars = parsed.data;
  if (vars.FACEFLOW_S3_BUCKET === undefined) {
    const stray = MEDIA_STORE_ENV_VARIABLES.filter((name) => name.startsWith("FACEFLOW_S3_") && present[name] !== undefined);
    if (stray.length > 0) throw new Error(`media store configuration refused: ${stray.join(", ")} set without FACEFLOW_S3_BUCKET; set the bucket, or unset them to keep recordings in ${localDir}`);
    return { kind: "local", dir: localDir };
  }
  return {
    kind: "s3",
    bucket: vars.FACEFLOW_S3_BUCKET,
    endpoint: vars.FACEFLOW_S3_ENDPOINT,
    region: vars.FACEFLOW_S3_REGION ?? vars.AWS_REGION ?? DEFAULT_S3_REGION,
    forcePathStyle: vars.FACEFLOW_S3_PATH_STYLE ?? false,
    prefix: vars.FACEFLOW_S3_PREFIX,
  };
}

/** The store a configuration names. `tempDir`: where the S3 store spools and copies (the system's by default). */
export function createMediaStore(config: MediaStoreConfig, opts: { tempDir?: string } = {}): MediaStore {
  switch (config.kind) {
    case "local":
      return createLocalMediaStore(config.dir);
    case "s3": {
      const { kind: _kind, ...s3 } = config;
      return createS3MediaStore({ ...s3, tempDir: opts.tempDir });
    }
  }
}

/** Both steps at once: what the service's start calls. */
export function mediaStoreFromEnv(env: Readonly<Record<string, string | undefined>>, localDir: string, opts: { tempDir?: string } = {}): MediaStore {
  return createMediaStore(mediaStoreConfigFromEnv(env, localDir), opts);
}
