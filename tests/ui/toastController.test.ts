import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastController, TOAST_DEFAULT_MS, type ToastState } from "../../src/runtime/toastController";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const states: ToastState[] = [];
  const toasts = createToastController({
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle),
    onChange: (state) => states.push(state),
  });
  return { toasts, states };
}

describe("toast controller", () => {
  it("shows and hides itself after the default 3000 ms", () => {
    const { toasts } = setup();
    toasts.show({ msg: "处理中，请稍候" });
    expect(toasts.state()).toEqual({ visible: true, type: "none", msg: "处理中，请稍候" });
    vi.advanceTimersByTime(TOAST_DEFAULT_MS - 1);
    expect(toasts.state().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(toasts.state().visible).toBe(false);
    expect(TOAST_DEFAULT_MS).toBe(3000);
  });

  it("honours a custom time and type", () => {
    const { toasts } = setup();
    toasts.show({ type: "success", msg: "已提交", time: 500 });
    expect(toasts.state()).toMatchObject({ visible: true, type: "success" });
    vi.advanceTimersByTime(500);
    expect(toasts.state().visible).toBe(false);
  });

  it("a new toast cancels the pending hide of the previous one", () => {
    const { toasts } = setup();
    toasts.show({ type: "error", msg: "一", time: 1000 });
    vi.advanceTimersByTime(900);
    toasts.show({ msg: "二", time: 1000 });
    vi.advanceTimersByTime(200); // the first toast's timer would have fired here
    expect(toasts.state()).toEqual({ visible: true, type: "none", msg: "二" });
    vi.advanceTimersByTime(800);
    expect(toasts.state().visible).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("hide: true hides at once and cancels the timer", () => {
    const { toasts, states } = setup();
    toasts.show({ msg: "一" });
    toasts.show({ msg: "", hide: true });
    expect(toasts.state().visible).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    expect(states.map((s) => s.visible)).toEqual([true, false]);
  });

  it("reports every change and does not re-report hiding a hidden toast", () => {
    const { toasts, states } = setup();
    toasts.hide();
    expect(states).toEqual([]);
    toasts.show({ msg: "一", time: 10 });
    vi.advanceTimersByTime(10);
    expect(states.map((s) => s.visible)).toEqual([true, false]);
  });

  it("dispose cancels the pending timer", () => {
    const { toasts } = setup();
    toasts.show({ msg: "一" });
    toasts.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
