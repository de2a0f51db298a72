/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage...), for several service
 * instances sharing one store. Object keys are `<prefix>/<key>` (or `<key>` without a prefix).
 * Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID..., a profile, an instance
 * or task role), never from this module's configuration in the service.
 *
 * Write-once takes two guards, because S3-compatible servers differ:
 * - a HeadObject before the upload refuses a key that already exists (servers that ignore
 *   conditional writes get only this guard);
 * - the upload itself carries `If-None-Match: *` (PutObject, or CompleteMultipartUpload for
 *   a multipart upload), which AWS S3 and MinIO enforce atomically (412, or 409 for a
 *   conflicting upload in flight): MediaExistsError.
 * What remains: on a server that ignores If-None-Match, two puts of one key racing between
 * their HeadObject and their upload both succeed and the later one wins. The service makes
 * each key once (order number and attempt sequence), so that takes a bug and a race together.
 *
 * A put spools its body to a temporary file first, hashing it on the way: the SHA-256 is
 * then known before the upload starts, so it is stored as object metadata (`x-amz-meta-sha256`,
 * which goes in the request's headers, before the body), the upload knows its length, and the
 * SDK can retry a part from the file. A body that fails while spooling never reaches the bucket.
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { bodyStream, createSha256Meter, discardBody } from "./mediaBody";
import { checkMediaKey, MediaExistsError, MediaNotFoundError, type MediaStore } from "./mediaStore";

export interface S3MediaStoreConfig {
  bucket: string;
  /** An S3-compatible server's URL, e.g. http://minio:9000; absent for AWS S3. */
  endpoint?: string | undefined;
  region: string;
  /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Keys are stored under `<prefix>/`, so one bucket can hold several deployments. A valid media key. */
  prefix?: string | undefined;
  /** Where puts spool bodies and localCopy downloads; the system's temporary directory by default. */
  tempDir?: string | undefined;
  /** Tests and tools only: the service leaves this out and takes the SDK's default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** S3's smallest part (5 MiB), four in flight: at most 20 MiB of a put in memory; larger bodies go in parts. */
const PART_SIZE = 5 * 1024 * 1024;
const UPLOAD_QUEUE = 4;
const DELETE_CONCURRENCY = 8;
const PING_TIMEOUT_MS = 5000;

/** The client a store of `config` uses; pass your own to createS3MediaStore to share or instrument one. */
export function s3ClientFor(config: S3MediaStoreConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them. The SDK's default (since 3.729) adds CRC32
    // checksums, as aws-chunked trailers on streamed bodies, which several S3-compatible
    // servers reject or store verbatim; the media's integrity is our own SHA-256 anyway.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function createS3MediaStore(config: S3MediaStoreConfig, client: S3Client = s3ClientFor(config)): MediaStore {
  const Bucket = config.bucket;
  const prefix = config.prefix === undefined ? "" : `${checkMediaKey(config.prefix)}/`;
  const tempDir = config.tempDir ?? tmpdir();
  const objectKey = (key: string) => prefix + checkMediaKey(key);
  const where = config.endpoint === undefined ? `s3.${config.region}.amazonaws.com` : new URL(config.endpoint).host;
  const describe = () => `s3 ${Bucket}@${where}${prefix ? ` prefix ${prefix}` : ""}`;

  async function headExists(Key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key }));
      return true;
    } catch (error) {
      // HeadObject answers without a body, so a missing bucket is a 404 too; ping tells them apart.
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }

  /** A new folder for one put or copy; the temp dir is made first, as it may be a folder of the media directory not made yet. */
  async function scratch(prefix: string): Promise<string> {
    await mkdir(tempDir, { recursive: true });
    return mkdtemp(join(tempDir, prefix));
  }

  async function getBody(key: string): Promise<Readable> {
    try {
      const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      // In Node the SDK's body is an http.IncomingMessage; anything else is a misconfigured client.
      if (!(Body instanceof Readable)) throw new Error(`the S3 client returned a ${typeof Body} body for ${key}, not a Node stream`);
      return Body;
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === "NoSuchKey") throw new MediaNotFoundError(key);
      throw error;
    }
  }

  return {
    async put(key, body, opts) {
      let Key: string;
      let spool: string;
      const meter = createSha256Meter();
      try {
        Key = objectKey(key);
        if (await headExists(Key)) throw new MediaExistsError(key);
        spool = await scratch("faceflow-put-");
      } catch (error) {
        discardBody(body);
        throw error;
      }
      try {
        const file = join(spool, "body");
        try {
          await pipeline(bodyStream(body), meter.stream, createWriteStream(file, { flags: "wx" }));
        } catch (error) {
          discardBody(body);
          throw error;
        }
        const { sha256, bytes } = meter.result();
        const upload = new Upload({
          client,
          params: { Bucket, Key, Body: createReadStream(file), ContentLength: bytes, ContentType: opts.contentType, Metadata: { sha256 }, IfNoneMatch: "*" },
          partSize: PART_SIZE,
          queueSize: UPLOAD_QUEUE,
          // A failed multipart upload is aborted, so no parts are left to pay for.
          leavePartsOnError: false,
        });
        try {
          await upload.done();
        } catch (error) {
          if (isConditionalWriteRefusal(error)) throw new MediaExistsError(key);
          throw error;
        }
        return { key, sha256, bytes };
      } finally {
        await rm(spool, { recursive: true, force: true });
      }
    },

    open: getBody,

    async exists(key) {
      return headExists(objectKey(key));
    },

    async delete(key) {
      // S3 answers 204 whether or not the key existed.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async deletePrefix(folder) {
      // The trailing "/" keeps "ORDER1" from matching "ORDER10/...".
      const Prefix = `${objectKey(folder)}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key === undefined ? [] : [item.Key]));
        // One DeleteObject per key rather than DeleteObjects: the batch call needs a
        // Content-MD5 or checksum header that S3-compatible servers disagree about, and a
        // folder here is an order's or attempt's handful of files.
        for (let i = 0; i < keys.length; i += DELETE_CONCURRENCY) {
          await Promise.all(keys.slice(i, i + DELETE_CONCURRENCY).map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken !== undefined);
    },

    async localCopy(key) {
      const source = await getBody(key);
      let dir: string;
      try {
        dir = await scratch("faceflow-copy-");
      } catch (error) {
        source.destroy();
        throw error;
      }
      // The key's own file name keeps its extension, which ffmpeg's probing may use.
      const path = join(dir, key.split("/").at(-1) ?? randomUUID());
      const release = () => rm(dir, { recursive: true, force: true });
      try {
        await pipeline(source, createWriteStream(path, { flags: "wx" }));
      } catch (error) {
        source.destroy();
        await release();
        throw error;
      }
      return { path, release };
    },

    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS) });
      } catch (error) {
        const status = statusOf(error);
        const reason =
          status === 404 ? `bucket ${Bucket} does not exist` : status === 403 ? `access to bucket ${Bucket} is denied` : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw new Error(`media store ${describe()} is unreachable: ${reason}`, { cause: error });
      }
    },

    describe,
  };
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** 412: the key exists (If-None-Match). 409: another conditional upload of the key is in flight, so it will. */
function isConditionalWriteRefusal(error: unknown): boolean {
  const status = statusOf(error);
  return status === 412 || (status === 409 && error instanceof S3ServiceException && error.name === "ConditionalRequestConflict");
}
