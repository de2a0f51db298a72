import { describe, expect, it, vi } from "vitest";
import type { ErrorsFile } from "../../schemas/errors";
import { quitWithStatusCode } from "../../src/ui/quitWithStatusCode";
import { shippedErrors } from "./shippedCatalogues";

function runtime(load: () => Promise<ErrorsFile>) {
  return { loadErrorCatalogue: vi.fn(load), stats: { record: vi.fn() }, toast: { show: vi.fn() } };
}

describe("quitting with an error status's code (uaDetect, the record-timeout modal)", () => {
  it("hands the partner the catalogue's code of the status", async () => {
    const rt = runtime(() => Promise.resolve(shippedErrors));
    const finisher = { quit: vi.fn((_code: string) => Promise.resolve({ kind: "noReturnAddress" as const })) };
    await quitWithStatusCode(rt as never, finisher, "uaDetectException", "网络不稳定");
    expect(finisher.quit).toHaveBeenCalledWith("3010");
    expect(rt.toast.show).not.toHaveBeenCalled();
  });

  it("a catalogue that does not arrive is counted and said; the user stays, and quitting again tries again", async () => {
    let fail = true;
    const rt = runtime(() => (fail ? Promise.reject(new Error("dropped")) : Promise.resolve(shippedErrors)));
    const finisher = { quit: vi.fn((_code: string) => Promise.resolve({ kind: "noReturnAddress" as const })) };
    await quitWithStatusCode(rt as never, finisher, "exception", "网络不稳定，请稍后再试");
    expect(finisher.quit).not.toHaveBeenCalled();
    expect(rt.stats.record).toHaveBeenCalledWith("errorCatalogueFailed", expect.objectContaining({ status: "exception" }));
    expect(rt.toast.show).toHaveBeenCalledWith({ type: "error", msg: "网络不稳定，请稍后再试" });
    fail = false;
    await quitWithStatusCode(rt as never, finisher, "exception", "网络不稳定，请稍后再试");
    expect(finisher.quit).toHaveBeenCalledWith(shippedErrors.statuses.exception.code);
  });
});
