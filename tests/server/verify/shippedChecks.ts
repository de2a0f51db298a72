/** flows/checks.json as the service reads it, and the plan it gives with the shipped checks: what tests judge with. */
import checksJson from "../../../flows/checks.json";
import { checksFileSchema } from "../../../schemas/checks";
import { createCheckPlan } from "../../../src/server/verify/checks/checkPlan";
import { createServerCheckRegistry } from "../../../src/server/verify/checks/registry";

export const shippedChecks = checksFileSchema.parse(checksJson);
export const shippedCheckPlan = createCheckPlan(shippedChecks, createServerCheckRegistry());
