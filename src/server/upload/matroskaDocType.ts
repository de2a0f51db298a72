/**
 * The DocType of a Matroska-family file ("webm" or "matroska"), read from its EBML header.
 *
 * Why: ffmpeg names WebM and Matroska alike ("matroska,webm"), so a Matroska file declared as
 * video/webm passed the container check. The header's DocType is what the file says it is;
 * WebM is the subset browsers record (VP8/VP9/AV1, Opus/Vorbis), and a file that is not one
 * is not what the upload declared.
 */
import { open } from "node:fs/promises";

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const DOC_TYPE_ID = [0x42, 0x82];
/** The EBML header comes first and is a few dozen bytes. */
const HEADER_BYTES = 256;

/** The length of an EBML variable-size integer from its first byte (1-8), or 0 when it is none. */
function vintLength(first: number): number {
  for (let length = 1; length <= 8; length++) if (first & (0x80 >> (length - 1))) return length;
  return 0;
}

/** The DocType in `header` (a file's first bytes), or null when it is no EBML file or names none. */
export function docTypeOf(header: Uint8Array): string | null {
  if (!EBML_MAGIC.every((b, i) => header[i] === b)) return null;
  for (let i = 4; i + 2 < header.length; i++) {
    if (header[i] !== DOC_TYPE_ID[0] || header[i + 1] !== DOC_TYPE_ID[1]) continue;
    const length = vintLength(header[i + 2]!);
    if (length === 0 || i + 2 + length > header.length) return null;
    let size = header[i + 2]! & (0xff >> length);
    for (let k = 1; k < length; k++) size = size * 256 + header[i + 2 + k]!;
    const from = i + 2 + length;
    if (from + size > header.length) return null;
    return new TextDecoder("ascii").decode(header.subarray(from, from + size)).replace(/\0+$/, "");
  }
  return null;
}

/** The DocType of the file at `path` (see docTypeOf). */
export async function matroskaDocType(path: string): Promise<string | null> {
  const file = await open(path, "r");
  try {
    const buffer = new Uint8Array(HEADER_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEADER_BYTES, 0);
    return docTypeOf(buffer.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}
