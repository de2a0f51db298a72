/**
 * Orders written before the will question could come per language (SQLite migration 12,
 * PostgreSQL 6) stay readable: their one question is every language's. Shared by the two
 * engines' test files; each writes such a row with its own schema as it was.
 */
import { expect } from "vitest";
import type { Store } from "../../../src/server/store";
import { willQuestionIn } from "../../../src/server/orders/willQuestion";

/** The rows an older service wrote: an app and a will order (nod), in SQL both engines run. */
export const OLD_ROWS = [
  `INSERT INTO apps (app_id, secret, allowed_origins, created_at, updated_at) VALUES ('APP1', 's', '[]', 1, 1)`,
  `INSERT INTO orders (order_no, app_id, h5_face_id, user_id, live_type, actions, will_question, will_type, theme, return_url,
     launch_options, max_attempts, state, created_at, updated_at)
   VALUES ('ord_old', 'APP1', 'h5f_1', 'u', '2', '4', '您是否同意？', '2', '', 'https://x.example/', '{}', 3, 'created', 1, 1)`,
];

export async function expectOldWillOrderReadable(store: Store): Promise<void> {
  const will = (await store.orders.get("ord_old"))?.will;
  expect(will).toEqual({ question: "您是否同意？", questions: null, willType: "2" });
  if (will) expect(willQuestionIn(will, "en")).toBe("您是否同意？");
}
