/**
 * The staff order search (admin/orders/): orders by number prefix, partner user, app, UTC
 * dates, outcome and the result code of any of their attempts, newest first, a page at a time
 * (keyset paging on created_at and order_no, so a page costs the same however deep). Each row
 * carries what the list shows: how many attempts, and the last result code.
 */
import * as z from "zod";
import { liveTypeSchema, orderStateSchema, type LiveType, type OrderState } from "../../../schemas/api";
import type { OrderOutcome, OrderReached } from "../../../schemas/staffOrders";
import type { Sql, SqlValue } from "./sql";
import { parseRows } from "./json";

export interface OrderSearchFilter {
  /** The whole order number, or its first characters. */
  orderPrefix?: string;
  userId?: string;
  appId?: string;
  /** Created at or after (ms). */
  since?: number;
  /** Created before (ms). */
  until?: number;
  outcome: OrderOutcome;
  /** A funnel step the order reached; "any" filters nothing. */
  reached?: OrderReached;
  /** A result code any attempt of the order ended with. */
  code?: string;
  /** Older than this row (the previous page's last). */
  before?: { createdAt: number; orderNo: string };
  limit: number;
}

export interface OrderSearchRow {
  orderNo: string;
  appId: string;
  userId: string;
  liveType: LiveType;
  will: boolean;
  state: OrderState;
  createdAt: number;
  attempts: number;
  lastCode: string | null;
}

const row = z
  .object({
    order_no: z.string(),
    app_id: z.string(),
    user_id: z.string(),
    live_type: liveTypeSchema,
    will_type: z.string().nullable(),
    state: orderStateSchema,
    created_at: z.coerce.number().int(),
    attempts: z.coerce.number().int(),
    last_code: z.string().nullable(),
  })
  .transform((r): OrderSearchRow => ({
    orderNo: r.order_no,
    appId: r.app_id,
    userId: r.user_id,
    liveType: r.live_type,
    will: r.will_type !== null,
    state: r.state,
    createdAt: r.created_at,
    attempts: r.attempts,
    lastCode: r.last_code,
  }));

const OUTCOME_STATES: Record<Exclude<OrderOutcome, "any">, string> = {
  passed: "o.state = 'passed'",
  failed: "o.state = 'failed'",
  open: "o.state IN ('created', 'in_progress')",
};

/** The dashboard's funnel facts (analytics_order_facts), so a funnel number and its order list agree. */
const REACHED: Record<Exclude<OrderReached, "any">, string> = {
  recorded: "EXISTS (SELECT 1 FROM attempts r WHERE r.order_no = o.order_no AND r.status NOT IN ('pending', 'abandoned'))",
  uploaded: "EXISTS (SELECT 1 FROM recordings u JOIN attempts r ON r.id = u.attempt_id WHERE r.order_no = o.order_no)",
};

export interface OrderSearchRepo {
  search(filter: OrderSearchFilter): Promise<OrderSearchRow[]>;
}

export function createOrderSearchRepo(sql: Sql): OrderSearchRepo {
  return {
    async search(f) {
      const where: string[] = [];
      const values: SqlValue[] = [];
      const add = (condition: string, ...params: SqlValue[]) => {
        where.push(condition);
        values.push(...params);
      };
      // substr, not LIKE: "_" is a wildcard there and order numbers are full of it.
      if (f.orderPrefix) add("substr(o.order_no, 1, ?) = ?", f.orderPrefix.length, f.orderPrefix);
      if (f.userId) add("o.user_id = ?", f.userId);
      if (f.appId) add("o.app_id = ?", f.appId);
      if (f.since !== undefined) add("o.created_at >= ?", f.since);
      if (f.until !== undefined) add("o.created_at < ?", f.until);
      if (f.outcome !== "any") add(OUTCOME_STATES[f.outcome]);
      if (f.reached !== undefined && f.reached !== "any") add(REACHED[f.reached]);
      if (f.code) add("EXISTS (SELECT 1 FROM attempts c WHERE c.order_no = o.order_no AND c.code = ?)", f.code);
      if (f.before) add("(o.created_at < ? OR (o.created_at = ? AND o.order_no < ?))", f.before.createdAt, f.before.createdAt, f.before.orderNo);
      const rows = await sql.all(
        `SELECT o.order_no, o.app_id, o.user_id, o.live_type, o.will_type, o.state, o.created_at,
           (SELECT COUNT(*) FROM attempts a WHERE a.order_no = o.order_no) AS attempts,
           (SELECT a.code FROM attempts a WHERE a.order_no = o.order_no AND a.code IS NOT NULL ORDER BY a.seq DESC LIMIT 1) AS last_code
         FROM orders o
         ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
         ORDER BY o.created_at DESC, o.order_no DESC
         LIMIT ?`,
        [...values, f.limit],
      );
      return parseRows("orders", row, rows);
    },
  };
}
