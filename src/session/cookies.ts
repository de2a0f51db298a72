/**
 * Cookies of one launch (spec §3 "Session"): the verification service sets `order_no` at
 * login and the guard reads it (spec §2 step 2); launch fields may also be kept here.
 *
 * Every cookie is written with path `/` so that any page of the app reads it and a later
 * removal (which must repeat path and domain) really removes it. Two app ids (flows/apps.json
 * `hostScopedCookieAppIds`) keep their cookies host-only and managed by the server: for them
 * the jar never sends a domain and skips writes and removals, returning false.
 */
import type * as z from "zod/mini";
import { launchParamsSchema } from "../../schemas/launch";
import { describeIssues } from "./storage";

interface CookieAttributes {
  path?: string;
  domain?: string;
  expires?: number | Date;
  secure?: boolean;
  sameSite?: "strict" | "lax" | "none" | "Strict" | "Lax" | "None";
}

/** The part of js-cookie's API the jar uses; `Cookies` from js-cookie satisfies it. */
export interface CookieImpl {
  get(name: string): string | undefined;
  set(name: string, value: string, attributes?: CookieAttributes): unknown;
  remove(name: string, attributes?: CookieAttributes): void;
}

interface CookieJarOptions {
  /** The launch's wb_app_id, if known. */
  appId: string | undefined;
  /** From flows/apps.json `hostScopedCookieAppIds`. */
  hostScopedAppIds: readonly string[];
  /** Domain attribute for written cookies (e.g. ".example.com"); host-only when absent. */
  domain?: string;
  impl: CookieImpl;
  /** Called when a cookie value fails its schema; the cookie is then treated as absent. */
  onCorrupt?: (name: string, issue: string) => void;
  /** Called when the cookie API throws (e.g. cookies blocked in a sandboxed frame). */
  onError?: (error: unknown) => void;
}

export interface CookieJar {
  /** True for the host-scoped app ids, whose cookies the jar must not write or remove. */
  readonly hostScoped: boolean;
  /** The raw cookie value, or undefined. */
  get(name: string): string | undefined;
  /** The cookie value parsed by `schema`, or undefined if absent or invalid (invalid is reported). */
  getParsed<S extends z.ZodMiniType>(name: string, schema: S): z.output<S> | undefined;
  /** The `order_no` cookie that grants access to the flow's pages, or undefined. */
  orderNo(): string | undefined;
  /** Write a cookie (path `/` unless given); false when skipped for a host-scoped app or refused. */
  set(name: string, value: string, attributes?: CookieAttributes): boolean;
  /** Remove a cookie written by `set` (same path and domain); false when skipped or refused. */
  remove(name: string, attributes?: Pick<CookieAttributes, "path">): boolean;
}

/**
 * Make the cookie jar of one launch.
 * @example createCookieJar({ appId: params.wb_app_id, hostScopedAppIds: apps.hostScopedCookieAppIds, impl: Cookies })
 */
export function createCookieJar(options: CookieJarOptions): CookieJar {
  const { impl, onCorrupt, onError } = options;
  const hostScoped = options.appId !== undefined && options.hostScopedAppIds.includes(options.appId);
  const scope: CookieAttributes = hostScoped || options.domain === undefined ? { path: "/" } : { path: "/", domain: options.domain };

  function guarded(run: () => void): boolean {
    try {
      run();
      return true;
    } catch (error) {
      onError?.(error);
      return false;
    }
  }

  const jar: CookieJar = {
    hostScoped,
    get(name) {
      try {
        return impl.get(name);
      } catch (error) {
        onError?.(error);
        return undefined;
      }
    },
    getParsed(name, schema) {
      const value = jar.get(name);
      if (value === undefined) return undefined;
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      onCorrupt?.(name, describeIssues(result.error.issues));
      return undefined;
    },
    orderNo() {
      // An empty cookie carries no order, so it does not grant access either.
      return jar.getParsed("order_no", launchParamsSchema.shape.order_no) || undefined;
    },
    set(name, value, attributes) {
      if (hostScoped) return false;
      return guarded(() => impl.set(name, value, { ...scope, ...attributes }));
    },
    remove(name, attributes) {
      if (hostScoped) return false;
      return guarded(() => impl.remove(name, { ...scope, ...attributes }));
    },
  };
  return jar;
}

interface StoredCookie {
  name: string;
  value: string;
  attributes: CookieAttributes;
}

/** An in-memory js-cookie stand-in for tests; like a browser, removal only hits the same name, path and domain. */
export function createMemoryCookies(initial: readonly StoredCookie[] = []): CookieImpl & { list(): StoredCookie[] } {
  const cookies: StoredCookie[] = initial.map((cookie) => ({ ...cookie, attributes: { ...cookie.attributes } }));
  const sameSlot = (cookie: StoredCookie, name: string, attributes: CookieAttributes) =>
    cookie.name === name && cookie.attributes.path === attributes.path && cookie.attributes.domain === attributes.domain;
  return {
    get: (name) => cookies.find((cookie) => cookie.name === name)?.value,
    set(name, value, attributes = {}) {
      const index = cookies.findIndex((cookie) => sameSlot(cookie, name, attributes));
      const cookie = { name, value, attributes: { ...attributes } };
      if (index === -1) cookies.push(cookie);
      else cookies[index] = cookie;
      return value;
    },
    remove(name, attributes = {}) {
      const index = cookies.findIndex((cookie) => sameSlot(cookie, name, attributes));
      if (index !== -1) cookies.splice(index, 1);
    },
    list: () => cookies.map((cookie) => ({ ...cookie, attributes: { ...cookie.attributes } })),
  };
}
