/**
 * Launches: each signed launch URL issued for an order, identified by its single-use nonce.
 */
import * as z from "zod";
import type { Sql } from "./sql";
import { jsonColumn, parseRow } from "./json";

export interface LaunchRecord {
  nonce: string;
  orderNo: string;
  /** The launch parameters that were signed (kept for audit and re-checks). */
  params: Record<string, string>;
  expiresAt: number;
  createdAt: number;
  usedAt: number | null;
  /** Hash of the session that used it, so the same browser may log in again. */
  usedBySession: string | null;
  /**
   * Whether the login that used it was cookie-less (the page could not keep cookies): such a
   * browser, reloading the launch, carries no session the service could know it by, so the
   * service does not render it the "used" screen (src/server/ssr/launchAnswer.ts). Null while
   * unused, and for launches used before this was kept.
   */
  usedCookieless: boolean | null;
}

const launchRow = z
  .object({
    nonce: z.string(),
    order_no: z.string(),
    params: jsonColumn(z.record(z.string(), z.string())),
    expires_at: z.number().int(),
    created_at: z.number().int(),
    used_at: z.number().int().nullable(),
    used_by_session: z.string().nullable(),
    // Absent from rows of a store before migration 18 (PostgreSQL 12): read as unknown.
    used_cookieless: z.number().int().nullable().optional(),
  })
  .transform((r): LaunchRecord => ({
    nonce: r.nonce,
    orderNo: r.order_no,
    params: r.params,
    expiresAt: r.expires_at,
    createdAt: r.created_at,
    usedAt: r.used_at,
    usedBySession: r.used_by_session,
    usedCookieless: r.used_cookieless === null || r.used_cookieless === undefined ? null : r.used_cookieless === 1,
  }));

export interface LaunchesRepo {
  insert(launch: Omit<LaunchRecord, "usedAt" | "usedBySession" | "usedCookieless">): Promise<void>;
  get(nonce: string): Promise<LaunchRecord | null>;
  /** Mark used by a session; false when somebody used it first (one UPDATE: atomic across instances). */
  markUsed(nonce: string, sessionHash: string, now: number, cookieless: boolean): Promise<boolean>;
}

export function createLaunchesRepo(sql: Sql): LaunchesRepo {
  return {
    async insert(l) {
      await sql.run(
        `INSERT INTO launches (nonce, order_no, params, expires_at, created_at)
         VALUES (@nonce, @orderNo, @params, @expiresAt, @createdAt)`,
        { nonce: l.nonce, orderNo: l.orderNo, params: JSON.stringify(l.params), expiresAt: l.expiresAt, createdAt: l.createdAt },
      );
    },
    get: async (nonce) => parseRow("launches", launchRow, await sql.get("SELECT * FROM launches WHERE nonce = ?", [nonce])),
    markUsed: async (nonce, sessionHash, now, cookieless) =>
      (await sql.run("UPDATE launches SET used_at = ?, used_by_session = ?, used_cookieless = ? WHERE nonce = ? AND used_at IS NULL", [now, sessionHash, cookieless ? 1 : 0, nonce]))
        .changes === 1,
  };
}
