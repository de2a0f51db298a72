/**
 * The session state of spec §3 (mode support, front-error counters, video profile, device
 * info), kept in one instance per launch and persisted so that a reload or a retry (which
 * reloads on iOS, spec §4) remembers that a mode was already given up.
 *
 * `get()` returns the same object until an update changes something, so the instance can
 * back React's useSyncExternalStore directly.
 */
import { type Draft, freeze, produce } from "immer";
import { INITIAL_SESSION_STATE, type SessionState, type StoredKey, storedValueSchemas } from "../../schemas/session";
import type { KycStorage } from "./storage";

export const SESSION_STATE_KEY = "sessionState" satisfies StoredKey;

export type SessionStateListener = (state: SessionState) => void;

export interface SessionStateStore {
  /** The current state (frozen; change it through `update`). */
  get(): SessionState;
  /**
   * Change the state with an immer recipe, persist it and notify listeners; a recipe that
   * changes nothing does neither.
   * @example session.update((s) => { s.trtcFrontErrorTimes += 1; })
   */
  update(recipe: (draft: Draft<SessionState>) => void): SessionState;
  /** Call `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: SessionStateListener): () => void;
}

/** Make the session state of one launch, starting from what `storage` holds (absent or invalid: the initial state). */
export function createSessionState(storage: KycStorage): SessionStateStore {
  // Frozen from the start, as immer freezes every later state, so no caller can mutate it in place.
  let state: SessionState = freeze(storage.getParsed(SESSION_STATE_KEY, storedValueSchemas.sessionState) ?? INITIAL_SESSION_STATE, true);
  const listeners = new Set<SessionStateListener>();
  return {
    get: () => state,
    update(recipe) {
      const next = produce(state, recipe);
      if (next === state) return state;
      state = next;
      storage.setJSON(SESSION_STATE_KEY, state);
      // Copy so that a listener unsubscribing during notification does not skip another.
      for (const listener of [...listeners]) listener(state);
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
