/**
 * flows/texts.zh-CN.json: the screens' user-facing strings, grouped by section; screens read
 * them through typed keys (the JSON import), so a missing key is a compile error.
 * flows/shell.zh-CN.json: the few strings the shell shows before any screen has loaded
 * (page titles by key, the loading text), kept apart so the first screen stays small.
 */
import * as z from "zod/mini";

export const textsFileSchema = z.intersection(
  z.object({ $schema: z.optional(z.string()) }),
  z.record(z.string(), z.union([z.string(), z.record(z.string(), z.string())])),
);

export const shellTextsFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  /** Page titles by key; routes name theirs in flows/routes.json "title". */
  titles: z.record(z.string(), z.string()),
  loading: z.string().check(z.minLength(1)),
  /** Shown in place of a page that could not be drawn (its code did not arrive, or it failed). */
  loadFailed: z.strictObject({ message: z.string().check(z.minLength(1)), reload: z.string().check(z.minLength(1)) }),
});
