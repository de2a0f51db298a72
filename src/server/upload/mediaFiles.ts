/**
 * An upload's media in the media store (ctx.media): the recording under
 * `<orderNo>/<seq>.<container>` and the device's evidence frames under
 * `<orderNo>/<seq>-evidence/NN.jpg`, the same relative paths the database has always kept, so
 * older rows stay valid with the local store. Keys are checked by the store (schemas/mediaKey.ts).
 */
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { MediaStore, StoredMedia } from "../media/store/mediaStore";

/** The recording's key, e.g. `ord_1a2b/1.webm`. */
function recordingKey(orderNo: string, seq: number, container: string): string {
  return `${orderNo}/${seq}.${container}`;
}

/** The folder of an attempt's evidence frames, e.g. `ord_1a2b/1-evidence`: what deletePrefix removes. */
function evidencePrefix(orderNo: string, seq: number): string {
  return `${orderNo}/${seq}-evidence`;
}

/**
 * Stores the recording, once. Rejects with MediaExistsError when the attempt already has one:
 * uploads answering the same digits at once share one attempt, and the first one stored wins.
 * The returned sha256 is the store's, computed as the bytes were written.
 */
export function storeRecording(media: MediaStore, orderNo: string, seq: number, container: string, bytes: Buffer): Promise<StoredMedia> {
  return media.put(recordingKey(orderNo, seq, container), bytes, { contentType: `video/${container}` });
}

/**
 * Stores the device's evidence frames, kept beside the recording for staff, and returns the
 * keys it wrote. Two uploads answering the same digits share an attempt: the first frame is
 * stored alone first, as the claim (a put never overwrites, so one upload wins it and the
 * other stops there with MediaExistsError, writing nothing). Put all at once, one upload could
 * win frame 00 and the other frame 01, and both were refused (a full test run under load).
 * The rest are settled before this returns or throws; when one fails, the frames this call
 * wrote are deleted again, and only those.
 */
export async function storeEvidence(media: Pick<MediaStore, "put" | "delete">, orderNo: string, seq: number, frames: readonly { jpeg: Uint8Array }[]): Promise<string[]> {
  const prefix = evidencePrefix(orderNo, seq);
  const keys = frames.map((_, i) => `${prefix}/${String(i).padStart(2, "0")}.jpg`);
  const put = (i: number) => {
    const f = frames[i]!;
    return media.put(keys[i]!, Buffer.from(f.jpeg.buffer, f.jpeg.byteOffset, f.jpeg.byteLength), { contentType: "image/jpeg" });
  };
  if (frames.length === 0) return [];
  await put(0);
  const settled = await Promise.allSettled(frames.slice(1).map((_, i) => put(i + 1)));
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) {
    await Promise.all(keys.filter((_, i) => i === 0 || settled[i - 1]?.status === "fulfilled").map((key) => media.delete(key)));
    throw failed.reason;
  }
  return keys;
}

/**
 * Runs `fn` on a temporary file holding `bytes` (named `name`, whose extension ffmpeg may use),
 * in a folder of `scratchDir` removed afterwards whatever happens.
 */
export async function withTempFile<T>(scratchDir: string, name: string, bytes: Uint8Array, fn: (path: string) => Promise<T>): Promise<T> {
  await mkdir(scratchDir, { recursive: true });
  const dir = await mkdtemp(join(scratchDir, "faceflow-probe-"));
  try {
    const path = join(dir, name || randomUUID());
    await writeFile(path, bytes, { flag: "wx" });
    return await fn(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
