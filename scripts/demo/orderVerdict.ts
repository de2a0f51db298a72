/**
 * The service's verdict on a demo order, as its partner reads it (the partner kit, which parses
 * the answer with the contract's schema): passed or failed, the result code, and on a failure
 * the checks that failed with the service's own account of each.
 */
import type { FaceflowPartner } from "@faceflow/partner";

export interface OrderVerdict {
  passed: boolean;
  /** The judged attempt's result code ("0" on a pass). */
  code: string;
  /** The failed checks, "name: detail; …", or null on a pass. */
  reason: string | null;
}

export async function orderVerdict(partner: FaceflowPartner, orderNo: string): Promise<OrderVerdict> {
  const order = await partner.getOrder(orderNo);
  // Digits handed out and abandoned attempts are not judged; the last judged one decided.
  const judged = order.attempts.filter((a) => a.status === "passed" || a.status === "failed" || a.status === "rejected").at(-1);
  if (judged === undefined) throw new Error(`order ${orderNo} has no judged attempt (state ${order.state}; attempts ${order.attempts.map((a) => a.status).join(", ") || "none"})`);
  const passed = judged.status === "passed";
  const failedChecks = judged.checks.filter((c) => !c.passed).map((c) => `${c.name}: ${c.detail}`);
  return { passed, code: judged.code ?? "-", reason: passed ? null : failedChecks.join("; ") || judged.status };
}
