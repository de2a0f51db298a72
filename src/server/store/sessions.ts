/**
 * Browser sessions created by a login. The cookie holds a random token; only its SHA-256
 * is stored, so a copy of the database does not hand out live sessions.
 */
import * as z from "zod";
import type { Db } from "./database";
import { parseRow } from "./json";

export interface SessionRecord {
  sessionHash: string;
  orderNo: string;
  launchNonce: string;
  createdAt: number;
  expiresAt: number;
}

const sessionRow = z
  .object({
    session_hash: z.string(),
    order_no: z.string(),
    launch_nonce: z.string(),
    created_at: z.number().int(),
    expires_at: z.number().int(),
  })
  .transform((r): SessionRecord => ({
    sessionHash: r.session_hash,
    orderNo: r.order_no,
    launchNonce: r.launch_nonce,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
  }));

export interface SessionsRepo {
  insert(session: SessionRecord): void;
  get(sessionHash: string): SessionRecord | null;
  deleteExpired(now: number): void;
}

export function createSessionsRepo(db: Db): SessionsRepo {
  const insert = db.prepare(`INSERT INTO sessions (session_hash, order_no, launch_nonce, created_at, expires_at)
                             VALUES (@sessionHash, @orderNo, @launchNonce, @createdAt, @expiresAt)`);
  const select = db.prepare("SELECT * FROM sessions WHERE session_hash = ?");
  const purge = db.prepare("DELETE FROM sessions WHERE expires_at < ?");
  return {
    insert: (s) => void insert.run(s),
    get: (hash) => parseRow("sessions", sessionRow, select.get(hash)),
    deleteExpired: (now) => void purge.run(now),
  };
}
