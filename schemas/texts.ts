/**
 * flows/texts.zh-CN.json: every user-facing string not owned by another catalogue, grouped
 * by section. Screens read them through typed keys (the JSON import), so a missing key is a
 * compile error; this schema checks the file's shape at build time.
 */
import * as z from "zod/mini";

export const textsFileSchema = z.intersection(
  z.object({ $schema: z.optional(z.string()), titles: z.record(z.string(), z.string()) }),
  z.record(z.string(), z.union([z.string(), z.record(z.string(), z.string())])),
);
