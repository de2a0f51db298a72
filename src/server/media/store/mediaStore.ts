/**
 * Where recordings and evidence frames live: one small contract with two implementations,
 * a local directory (localMediaStore.ts, the embedded default) and S3-compatible object
 * storage (s3MediaStore.ts, for several service instances). Chosen from the environment by
 * mediaStoreFromEnv.ts; both pass the same contract tests (tests/server/mediaStore/).
 *
 * Keys are what the database keeps, e.g. `ORDER123/1.webm` or `ORDER123/1-evidence/00.jpg`,
 * checked against schemas/mediaKey.ts before any I/O, so a key can never leave the store's
 * directory or bucket prefix.
 */
import type { Readable } from "node:stream";
import { MAX_MEDIA_KEY_LENGTH, mediaKeySchema } from "../../../../schemas/mediaKey";

export interface StoredMedia {
  key: string;
  /** Hex SHA-256 of the stored bytes, computed while they were written (what the database keeps for audits). */
  sha256: string;
  bytes: number;
}

/** A file ffmpeg can open by path; call release once it is no longer read. */
interface LocalMediaCopy {
  path: string;
  release(): Promise<void>;
}

export interface MediaStore {
  /**
   * Stores `body` under `key`, once: an existing key rejects with MediaExistsError and is never
   * overwritten, because a stored recording is evidence. A stream body is owned by the store
   * from then on: read to its end, or destroyed when the put is refused or fails. A failed put
   * leaves nothing under the key.
   */
  put(key: string, body: Buffer | Readable, opts: { contentType: string }): Promise<StoredMedia>;
  /**
   * The stored bytes as a stream (to send to staff or a partner); MediaNotFoundError when absent.
   * Read it to the end or destroy it: on S3 it holds an HTTP connection until then.
   */
  open(key: string): Promise<Readable>;
  /** Whether something is stored under the key (a folder of keys is not). */
  exists(key: string): Promise<boolean>;
  /** Removes one key; removing an absent key is not an error, so a retried clean-up is harmless. */
  delete(key: string): Promise<void>;
  /**
   * Removes every key under the folder `prefix` (keys starting with `prefix + "/"`), e.g. an
   * order's recordings or an attempt's evidence frames. Never `prefix` itself nor a sibling
   * such as `prefix + "0/..."`. Idempotent.
   */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A file path for tools that read by path (ffmpeg in the verify workers). The local store
   * hands out its own file (release does nothing); S3 downloads a temporary copy that release
   * deletes. MediaNotFoundError when absent.
   */
  localCopy(key: string): Promise<LocalMediaCopy>;
  /** Throws when the store cannot be written or reached: the readiness probe. */
  ping(): Promise<void>;
  /** Where the media lives, for logs and the readiness answer, e.g. "local /var/media"; never a secret. */
  describe(): string;
}

/** A put to a key that already holds something. */
export class MediaExistsError extends Error {
  override readonly name = "MediaExistsError";
  constructor(readonly key: string) {
    super(`media ${JSON.stringify(key)} already exists; stored media is written once`);
  }
}

/** An open or local copy of a key that holds nothing. */
export class MediaNotFoundError extends Error {
  override readonly name = "MediaNotFoundError";
  constructor(readonly key: string) {
    super(`no media under ${JSON.stringify(key)}`);
  }
}

/** A key or prefix that could leave the store's directory or bucket prefix; refused before any I/O. */
export class InvalidMediaKeyError extends Error {
  override readonly name = "InvalidMediaKeyError";
  constructor(readonly key: string) {
    super(`refusing media key ${JSON.stringify(key)}: expected segments of [A-Za-z0-9_.-] joined by "/", none empty or starting with ".", at most ${MAX_MEDIA_KEY_LENGTH} characters`);
  }
}

/** Whether `key` is a well-formed media key (schemas/mediaKey.ts). */
export function isMediaKey(key: unknown): key is string {
  return mediaKeySchema.safeParse(key).success;
}

/** Returns the key, or throws InvalidMediaKeyError: every store method calls it before any I/O. */
export function checkMediaKey(key: string): string {
  if (!isMediaKey(key)) throw new InvalidMediaKeyError(String(key));
  return key;
}
