/**
 * The light challenge as the page showed it (capture/lightLog.ts): the overlay reports each
 * colour as it reaches the screen, and this hook knows when the recording began (the same
 * moment useShownPrompts takes as the prompts' zero: the effect of the phase turning to
 * "recording"), so the upload's `meta.light` is on the recording's clock. A frame stream asks
 * relative to its own first frame instead.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { LightShown } from "../../../../schemas/lightChallenge";
import { createLightLog, type LightLog } from "../../../capture/lightLog";
import type { AttemptPhase } from "../../../flow/attempt/attemptState";

interface ShownLight {
  /** When the current recording began, on the page's clock; null when none is running. */
  startedAtMs: number | null;
  /** The overlay's report: segment `index` went up at `atMs` (a requestAnimationFrame timestamp). */
  onShown(index: number, atMs: number): void;
  /** The last recording's times, from its start; or from `startMs` (a stream's first frame). */
  recorded(startMs?: number): LightShown;
}

export function useShownLight(options: { now(): number; phase: AttemptPhase }): ShownLight {
  const log = useRef<LightLog | null>(null);
  if (log.current === null) log.current = createLightLog();
  const recording = options.phase.name === "recording";
  const [startedAtMs, setStartedAtMs] = useState<number | null>(null);
  const started = useRef<number | null>(null);
  // The latest clock, without restarting the recording's zero when its identity changes.
  const now = useRef(options.now);
  now.current = options.now;

  useEffect(() => {
    if (!recording) {
      setStartedAtMs(null);
      return;
    }
    const at = now.current();
    started.current = at;
    log.current?.restart();
    setStartedAtMs(at);
  }, [recording]);

  const onShown = useCallback((index: number, atMs: number) => log.current?.shown(index, atMs), []);
  const recorded = useCallback((startMs?: number) => log.current?.relativeTo(startMs ?? started.current ?? 0) ?? [], []);
  return { startedAtMs, onShown, recorded };
}
