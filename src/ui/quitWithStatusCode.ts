/**
 * Quits to the partner with the front code of an error status (flows/errors.json). The pages
 * that only quit with such a code do not load the catalogue with their module: it is asked
 * for when they quit (already in memory once the error screen or an earlier quit loaded it).
 * A failed load (a dropped network) is recorded and said in a toast (`failedText`); the user
 * stays on the page, whose quit button tries again.
 */
import type { ErrorStatus } from "../../schemas/errors";
import type { FlowRuntime } from "../runtime/runtime";
import type { Finisher } from "../finish/finisher";

export function quitWithStatusCode(
  rt: Pick<FlowRuntime, "loadErrorCatalogue" | "stats" | "toast">,
  finisher: Pick<Finisher, "quit">,
  status: ErrorStatus,
  failedText: string,
): Promise<void> {
  return rt.loadErrorCatalogue().then(
    async (catalogue) => void (await finisher.quit(catalogue.statuses[status].code)),
    (error: unknown) => {
      rt.stats.record("errorCatalogueFailed", { status, message: String(error).slice(0, 200) });
      rt.toast.show({ type: "error", msg: failedText });
    },
  );
}
