/**
 * The light challenge on screen: the whole viewport in the segment's colour, at full
 * brightness, behind the page (the camera preview stays visible in its round viewport, the
 * texts sit on scrims: recording.css `.ff-rec--light`). Loaded with the recording page only
 * when its mode shows light (a chunk of its own, out of the first screen's bytes).
 *
 * The colour changes inside a requestAnimationFrame callback, straight on the element (its
 * style and `data-light-color` in the same frame), and that frame's timestamp is what the page
 * reports (onShown): React's render would come a frame later and say nothing of when the
 * screen changed.
 */
import { useEffect, useRef } from "react";
import "./light.css";
import type { LightChallenge } from "../../../../../schemas/lightChallenge";
import { lightHex, segmentAt } from "./lightColor";

/** The page's frame clock; requestAnimationFrame in the browser, a fake in tests. */
export interface FrameClock {
  request(callback: (atMs: number) => void): number;
  cancel(id: number): void;
}

interface LightOverlayProps {
  challenge: LightChallenge;
  /** When the recording began, on the frame clock's timeline (performance.now's). */
  startedAtMs: number;
  frames: FrameClock;
  /** Segment `index` reached the screen in the frame of `atMs`. */
  onShown(index: number, atMs: number): void;
}

export default function LightOverlay({ challenge, startedAtMs, frames, onShown }: LightOverlayProps) {
  const element = useRef<HTMLDivElement | null>(null);
  const first = challenge.segments[0];

  useEffect(() => {
    let shown = -1;
    let id = 0;
    const tick = (atMs: number) => {
      const index = segmentAt(challenge, Math.max(0, atMs - startedAtMs));
      const segment = challenge.segments[index];
      const el = element.current;
      if (index !== shown && segment !== undefined && el !== null) {
        const hex = lightHex(segment.color);
        el.style.backgroundColor = hex;
        el.dataset.lightColor = hex;
        shown = index;
        onShown(index, atMs);
      }
      // Past the last segment the colour holds; nothing more to change.
      if (index < challenge.segments.length - 1) id = frames.request(tick);
    };
    id = frames.request(tick);
    return () => frames.cancel(id);
  }, [challenge, startedAtMs, frames, onShown]);

  const hex = first ? lightHex(first.color) : "#ffffff";
  return <div ref={element} className="ff-light" data-light-color={hex} style={{ backgroundColor: hex }} aria-hidden="true" />;
}
