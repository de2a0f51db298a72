/**
 * A media store key (src/server/media/store/mediaStore.ts): what the database keeps for a
 * recording or an evidence frame, e.g. `ORDER123/1.webm` or `ORDER123/1-evidence/00.jpg`.
 * Segments of [A-Za-z0-9_.-] joined by "/", each starting with a letter, digit, "_" or "-":
 * so never "..", ".", an absolute path, a backslash or an empty segment, and a key cannot
 * leave the store's directory or bucket prefix. Names starting with "." stay free for the
 * stores' own temporary files.
 */
import * as z from "zod/mini";

/** S3 allows 1024 bytes including the store's prefix; keys are ASCII, so characters are bytes. */
export const MAX_MEDIA_KEY_LENGTH = 900;

const SEGMENT = "[A-Za-z0-9_-][A-Za-z0-9_.-]*";

export const mediaKeySchema = z.string().check(
  z.maxLength(MAX_MEDIA_KEY_LENGTH, `at most ${MAX_MEDIA_KEY_LENGTH} characters`),
  z.regex(new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`), 'segments of [A-Za-z0-9_.-] joined by "/", none empty or starting with "."'),
);
