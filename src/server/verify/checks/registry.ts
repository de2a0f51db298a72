/**
 * The server checks by name: the ones the service ships (createServerCheckRegistry with no
 * argument) or any set a test builds. flows/checks.json lists them per mode; a lookup of a name
 * nobody registered throws and lists the names that exist.
 *
 * A new check: a ServerCheck (serverCheck.ts) in a module of builtin/, its entry in
 * SERVER_CHECKS below, and its name in the lists of flows/checks.json where it runs.
 */
import { CHALLENGE_CHECKS } from "./builtin/challenge";
import { FACE_CHECKS } from "./builtin/face";
import { PRESENCE_CHECKS } from "./builtin/presence";
import { RECORDING_CHECKS } from "./builtin/recording";
import { VOICE_CHECKS } from "./builtin/voice";
import type { ServerCheck } from "./serverCheck";

export interface CheckRegistry {
  get(name: string): ServerCheck;
  has(name: string): boolean;
  /** In registration order. */
  names(): string[];
}

class UnknownCheckError extends Error {
  override readonly name = "UnknownCheckError";
  constructor(check: string, known: readonly string[]) {
    super(`Unknown server check "${check}". Known server checks: ${known.length ? known.join(", ") : "(none registered)"}`);
  }
}

/** Families of checks merged into one set; a name registered twice throws rather than one silently replacing the other. */
export function mergeChecks(...families: Readonly<Record<string, ServerCheck>>[]): Record<string, ServerCheck> {
  const merged: Record<string, ServerCheck> = {};
  for (const family of families) {
    for (const [name, check] of Object.entries(family)) {
      if (name in merged) throw new Error(`Server check "${name}" is registered twice`);
      merged[name] = check;
    }
  }
  return merged;
}

/** Every check the service ships. */
export const SERVER_CHECKS: Readonly<Record<string, ServerCheck>> = mergeChecks(RECORDING_CHECKS, FACE_CHECKS, PRESENCE_CHECKS, CHALLENGE_CHECKS, VOICE_CHECKS);

/**
 * @example createServerCheckRegistry(mergeChecks(SERVER_CHECKS, { lighting })) // a test's extra check
 */
export function createServerCheckRegistry(checks: Readonly<Record<string, ServerCheck>> = SERVER_CHECKS): CheckRegistry {
  const map = new Map(Object.entries(checks));
  return {
    get(name) {
      const found = map.get(name);
      if (found === undefined) throw new UnknownCheckError(name, [...map.keys()]);
      return found;
    },
    has: (name) => map.has(name),
    names: () => [...map.keys()],
  };
}
