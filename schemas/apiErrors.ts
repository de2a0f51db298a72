/**
 * Errors of the verification service's API (re-exported by schemas/api.ts): every code it
 * sends in `{ code, message }`, and the error screen (spec §8) the flow shows for each.
 * Written with zod/mini because the browser imports it.
 */
import * as z from "zod/mini";

export * from "./apiCodes";

/** Body of every error response. `code` is a string so a newer service cannot break an older client. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /**
   * Only on login refusals of a genuine launch (expired, used, order finished): the order's
   * registered return address, so the user can still go back to the partner.
   */
  returnUrl: z.optional(z.url({ protocol: /^https?$/ })),
});
