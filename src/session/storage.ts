/**
 * Scoped, obfuscated key-value storage for one launch (spec §3 "Session").
 *
 * Stored key format: `kyc_<scope>_<name>` where `<scope>` is `digest(cacheId)` (a base-36
 * hash, so the cache id itself is not written in plain) and `<name>` is the key obfuscated
 * with the cache id. Values are obfuscated with the cache id and the key, so equal values
 * under different keys do not look alike. Keys of other scopes and non-kyc keys of the same
 * origin are never read, listed or removed.
 *
 * Browsers can refuse storage at any time (Safari private mode's zero quota, storage
 * disabled by policy, a full quota). Losing the flow over that would be worse than losing
 * persistence, so on the first failure the instance switches to an in-memory backend for
 * the rest of the page's life, carrying over what it could still read, and reports it.
 */
import type * as z from "zod/mini";
import { deobfuscate, digest, obfuscate } from "./obfuscate";

/** The part of the Web Storage interface faceflow uses; `localStorage` satisfies it. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

type StorageOperation = "open" | "get" | "set" | "remove" | "keys" | "clear";

/** A storage operation the browser refused; the instance has switched to memory. */
interface StorageFailure {
  operation: StorageOperation;
  key?: string;
  error: unknown;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

interface KycStorageOptions {
  /** A Web-Storage-like backend, or a getter for one (reading `window.localStorage` itself can throw). */
  backend: StorageLike | (() => StorageLike);
  /** The launch's scope, from `deriveCacheId`. */
  cacheId: string;
  /** Called when a stored value cannot be read back or fails its schema; the value is then treated as absent. */
  onCorrupt?: (key: string, issue: string) => void;
  /** Called when the backend throws and the instance switches to memory. */
  onError?: (failure: StorageFailure) => void;
}

export interface KycStorage {
  readonly cacheId: string;
  /** The stored text under `key`, or undefined if absent or unreadable. */
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** The keys stored in this scope (plain names). */
  keys(): string[];
  /** Remove every key of this scope, and nothing else. */
  clear(): void;
  /** The JSON stored under `key` parsed by `schema`, or undefined if absent or invalid (invalid is reported). */
  getParsed<S extends z.ZodMiniType>(key: string, schema: S): z.output<S> | undefined;
  /** Store `value` as JSON under `key`. */
  setJSON(key: string, value: JsonValue): void;
  /** True once storage failed and values only live until the page unloads. */
  isVolatile(): boolean;
}

/** An in-memory Web-Storage-like backend: the test double, and the fallback when storage fails. */
export function createMemoryBackend(initial?: Iterable<readonly [string, string]>): StorageLike {
  const items = new Map<string, string>(initial);
  return {
    getItem: (key) => items.get(String(key)) ?? null,
    setItem: (key, value) => void items.set(String(key), String(value)),
    removeItem: (key) => void items.delete(String(key)),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

/**
 * One zod issue as text. zod/mini ships no locale, so its own messages are the bare
 * "Invalid input"; the code and what was expected are added to make reports useful.
 * @example describeIssue(issue) // 'live_type: Invalid input (expected one of "1", "2", "3")'
 */
export function describeIssue(issue: z.core.$ZodIssue, withPath = true): string {
  const where = withPath && issue.path.length ? `${issue.path.join(".")}: ` : "";
  const detail =
    issue.code === "invalid_type" ? `expected ${issue.expected}`
    : issue.code === "invalid_value" ? `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`
    : issue.code;
  return `${where}${issue.message} (${detail})`;
}

/** All issues of a failed parse as one line, for onCorrupt reports. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => describeIssue(issue)).join("; ");
}

/**
 * Make the storage of one launch.
 * @example const storage = createKycStorage({ backend: () => window.localStorage, cacheId, onCorrupt: report });
 */
export function createKycStorage(options: KycStorageOptions): KycStorage {
  const { cacheId, onCorrupt, onError } = options;
  if (cacheId === "") throw new Error("createKycStorage: cacheId must not be empty (use deriveCacheId)");
  const prefix = `kyc_${digest(cacheId)}_`;
  const nameSecret = `k\u0000${cacheId}`;
  const valueSecret = (key: string) => `v\u0000${cacheId}\u0000${key}`;
  // A page reads the same few keys over and over (every navigation builds its context from
  // them); on a slow phone re-encoding the name each time showed up in start-up profiles.
  const storedKeys = new Map<string, string>();
  const storedKey = (key: string) => {
    let stored = storedKeys.get(key);
    if (stored === undefined) storedKeys.set(key, (stored = prefix + obfuscate(key, nameSecret)));
    return stored;
  };

  let volatile = false;
  let active: StorageLike;
  if (typeof options.backend === "function") {
    try {
      active = options.backend();
    } catch (error) {
      active = createMemoryBackend();
      volatile = true;
      onError?.({ operation: "open", error });
    }
  } else {
    active = options.backend;
  }

  function scopedStoredKeys(backend: StorageLike): string[] {
    const found: string[] = [];
    for (let i = 0; i < backend.length; i++) {
      const key = backend.key(i);
      if (key !== null && key.startsWith(prefix)) found.push(key);
    }
    return found;
  }

  function switchToMemory(failure: StorageFailure): void {
    const memory = createMemoryBackend();
    try {
      for (const key of scopedStoredKeys(active)) {
        const value = active.getItem(key);
        if (value !== null) memory.setItem(key, value);
      }
    } catch {
      // Best effort: whatever could not be copied is lost either way, and the failure that
      // made us switch is reported below.
    }
    active = memory;
    volatile = true;
    onError?.(failure);
  }

  /** Run `operation` on the active backend; on the first failure switch to memory and run it there. */
  function attempt<T>(operation: StorageOperation, key: string | undefined, run: (backend: StorageLike) => T): T {
    try {
      return run(active);
    } catch (error) {
      if (volatile) throw error;
      switchToMemory(key === undefined ? { operation, error } : { operation, key, error });
      return run(active);
    }
  }

  const storage: KycStorage = {
    cacheId,
    get(key) {
      const raw = attempt("get", key, (backend) => backend.getItem(storedKey(key)));
      if (raw === null) return undefined;
      const text = deobfuscate(raw, valueSecret(key));
      if (text === undefined) onCorrupt?.(key, "stored value is not readable (not written by this scope)");
      return text;
    },
    set(key, value) {
      const encoded = obfuscate(value, valueSecret(key));
      attempt("set", key, (backend) => backend.setItem(storedKey(key), encoded));
    },
    remove(key) {
      attempt("remove", key, (backend) => backend.removeItem(storedKey(key)));
    },
    keys() {
      const names: string[] = [];
      for (const stored of attempt("keys", undefined, scopedStoredKeys)) {
        const name = deobfuscate(stored.slice(prefix.length), nameSecret);
        if (name === undefined) onCorrupt?.(stored, "stored key name is not readable");
        else names.push(name);
      }
      return names;
    },
    clear() {
      attempt("clear", undefined, (backend) => {
        // Collect first: removing while indexing would shift the indices.
        for (const key of scopedStoredKeys(backend)) backend.removeItem(key);
      });
    },
    getParsed(key, schema) {
      const text = storage.get(key);
      if (text === undefined) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        onCorrupt?.(key, "stored value is not JSON");
        return undefined;
      }
      const result = schema.safeParse(json);
      if (result.success) return result.data;
      onCorrupt?.(key, describeIssues(result.error.issues));
      return undefined;
    },
    setJSON(key, value) {
      storage.set(key, JSON.stringify(value));
    },
    isVolatile: () => volatile,
  };
  return storage;
}
