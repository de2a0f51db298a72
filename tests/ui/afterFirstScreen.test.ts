// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterFirstScreen } from "../../src/ui/afterFirstScreen";

afterEach(() => {
  delete document.documentElement.dataset.pageId;
  vi.useRealTimers();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("afterFirstScreen", () => {
  it("waits for the first page view, then for an idle moment", async () => {
    const idle: (() => void)[] = [];
    const task = vi.fn();
    const win = Object.assign(Object.create(window) as Window, {
      document,
      MutationObserver,
      setTimeout: window.setTimeout.bind(window),
      clearTimeout: window.clearTimeout.bind(window),
      requestIdleCallback: (cb: () => void) => idle.push(cb),
    });
    afterFirstScreen(win, task);
    await flush();
    expect(idle).toHaveLength(0);
    document.documentElement.dataset.pageId = "p1";
    await flush();
    expect(idle).toHaveLength(1);
    expect(task).not.toHaveBeenCalled();
    idle[0]!();
    expect(task).toHaveBeenCalledTimes(1);
    // A second page view does not run it again.
    document.documentElement.dataset.pageId = "p2";
    await flush();
    expect(idle).toHaveLength(1);
  });

  it("still runs when no page is ever shown", () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const win = Object.assign(Object.create(window) as Window, {
      document,
      MutationObserver,
      setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
      clearTimeout: (id: number) => clearTimeout(id),
      requestIdleCallback: undefined,
    });
    afterFirstScreen(win, task, 5000);
    vi.advanceTimersByTime(4999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1 + 500);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
