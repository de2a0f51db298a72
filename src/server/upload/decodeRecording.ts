/**
 * From the uploaded text back to the recording's bytes (spec §4): undo the scrambling with
 * posArr, check messageId against the unscrambled text, decode the base64 and check the byte
 * count the client announced. Each failure is an HttpError carrying its API code.
 */
import { messageIdOf, ScrambleError, unscrambleBase64 } from "../../domain/scramble";
import { API_ERROR_CODES, type UploadMeta } from "../../../schemas/api";
import { HttpError } from "../http/errors";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** A FileReader.readAsDataURL result starts with this; the base64 after it is the recording. */
const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+(;[\w-]+=[\w.+-]+)*;base64,/;

export async function decodeRecording(scrambled: string, meta: UploadMeta): Promise<Buffer> {
  let text: string;
  try {
    text = unscrambleBase64(scrambled, meta.posArr);
  } catch (error) {
    if (error instanceof ScrambleError) throw new HttpError(400, API_ERROR_CODES.uploadCorrupt, `cannot unscramble: ${error.message}`);
    throw error;
  }
  if ((await messageIdOf(text)) !== meta.messageId) {
    throw new HttpError(400, API_ERROR_CODES.messageIdMismatch, "messageId does not match the uploaded video");
  }
  const base64 = text.replace(DATA_URL_PREFIX, "");
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) {
    throw new HttpError(400, API_ERROR_CODES.uploadCorrupt, "the video part is not base64 once unscrambled");
  }
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length !== meta.size) {
    throw new HttpError(400, API_ERROR_CODES.uploadCorrupt, `received ${bytes.length} bytes, meta.size says ${meta.size}`);
  }
  return bytes;
}
