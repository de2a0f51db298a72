/**
 * Reading a recorded video (a MediaRecorder Blob or a File picked from the camera input)
 * into base64 for the scrambled upload of spec §4, with the three rejections of spec §5:
 * no file, read failure, serialisation failure. Failures are values, not exceptions, so
 * the capture handler maps each one to its error screen without a catch-all.
 *
 * Works in the browser and in Node (Blob.arrayBuffer and btoa exist in both).
 */

export type ReadVideoFailure = "noFile" | "readFailure" | "serialisationFailure";

type ReadVideoResult =
  | { ok: true; base64: string; bytes: number; type: string }
  | { ok: false; reason: ReadVideoFailure; detail: string };

/** Bytes -> base64; injected so tests can make serialisation fail. */
export type Base64Encoder = (bytes: Uint8Array) => string;

/**
 * Characters per String.fromCharCode call: spreading a whole multi-megabyte array as call
 * arguments overflows the stack, so the bytes go through in slices. A multiple of 3 keeps
 * every slice but the last free of base64 padding, so the pieces concatenate correctly.
 */
const CHUNK = 3 * 8192;

/** Default encoder: chunked btoa, available in browsers and in Node >= 16. */
const encodeBase64: Base64Encoder = (bytes) => {
  let out = "";
  for (let i = 0; i < bytes.length; i += CHUNK) {
    out += btoa(String.fromCharCode(...bytes.subarray(i, i + CHUNK)));
  }
  return out;
};

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Read a recording into base64. An absent or empty (0-byte) blob counts as "no file": an
 * empty recording is what a cancelled camera picker or a recorder stopped before its first
 * chunk hands over, and there is nothing to upload either way.
 */
export async function readVideoFile(
  file: Blob | null | undefined,
  encode: Base64Encoder = encodeBase64,
): Promise<ReadVideoResult> {
  if (!file || file.size === 0) {
    return { ok: false, reason: "noFile", detail: file ? "the file is empty" : "no file was given" };
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    return { ok: false, reason: "readFailure", detail: describe(error) };
  }
  let base64: string;
  try {
    base64 = encode(bytes);
  } catch (error) {
    return { ok: false, reason: "serialisationFailure", detail: describe(error) };
  }
  // Every 3 bytes become 4 characters; anything else means the encoder lost data.
  const expectedLength = Math.ceil(bytes.length / 3) * 4;
  if (base64.length !== expectedLength) {
    return {
      ok: false,
      reason: "serialisationFailure",
      detail: `base64 of ${bytes.length} bytes should be ${expectedLength} characters, got ${base64.length}`,
    };
  }
  return { ok: true, base64, bytes: bytes.length, type: file.type };
}
