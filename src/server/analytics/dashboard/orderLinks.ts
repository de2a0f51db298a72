/**
 * From a dashboard number to the orders behind it: the staff order search (admin/orders/)
 * with the filters that pick exactly the orders the number counts. The service-side funnel
 * steps count orders by the UTC day they were created (store/migrations.ts, version 7), which
 * is what the search's from/to dates filter on; the browser-only steps (start page, camera
 * ready) count users the browser reported, which no order filter picks, so they lead nowhere.
 */
import type { OrderOutcome, OrderReached } from "../../../../schemas/staffOrders";
import { STAFF_PATHS } from "../../admin/staffPage";
import type { FunnelStep } from "./aggregate";

const STEP_FILTERS: Record<FunnelStep, { outcome?: OrderOutcome; reached?: OrderReached } | null> = {
  launched: {},
  startPage: null,
  cameraReady: null,
  recorded: { reached: "recorded" },
  uploaded: { reached: "uploaded" },
  passed: { outcome: "passed" },
  failed: { outcome: "failed" },
};

/** Which orders: created from `from` to `to` (UTC days, both included), of `app` or of every app. */
export interface OrderScope {
  from: string;
  to: string;
  app: string | null;
}

/**
 * The order search listing the orders a funnel step's number counts, or null for a step no
 * order filter can pick.
 * @example ordersHref("failed", { from: "2030-01-01", to: "2030-01-07", app: null }) // "/admin/orders?outcome=failed&from=2030-01-01&to=2030-01-07"
 */
export function ordersHref(step: FunnelStep, scope: OrderScope): string | null {
  const filter = STEP_FILTERS[step];
  if (filter === null) return null;
  const params = new URLSearchParams();
  if (filter.outcome) params.set("outcome", filter.outcome);
  if (filter.reached) params.set("reached", filter.reached);
  if (scope.app !== null) params.set("app", scope.app);
  params.set("from", scope.from);
  params.set("to", scope.to);
  return `${STAFF_PATHS.orders}?${params.toString()}`;
}
