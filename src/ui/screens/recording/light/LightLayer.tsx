/**
 * The light overlay as a page mounts it: only while a recording that carries a sequence runs,
 * loaded lazily (its own chunk, out of the first screen's bytes), driven by the window's
 * requestAnimationFrame. Shared by the recording page and the real-time pages.
 */
import { lazy, Suspense, useMemo } from "react";
import type { LightChallenge } from "../../../../../schemas/lightChallenge";
import { useRuntime } from "../../../FlowProvider";
import type { FrameClock } from "./LightOverlay";

const LightOverlay = lazy(() => import("./LightOverlay"));

interface LightLayerProps {
  /** The attempt's sequence; null: this attempt shows none. */
  challenge: LightChallenge | null;
  /** When the recording began (the overlay's zero); null: not recording. */
  startedAtMs: number | null;
  onShown(index: number, atMs: number): void;
}

/** Whether the overlay is up: a sequence and a running recording. */
export const lightShowing = (challenge: LightChallenge | null, startedAtMs: number | null): boolean => challenge !== null && startedAtMs !== null;

export function LightLayer({ challenge, startedAtMs, onShown }: LightLayerProps) {
  const { win } = useRuntime();
  const frames = useMemo<FrameClock>(() => ({ request: (cb) => win.requestAnimationFrame(cb), cancel: (id) => win.cancelAnimationFrame(id) }), [win]);
  if (challenge === null || startedAtMs === null) return null;
  return (
    <Suspense fallback={null}>
      <LightOverlay challenge={challenge} startedAtMs={startedAtMs} frames={frames} onShown={onShown} />
    </Suspense>
  );
}
