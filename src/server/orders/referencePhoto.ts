/**
 * The partner's reference photo of an order: base64 in the order request, checked to be a JPEG
 * or PNG within verification.reference.maxBytes by its own bytes (not a declared type), and kept
 * in the media store (ctx.media) as `<orderNo>/reference.<jpg|png>`. Its face is found and
 * described by the verification workers with the recording, never on this request's path.
 */
import { API_ERROR_CODES } from "../../../schemas/api";
import type { ServiceContext } from "../context";
import { HttpError } from "../http/errors";

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Buffer, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

/** The photo's kind by its first bytes; null when it is neither JPEG nor PNG. */
function photoKind(bytes: Buffer): "jpg" | "png" | null {
  if (startsWith(bytes, JPEG)) return "jpg";
  if (startsWith(bytes, PNG)) return "png";
  return null;
}

/** Check and store the photo; returns its media key (what the order keeps). */
export async function storeReferencePhoto(ctx: Pick<ServiceContext, "media" | "limits">, orderNo: string, base64: string): Promise<string> {
  const bytes = Buffer.from(base64, "base64");
  const { maxBytes } = ctx.limits.verification.reference;
  if (bytes.length === 0 || bytes.length > maxBytes) {
    throw new HttpError(400, API_ERROR_CODES.referencePhotoInvalid, `referencePhoto is ${bytes.length} bytes; 1 to ${maxBytes} allowed`);
  }
  const kind = photoKind(bytes);
  if (kind === null) throw new HttpError(400, API_ERROR_CODES.referencePhotoInvalid, "referencePhoto is neither a JPEG nor a PNG");
  // A new order's number: the key is free, and a put refused as existing would be a bug, not a retry.
  const stored = await ctx.media.put(`${orderNo}/reference.${kind}`, bytes, { contentType: kind === "jpg" ? "image/jpeg" : "image/png" });
  return stored.key;
}
