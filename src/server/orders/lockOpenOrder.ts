/**
 * The first step of every transaction that adds to an order (an attempt, a job, digits): lock
 * the order's row and check, under the lock, that it is still open. Checks made before the
 * transaction can be stale by the time it runs: another instance's verdict may have finished
 * the order meanwhile.
 */
import { API_ERROR_CODES } from "../../../schemas/api";
import { HttpError } from "../http/errors";
import type { Store } from "../store";
import type { OrderRecord } from "../store/orders";

export async function lockOpenOrder(tx: Pick<Store, "orders">, orderNo: string): Promise<OrderRecord> {
  const order = await tx.orders.lock(orderNo);
  if (order === null) throw new HttpError(404, API_ERROR_CODES.orderNotFound, "order not found");
  if (order.state === "passed" || order.state === "failed") {
    throw new HttpError(409, API_ERROR_CODES.orderFinished, "this verification is already finished");
  }
  refuseIfPurged(order);
  return order;
}

/**
 * An order the retention job has emptied (its reference photo and recordings deleted) takes no
 * new launch, login or attempt: every verification of it would fail for want of its media.
 */
export function refuseIfPurged(order: Pick<OrderRecord, "mediaPurgedAt">, extra?: { returnUrl: string }): void {
  if (order.mediaPurgedAt !== null) {
    throw new HttpError(409, API_ERROR_CODES.orderFinished, "this order has expired: its media was deleted by the retention policy; create a new order", extra);
  }
}
