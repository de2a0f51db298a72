/**
 * The window's height / width, kept current on resize and rotation, for layouts that
 * depend on the screen's shape (the error screen's short layout of spec §2).
 */
import { useCallback, useSyncExternalStore } from "react";
import { useRuntime } from "../FlowProvider";

/** innerHeight / innerWidth; a window without a width (hidden iframe) counts as tall. */
function aspectRatioOf(win: Pick<Window, "innerHeight" | "innerWidth">): number {
  return win.innerWidth > 0 ? win.innerHeight / win.innerWidth : Number.POSITIVE_INFINITY;
}

export function useAspectRatio(): number {
  const { win } = useRuntime();
  const subscribe = useCallback(
    (onChange: () => void) => {
      win.addEventListener("resize", onChange);
      win.addEventListener("orientationchange", onChange);
      return () => {
        win.removeEventListener("resize", onChange);
        win.removeEventListener("orientationchange", onChange);
      };
    },
    [win],
  );
  return useSyncExternalStore(subscribe, () => aspectRatioOf(win));
}
