/**
 * Timing of the global toast (spec §2 "Toast"), free of React so it is tested with fake
 * timers: a new toast cancels a pending hide timer; `hide: true` hides at once; otherwise
 * the toast hides itself after `time` ms (default 3000, spec §9).
 *
 * @example
 *   const toasts = createToastController({ setTimeout, clearTimeout, onChange: setToastState });
 *   toasts.show({ type: "error", msg: "处理中，请稍候" });
 */

const TOAST_TYPES = ["error", "success", "none"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** Default display time (spec §9). */
export const TOAST_DEFAULT_MS = 3000;

export interface ToastOptions {
  /** error and success show an icon; none (the default) shows the text alone. */
  type?: ToastType;
  msg: string;
  /** Milliseconds before it hides itself. */
  time?: number;
  /** Hide the toast now instead of showing one. */
  hide?: boolean;
}

export interface ToastState {
  visible: boolean;
  type: ToastType;
  msg: string;
}

interface ToastControllerDeps<Handle> {
  setTimeout: (callback: () => void, ms: number) => Handle;
  clearTimeout: (handle: Handle) => void;
  /** Called with every new state (the React host keeps it in state and renders <Toast>). */
  onChange: (state: ToastState) => void;
}

export interface ToastController {
  show(options: ToastOptions): void;
  hide(): void;
  state(): ToastState;
  /** Cancels the pending timer, e.g. when the host unmounts. */
  dispose(): void;
}

export function createToastController<Handle>(deps: ToastControllerDeps<Handle>): ToastController {
  let current: ToastState = { visible: false, type: "none", msg: "" };
  let timer: { handle: Handle } | undefined;

  function cancelTimer(): void {
    if (timer !== undefined) deps.clearTimeout(timer.handle);
    timer = undefined;
  }

  function publish(next: ToastState): void {
    current = next;
    deps.onChange(next);
  }

  function hide(): void {
    cancelTimer();
    if (current.visible) publish({ ...current, visible: false });
  }

  return {
    show({ type = "none", msg, time = TOAST_DEFAULT_MS, hide: hideNow = false }) {
      if (hideNow) {
        hide();
        return;
      }
      // A new toast replaces the old one, so the old one's hide must not cut the new one short.
      cancelTimer();
      publish({ visible: true, type, msg });
      timer = {
        handle: deps.setTimeout(() => {
          timer = undefined;
          publish({ ...current, visible: false });
        }, Math.max(0, time)),
      };
    },
    hide,
    state: () => current,
    dispose: cancelTimer,
  };
}
