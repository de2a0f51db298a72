/**
 * The cheap checks a streamed frame must pass before anything else looks at it: it is
 * a complete JPEG (starts with the SOI marker, ends with the EOI marker), and inline frames
 * are well-formed base64 (Node's decoder silently skips bad characters, which would turn a
 * corrupt frame into a plausible-looking shorter one).
 */

/** Starts with SOI (FF D8) followed by a marker byte (FF), ends with EOI (FF D9). */
export function isCompleteJpeg(bytes: Uint8Array): boolean {
  const n = bytes.length;
  return n >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff && bytes[n - 2] === 0xff && bytes[n - 1] === 0xd9;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decode standard padded base64, or null when the text is not exactly that. */
export function decodeBase64Strict(text: string): Buffer | null {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return null;
  return Buffer.from(text, "base64");
}
