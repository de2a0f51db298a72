/**
 * Which route the user was on before the current one. Retry needs it (spec §4: on iOS,
 * retrying after a real-time video route reloads the page to free the camera), but every
 * screen is remounted on navigation, so the record cannot live in a component. It lives in
 * the launch's storage instead: a screen records its own path when it mounts, and the
 * previous entry is whatever screen recorded before it. Storage survives the remounts, and
 * when the browser refuses storage the KycStorage instance keeps it in memory for the page.
 */
import * as z from "zod/mini";
import type { KycStorage } from "../session/storage";

/** Storage key of the record (camelCase like the other non-launch values of schemas/session.ts). */
const PATH_HISTORY_KEY = "pathHistory";

const pathHistorySchema = z.object({
  current: z.string(),
  previous: z.optional(z.string()),
});

interface PathHistory {
  /** Records that `path` is now shown; showing the same path again changes nothing. */
  visit(path: string): void;
  /** The path shown before the current one, if any screen recorded one. */
  previous(): string | undefined;
}

/** @example const history = createPathHistory(rt.storage); history.visit("/action/error"); */
export function createPathHistory(storage: Pick<KycStorage, "getParsed" | "setJSON">): PathHistory {
  const read = () => storage.getParsed(PATH_HISTORY_KEY, pathHistorySchema);
  return {
    visit(path) {
      const record = read();
      if (record?.current === path) return;
      storage.setJSON(PATH_HISTORY_KEY, record ? { current: path, previous: record.current } : { current: path });
    },
    previous: () => read()?.previous,
  };
}
