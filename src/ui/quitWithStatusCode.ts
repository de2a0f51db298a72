/**
 * Quits to the partner with the front code of an error status (flows/errors.json). The pages
 * that only quit with such a code do not load the catalogue with their module: it is asked
 * for when they quit (already in memory once the error screen or an earlier quit loaded it).
 * A failed load (a dropped network) is recorded and leaves the user on the page, whose quit
 * button tries again.
 */
import type { ErrorStatus } from "../../schemas/errors";
import type { FlowRuntime } from "../runtime/runtime";
import type { Finisher } from "../finish/finisher";

export function quitWithStatusCode(rt: FlowRuntime, finisher: Pick<Finisher, "quit">, status: ErrorStatus): Promise<void> {
  return rt.loadErrorCatalogue().then(
    async (catalogue) => void (await finisher.quit(catalogue.statuses[status].code)),
    (error: unknown) => rt.stats.record("errorCatalogueFailed", { status, message: String(error).slice(0, 200) }),
  );
}
