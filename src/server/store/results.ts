/**
 * Results: the signed return payload of a finished order, written once.
 */
import * as z from "zod";
import { returnPayloadSchema, type ReturnPayload } from "../../../schemas/api";
import type { Sql } from "./sql";
import { jsonColumn, parseRow } from "./json";

interface ResultRecord {
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
  insert(result: ResultRecord): Promise<void>;
  get(orderNo: string): Promise<ResultRecord | null>;
}

export function createResultsRepo(sql: Sql): ResultsRepo {
  return {
    async insert(r) {
      await sql.run(
        `INSERT INTO results (order_no, attempt_id, passed, payload, created_at)
         VALUES (@orderNo, @attemptId, @passed, @payload, @createdAt)`,
        { orderNo: r.orderNo, attemptId: r.attemptId, passed: r.passed ? 1 : 0, payload: JSON.stringify(r.payload), createdAt: r.createdAt },
      );
    },
    get: async (orderNo) => parseRow("results", resultRow, await sql.get("SELECT * FROM results WHERE order_no = ?", [orderNo])),
  };
}
