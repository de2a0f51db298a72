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

/**
 * The shape a page the service renders assumes (src/ssr: it cannot see the screen): a phone held
 * upright, the flow's usual case. A page hydrating from it takes the window's own shape right
 * after, as React re-renders a store whose client value differs from the server's.
 */
const SERVER_ASPECT_RATIO = 16 / 9;
const serverAspectRatio = () => SERVER_ASPECT_RATIO;

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
  return useSyncExternalStore(subscribe, () => aspectRatioOf(win), serverAspectRatio);
}
