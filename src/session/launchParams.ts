/**
 * Launch parameters (spec §3): read from the URL query, falling back to what an earlier
 * page of the same launch stored, and validated as a whole. Bad input is returned as
 * issues (the caller shows the error screen); nothing here throws on user input.
 *
 * Launch fields are stored as JSON under their own names (e.g. `url`), in the launch's
 * scoped storage; read them back with `storage.getParsed(key, launchParamsSchema.shape[key])`.
 */
import { LAUNCH_KEYS, launchParamsSchema, PERSISTENT_LAUNCH_KEYS, type LaunchKey, type LaunchParams } from "../../schemas/launch";
import { storedValueSchemas } from "../../schemas/session";
import { hasOwn, isCookieLessMode, type Query } from "../domain/launchQuery";
import type { CookieJar } from "./cookies";
import { describeIssue, type KycStorage } from "./storage";

export { isCookieLessMode, parseQuery } from "../domain/launchQuery";

export interface LaunchIssue {
  /** The launch parameter at fault, e.g. `live_type`. */
  key: string;
  message: string;
}

type LaunchResult = { ok: true; params: LaunchParams } | { ok: false; issues: LaunchIssue[] };

/** What the stored `url` becomes once the flow has finished (spec §4 "Finish"). */
export const FINISHED_URL = "null";

/**
 * Read the launch: URL query values win over stored ones, for every key of LAUNCH_KEYS.
 * On success the URL-provided values (as parsed, e.g. popup_context cut to 70) are stored
 * for later pages. A stored value that fails its schema counts as absent and is reported
 * by the storage; a URL value that fails becomes an issue.
 * The `sign` rule of spec §3 is applied either way: a URL sign that differs from the stored
 * login sign clears the stored one, because it belongs to another launch.
 */
export function readLaunch({ query, storage }: { query: Query; storage: KycStorage }): LaunchResult {
  applySignRule(query, storage);

  const merged: Partial<Record<LaunchKey, unknown>> = {};
  const fromUrl: LaunchKey[] = [];
  for (const key of LAUNCH_KEYS) {
    if (hasOwn(query, key)) {
      merged[key] = query[key];
      fromUrl.push(key);
    } else {
      const stored = storage.getParsed(key, launchParamsSchema.shape[key]);
      if (stored !== undefined) merged[key] = stored;
    }
  }

  const result = launchParamsSchema.safeParse(merged);
  if (!result.success) {
    return {
      ok: false,
      issues: result.error.issues.map((issue) => ({ key: String(issue.path[0] ?? ""), message: describeIssue(issue, false) })),
    };
  }
  for (const key of fromUrl) {
    const value = result.data[key];
    if (value !== undefined) storage.setJSON(key, value);
  }
  return { ok: true, params: result.data };
}

function applySignRule(query: Query, storage: KycStorage): void {
  if (!isCookieLessMode(query)) return;
  const loginSign = storage.getParsed("loginSign", storedValueSchemas.loginSign);
  if (loginSign !== undefined && loginSign !== query.sign) storage.remove("loginSign");
}

const persistent: ReadonlySet<LaunchKey> = new Set(PERSISTENT_LAUNCH_KEYS);

/**
 * After finishing (spec §4): clear every launch field except PERSISTENT_LAUNCH_KEYS and set
 * `url` to the text "null", which the guard reads as "this launch is over" (spec §2 step 1);
 * the `url` cookie (src/session/launchCookies.ts) says the same.
 */
export function clearLaunchFields(storage: KycStorage, cookies?: Pick<CookieJar, "set">): void {
  for (const key of LAUNCH_KEYS) {
    if (!persistent.has(key)) storage.remove(key);
  }
  storage.setJSON("url", FINISHED_URL);
  storage.remove("urlUnsigned");
  cookies?.set("url", FINISHED_URL);
}

/** True when this launch has finished, i.e. its stored `url` is the text "null". */
export function isFinished(storage: KycStorage): boolean {
  return storage.getParsed("url", launchParamsSchema.shape.url) === FINISHED_URL;
}
