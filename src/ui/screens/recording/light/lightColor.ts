/**
 * The colour a light segment shows, as the `#rrggbb` the overlay paints and carries in its
 * `data-light-color` (what tests' and partners' synthetic cameras read), and which segment is
 * up `elapsedMs` into the sequence (the last one holds once the sequence has run out).
 */
import { LIGHT_PALETTE, type LightChallenge, type LightColor } from "../../../../../schemas/lightChallenge";

const hex2 = (n: number) => n.toString(16).padStart(2, "0");

export function lightHex(color: LightColor): string {
  const [r, g, b] = LIGHT_PALETTE[color];
  return `#${hex2(r)}${hex2(g)}${hex2(b)}`;
}

export function segmentAt(challenge: LightChallenge, elapsedMs: number): number {
  let end = 0;
  for (const [index, segment] of challenge.segments.entries()) {
    end += segment.ms;
    if (elapsedMs < end) return index;
  }
  return challenge.segments.length - 1;
}
