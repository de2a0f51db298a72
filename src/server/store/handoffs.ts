/**
 * Handoffs (issue 32): a desktop session handing its order's capture to a phone. The phone's
 * token and the short code are stored only as SHA-256 hashes, so a copy of the database opens
 * no handoff. A handoff is offered, then opened by one phone (single use: one conditional
 * UPDATE, so of two phones at once one wins), then completed when the order has its result;
 * or cancelled (by the desktop, or by a newer handoff of the same session). Its expiry is a
 * time, not a state: an offered handoff past it can no longer be opened.
 */
import * as z from "zod";
import type { Sql } from "./sql";
import { parseRow, parseRows } from "./json";

export const HANDOFF_ROW_STATES = ["offered", "opened", "completed", "cancelled"] as const;
export type HandoffRowState = (typeof HANDOFF_ROW_STATES)[number];

export interface HandoffRecord {
  id: string;
  orderNo: string;
  /** The desktop's session (its hash): only it may follow or cancel the handoff. */
  desktopSession: string;
  tokenHash: string;
  codeHash: string;
  state: HandoffRowState;
  /** The phone's session (its hash), once a phone opened the handoff. */
  phoneSession: string | null;
  createdAt: number;
  expiresAt: number;
  openedAt: number | null;
  finishedAt: number | null;
}

const handoffRow = z
  .object({
    id: z.string(),
    order_no: z.string(),
    desktop_session: z.string(),
    token_hash: z.string(),
    code_hash: z.string(),
    state: z.enum(HANDOFF_ROW_STATES),
    phone_session: z.string().nullable(),
    created_at: z.coerce.number().int(),
    expires_at: z.coerce.number().int(),
    opened_at: z.coerce.number().int().nullable(),
    finished_at: z.coerce.number().int().nullable(),
  })
  .transform((r): HandoffRecord => ({
    id: r.id,
    orderNo: r.order_no,
    desktopSession: r.desktop_session,
    tokenHash: r.token_hash,
    codeHash: r.code_hash,
    state: r.state,
    phoneSession: r.phone_session,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    openedAt: r.opened_at,
    finishedAt: r.finished_at,
  }));

export interface HandoffsRepo {
  insert(handoff: Omit<HandoffRecord, "state" | "phoneSession" | "openedAt" | "finishedAt">): Promise<void>;
  get(id: string): Promise<HandoffRecord | null>;
  byTokenHash(tokenHash: string): Promise<HandoffRecord | null>;
  /** The offered, unexpired handoff whose code hashes to `codeHash`, if any. */
  offeredByCode(codeHash: string, now: number): Promise<HandoffRecord | null>;
  /** The handoffs of a desktop session not over yet (offered or opened), newest first. */
  openOf(desktopSession: string): Promise<HandoffRecord[]>;
  /** Give an offered, unexpired handoff to the phone session; false when it was used, cancelled or expired. */
  claim(id: string, phoneSession: string, now: number): Promise<boolean>;
  /** Cancel a handoff not over yet; false when it already was (completed or cancelled). */
  cancel(id: string, now: number): Promise<boolean>;
  /** Mark an opened handoff completed (its order has a result); false when it was not opened (or already completed). */
  complete(id: string, now: number): Promise<boolean>;
}

export function createHandoffsRepo(sql: Sql): HandoffsRepo {
  const one = async (where: string, params: Record<string, string | number>) =>
    parseRow("handoffs", handoffRow, await sql.get(`SELECT * FROM handoffs WHERE ${where}`, params));
  return {
    async insert(h) {
      await sql.run(
        `INSERT INTO handoffs (id, order_no, desktop_session, token_hash, code_hash, state, created_at, expires_at)
         VALUES (@id, @orderNo, @desktopSession, @tokenHash, @codeHash, 'offered', @createdAt, @expiresAt)`,
        { id: h.id, orderNo: h.orderNo, desktopSession: h.desktopSession, tokenHash: h.tokenHash, codeHash: h.codeHash, createdAt: h.createdAt, expiresAt: h.expiresAt },
      );
    },
    get: (id) => one("id = @id", { id }),
    byTokenHash: (tokenHash) => one("token_hash = @tokenHash", { tokenHash }),
    offeredByCode: (codeHash, now) => one("code_hash = @codeHash AND state = 'offered' AND expires_at > @now", { codeHash, now }),
    openOf: async (desktopSession) =>
      parseRows(
        "handoffs",
        handoffRow,
        await sql.all(`SELECT * FROM handoffs WHERE desktop_session = @desktopSession AND state IN ('offered', 'opened') ORDER BY created_at DESC, id`, { desktopSession }),
      ),
    async claim(id, phoneSession, now) {
      const { changes } = await sql.run(
        `UPDATE handoffs SET state = 'opened', phone_session = @phoneSession, opened_at = @now
         WHERE id = @id AND state = 'offered' AND expires_at > @now`,
        { id, phoneSession, now },
      );
      return changes === 1;
    },
    async cancel(id, now) {
      const { changes } = await sql.run(`UPDATE handoffs SET state = 'cancelled', finished_at = @now WHERE id = @id AND state IN ('offered', 'opened')`, { id, now });
      return changes === 1;
    },
    async complete(id, now) {
      const { changes } = await sql.run(`UPDATE handoffs SET state = 'completed', finished_at = @now WHERE id = @id AND state = 'opened'`, { id, now });
      return changes === 1;
    },
  };
}
