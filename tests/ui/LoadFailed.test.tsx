// @vitest-environment jsdom
/**
 * A page that cannot be drawn (its code did not arrive on a dropped network, or it failed)
 * shows a message and a reload button instead of a blank page, and the failure is recorded.
 */
import { cleanup, fireEvent, render } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LoadFailed } from "../../src/ui/LoadFailed";

afterEach(cleanup);

const TEXTS = { message: "网络不稳定，页面没有加载完整。", reload: "重新加载" };

describe("LoadFailed", () => {
  it("shows a screen whose code did not arrive as a message with a reload button, and records it", async () => {
    const Missing = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    const onError = vi.fn();
    const reload = vi.fn();
    vi.spyOn(console, "error").mockImplementation(() => undefined); // React reports the caught error
    const view = render(
      <LoadFailed texts={TEXTS} onError={onError} reload={reload}>
        <Suspense fallback={<p>加载中…</p>}>
          <Missing />
        </Suspense>
      </LoadFailed>,
    );
    expect((await view.findByRole("alert")).textContent).toContain("网络不稳定");
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: "Failed to fetch dynamically imported module" }));
    fireEvent.click(view.getByRole("button", { name: "重新加载" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("leaves a page that renders alone", () => {
    const view = render(
      <LoadFailed texts={TEXTS} onError={vi.fn()} reload={vi.fn()}>
        <p>页面</p>
      </LoadFailed>,
    );
    expect(view.container.textContent).toBe("页面");
  });
});
