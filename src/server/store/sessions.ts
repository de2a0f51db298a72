/**
 * Browser sessions created by a login. The cookie holds a random token; only its SHA-256
 * is stored, so a copy of the database does not hand out live sessions.
 */
import * as z from "zod";
import type { Sql } from "./sql";
import { parseRow } from "./json";

export interface SessionRecord {
  sessionHash: string;
  orderNo: string;
  launchNonce: string;
  createdAt: number;
  expiresAt: number;
  /** A phone's session opened through a handoff (issue 32): its id; null for a launch's own session. */
  handoffId: string | null;
}

const sessionRow = z
  .object({
    session_hash: z.string(),
    order_no: z.string(),
    launch_nonce: z.string(),
    created_at: z.number().int(),
    expires_at: z.number().int(),
    // Absent from rows of a store before the handoff migration: read as null.
    handoff_id: z.string().nullable().optional(),
  })
  .transform((r): SessionRecord => ({
    sessionHash: r.session_hash,
    orderNo: r.order_no,
    launchNonce: r.launch_nonce,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    handoffId: r.handoff_id ?? null,
  }));

export interface SessionsRepo {
  insert(session: SessionRecord): Promise<void>;
  get(sessionHash: string): Promise<SessionRecord | null>;
  deleteExpired(now: number): Promise<void>;
  /** End a phone's session (its handoff was cancelled): its next request is refused. */
  deleteOfHandoff(handoffId: string): Promise<void>;
}

export function createSessionsRepo(sql: Sql): SessionsRepo {
  return {
    async insert(s) {
      await sql.run(
        `INSERT INTO sessions (session_hash, order_no, launch_nonce, created_at, expires_at, handoff_id)
         VALUES (@sessionHash, @orderNo, @launchNonce, @createdAt, @expiresAt, @handoffId)`,
        { sessionHash: s.sessionHash, orderNo: s.orderNo, launchNonce: s.launchNonce, createdAt: s.createdAt, expiresAt: s.expiresAt, handoffId: s.handoffId },
      );
    },
    get: async (hash) => parseRow("sessions", sessionRow, await sql.get("SELECT * FROM sessions WHERE session_hash = ?", [hash])),
    async deleteExpired(now) {
      await sql.run("DELETE FROM sessions WHERE expires_at < ?", [now]);
    },
    async deleteOfHandoff(handoffId) {
      await sql.run("DELETE FROM sessions WHERE handoff_id = ?", [handoffId]);
    },
  };
}
