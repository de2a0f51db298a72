/**
 * The light check's face-shape measure: the screen's answer at the face's edges (the sides of
 * the cheeks and the forehead's outer edges, faceRegions.ts) over its answer at the centre,
 * colour channel by colour channel, counted only where a flat picture's answer would be big
 * enough for 8-bit video to carry.
 *
 * The edges: a face's skin there turns well away from the screen (Lambert: it gets cos of that
 * angle of the centre's light, about 0.5 at 55-60°), a flat picture's faces it as squarely as
 * its centre (1.0). The forehead's edges add skin that is brighter than the cheeks' sides (no
 * cheek shadow, seldom a beard) and turned as far, so the measure rests on more than the two
 * small side patches.
 *
 * Channel by channel: the screen's colours move the channels apart, and each channel carries
 * its own answer with its own noise. Skin's blue at a dark side is a few 8-bit levels, mostly
 * quantisation, where its red carries the answer cleanly; one mean over the channels (weighed by
 * level) mixed the blue's noise into every patch. Each (patch, channel) is weighed by the inverse
 * of its variance.
 *
 * The floor: a print whose sides are dark (hair over the cheeks, a photo taken in a dim room)
 * loses the screen's answer there to quantisation and the encoder, and its dark patches then
 * answer less than its centre, as a curved face's do. A (patch, channel) counts only where the
 * step a flat picture lit like the centre would show there reaches `minEdgeStep` 8-bit levels
 * (channelStep: the centre's response in that channel times the patch's level, through the sRGB
 * curve's slope there). That step is the screen's light on the patch as the camera exposes it:
 * smaller with the screen further away or the room brighter (the camera exposes for the room).
 * So with none counted the shape is not told: "too bright here, or come closer" (1030), not
 * "not a face". Figures: docs/presentationAttacks.md, "2026-11-29 evening, channel by channel".
 */
import type { SkinRegion } from "../../signals/faceRegions";
import type { RegionResponse } from "./lightShape";

/** The edge patches, each judged on its own. */
export const EDGE_REGIONS = ["sideLeft", "sideRight", "browEdgeLeft", "browEdgeRight"] as const satisfies readonly SkinRegion[];
export type EdgeRegion = (typeof EDGE_REGIONS)[number];

export interface EdgesRatio {
  /** The counted (patch, channel) answers over the centre's in that channel, each weighed by the inverse of its variance; null when none counted. */
  ratio: number | null;
  /** Its standard error. */
  error: number;
  /** (patch, channel) pairs counted, of the edge patches judged on enough still frames. */
  counted: number;
  judged: number;
  /** The largest step a flat picture would show in a channel of an edge patch, in 8-bit levels (0 when none was judged). */
  largestStep: number;
}

/** sRGB's encoding of linear light 0..1 (IEC 61966-2-1). */
const encode = (c: number): number => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

/**
 * How many 8-bit levels a channel of linear level `level` moves when its light changes by the
 * relative `response`: dV = V'(L)·L·response, with V'(L)·L = (V + 0.055) / 2.4 on the sRGB curve's
 * power part (12.92·L, i.e. V, on its linear toe).
 * @example channelStep(0.2, 0.1) // ≈ 5.7: level 124 of 255, a 10% change of its light
 */
export function channelStep(level: number, response: number): number {
  const v = encode(Math.max(0, level));
  const slope = level <= 0.0031308 ? v : (v + 0.055) / 2.4;
  return 255 * slope * Math.max(0, response);
}

/** An error of zero (a fit on few points) would take every weight: a hundredth of the ratio at least. */
const MIN_RATIO_ERROR = 0.01;

/** The edges' answer over the `centre`'s, each edge patch's own fit from `responseOf` (lightCheck.ts fits each patch once). */
export function edgesRatio(responseOf: (region: EdgeRegion) => RegionResponse, centre: RegionResponse, minEdgeStep: number): EdgesRatio {
  let weights = 0;
  let sum = 0;
  let counted = 0;
  let judged = 0;
  let largestStep = 0;
  for (const region of EDGE_REGIONS) {
    const patch = responseOf(region);
    if (patch.response === null) continue;
    judged++;
    patch.channels.forEach((own, c) => {
      const mid = centre.channels[c];
      if (!own || !mid || mid.response <= 0) return;
      const step = channelStep(patch.level[c]!, mid.response);
      largestStep = Math.max(largestStep, step);
      if (step < minEdgeStep) return;
      const ratio = own.response / mid.response;
      // A ratio's error from both fits' (independent patches, first order).
      const error = Math.hypot(own.error, ratio * mid.error) / mid.response;
      const w = 1 / Math.max(error, MIN_RATIO_ERROR) ** 2;
      weights += w;
      sum += w * ratio;
      counted++;
    });
  }
  return { ratio: counted ? sum / weights : null, error: counted ? 1 / Math.sqrt(weights) : Infinity, counted, judged, largestStep };
}
