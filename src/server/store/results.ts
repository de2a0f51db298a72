/**
 * Results: the signed return payload of a finished order, written once.
 */
import * as z from "zod";
import { returnPayloadSchema, type ReturnPayload } from "../../../schemas/api";
import type { Db } from "./database";
import { jsonColumn, parseRow } from "./json";

export interface ResultRecord {
  orderNo: string;
  attemptId: number | null;
  passed: boolean;
  payload: ReturnPayload;
  createdAt: number;
}

// zod/mini schemas are full zod 4 core schemas, so the shared contract parses the stored JSON.
const resultRow = z
  .object({
    order_no: z.string(),
    attempt_id: z.number().int().nullable(),
    passed: z.union([z.literal(0), z.literal(1)]),
    payload: jsonColumn(returnPayloadSchema),
    created_at: z.number().int(),
  })
  .transform((r): ResultRecord => ({
    orderNo: r.order_no,
    attemptId: r.attempt_id,
    passed: r.passed === 1,
    payload: r.payload,
    createdAt: r.created_at,
  }));

export interface ResultsRepo {
  insert(result: ResultRecord): void;
  get(orderNo: string): ResultRecord | null;
}

export function createResultsRepo(db: Db): ResultsRepo {
  const insert = db.prepare(`INSERT INTO results (order_no, attempt_id, passed, payload, created_at)
                             VALUES (@orderNo, @attemptId, @passed, @payload, @createdAt)`);
  const select = db.prepare("SELECT * FROM results WHERE order_no = ?");
  return {
    insert: (r) =>
      void insert.run({ ...r, passed: r.passed ? 1 : 0, payload: JSON.stringify(r.payload) }),
    get: (orderNo) => parseRow("results", resultRow, select.get(orderNo)),
  };
}
