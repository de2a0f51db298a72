/**
 * The light challenge: a random, single-use sequence of screen colours the service draws for
 * one attempt (GET /api/v1/light), which the page shows full screen around the face oval while
 * recording. A live face in front of the screen reflects it: its skin follows the sequence in
 * time, more than the background does, and more where the face turns toward the screen than at
 * its sides. A prepared medium cannot know the sequence before the attempt; the service keeps
 * it and checks the answer in the media (src/server/verify/checks/).
 *
 * Photosensitivity (WCAG 2.3.1): every segment lasts at least LIGHT_MIN_SEGMENT_MS, so no
 * second holds more than three changes, and no colour is a saturated red (red share of R+G+B
 * below 0.8 for every palette colour; tests/server/light/lightSequence.test.ts asserts both).
 */
import * as z from "zod/mini";

/**
 * The colours, as RGB 0..255. Each switches the screen's three channels on or off in another
 * pattern, so every channel of the skin's reflection carries its own random signal.
 */
export const LIGHT_PALETTE = {
  white: [255, 255, 255],
  yellow: [255, 255, 0],
  cyan: [0, 255, 255],
  magenta: [255, 0, 255],
  green: [0, 255, 0],
  blue: [0, 0, 255],
} as const satisfies Record<string, readonly [number, number, number]>;

export const LIGHT_COLORS = Object.keys(LIGHT_PALETTE) as (keyof typeof LIGHT_PALETTE)[];
export type LightColor = keyof typeof LIGHT_PALETTE;
export const lightColorSchema = z.enum(LIGHT_COLORS as [LightColor, ...LightColor[]]);

/** Shortest segment: three changes a second at most (WCAG 2.3.1's three flashes). */
export const LIGHT_MIN_SEGMENT_MS = 350;
/** Longest segment a challenge may hold (a long recording's cover stretches segments up to it). */
export const LIGHT_MAX_SEGMENT_MS = 700;
/**
 * Longest segment the service draws where the segments need not stretch: a one-action
 * recording shows the light for about 2.5 s, and 350-500 ms segments give it five or six
 * colours (four or more changes to judge) where 350-700 ms gave three to four.
 */
export const LIGHT_USUAL_MAX_SEGMENT_MS = 500;
/** Segments in one challenge: enough to cover the longest recording of any mode that shows light. */
export const LIGHT_MAX_SEGMENTS = 32;

export const lightSegmentSchema = z.strictObject({
  color: lightColorSchema,
  ms: z.int().check(z.gte(LIGHT_MIN_SEGMENT_MS), z.lte(LIGHT_MAX_SEGMENT_MS)),
});
export type LightSegment = z.infer<typeof lightSegmentSchema>;

export const lightChallengeSchema = z.strictObject({
  segments: z.array(lightSegmentSchema).check(z.minLength(4), z.maxLength(LIGHT_MAX_SEGMENTS)),
});
export type LightChallenge = z.infer<typeof lightChallengeSchema>;

/** `GET /api/v1/light`: the challenge of a new attempt (which abandons an unfinished one). */
export const lightResponseSchema = z.strictObject({ light: lightChallengeSchema });
export type LightResponse = z.infer<typeof lightResponseSchema>;

/**
 * When the page put each segment on screen, on the recording's clock (0 = the recording's
 * first frame; for a frame stream, the first frame sent). Sent with the upload (meta.light) and
 * the stream's end. Only an anchor for the check's search: the check looks for the best lag
 * itself and judges what the face did, so a forged time cannot make a face follow the light.
 */
export const lightShownSchema = z
  .array(z.strictObject({ index: z.int().check(z.gte(0), z.lt(LIGHT_MAX_SEGMENTS)), atMs: z.number().check(z.gte(0), z.lte(600_000)) }))
  .check(z.maxLength(LIGHT_MAX_SEGMENTS));
export type LightShown = z.infer<typeof lightShownSchema>;

/** The colour a segment shows, as 0..1 per channel. */
export const lightRgb = (color: LightColor): [number, number, number] => {
  const [r, g, b] = LIGHT_PALETTE[color];
  return [r / 255, g / 255, b / 255];
};
