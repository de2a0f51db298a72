/**
 * The light check's second face-shape measure: the screen's answer at the face's edges (the
 * outer cheeks and the forehead's outer edges, faceRegions.ts), counted only on the patches
 * where a flat picture's answer would be big enough for 8-bit video to carry.
 *
 * The edges: a face's skin there turns well away from the screen (Lambert: it gets cos of that
 * angle of the centre's light), a flat picture's faces it as squarely as its centre. The
 * forehead's edges add skin that is brighter than the cheeks' sides (no cheek shadow, seldom a
 * beard) and turned as far, so the measure rests on more than the two small side patches.
 *
 * The floor: a print whose sides are dark (hair over the cheeks, a photo taken in a dim room)
 * loses the screen's answer there to quantisation and the encoder, and its dark patches then
 * answer less than its centre, as a curved face's do. A patch counts only where the step a flat
 * picture lit like the centre would show there reaches `minEdgeStep` levels of luma (flatStep:
 * the centre's response times the patch's level, through the sRGB curve's slope there). That
 * step is the screen's light on the patch as the camera exposes it: smaller with the screen
 * further away or the room brighter (the camera exposes for the room). So with no patch counted
 * the shape is not told: "too bright here, or come closer" (1030), not "not a face".
 * Figures: docs/presentationAttacks.md, "2026-11-29, second shape cue".
 */
import type { SkinRegion } from "../../signals/faceRegions";
import type { Rgb } from "../../signals/frameSignals";
import type { RegionResponse } from "./lightShape";

/** The edge patches, each judged on its own. */
export const EDGE_REGIONS = ["sideLeft", "sideRight", "browEdgeLeft", "browEdgeRight"] as const satisfies readonly SkinRegion[];
export type EdgeRegion = (typeof EDGE_REGIONS)[number];

export interface EdgesResponse {
  /** The counted patches' response, each weighed by the inverse of its variance; null when none counted. */
  response: number | null;
  /** Its standard error. */
  error: number;
  /** Patches counted, of the edge patches judged on enough still frames. */
  counted: number;
  judged: number;
  /** The largest step a flat picture would show at an edge patch, in 8-bit levels of luma (0 when none was judged). */
  largestStep: number;
}

/** sRGB's encoding of linear light 0..1 (IEC 61966-2-1). */
const encode = (c: number): number => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

/**
 * How many 8-bit levels of luma a patch of mean linear colour `rgb` moves when its light changes
 * by the relative `response`: dV = V'(L)·L·response, with V'(L)·L = (V + 0.055) / 2.4 on the sRGB
 * curve's power part (12.92·L, i.e. V, on its linear toe).
 * @example flatStep([0.2, 0.2, 0.2], 0.1) // ≈ 5.7: luma 124 of 255, a 10% change of its light
 */
export function flatStep(rgb: Rgb, response: number): number {
  const luma = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
  const v = encode(Math.max(0, luma));
  const slope = luma <= 0.0031308 ? v : (v + 0.055) / 2.4;
  return 255 * slope * Math.max(0, response);
}

/**
 * The edges' response against the centre's `centre` (lightCheck.ts judges the ratio), each edge
 * patch's own response from `responseOf` (lightCheck.ts has the sides' already).
 */
export function edgesResponse(responseOf: (region: EdgeRegion) => RegionResponse, centre: number, minEdgeStep: number): EdgesResponse {
  let weights = 0;
  let sum = 0;
  let counted = 0;
  let judged = 0;
  let largestStep = 0;
  for (const region of EDGE_REGIONS) {
    const r = responseOf(region);
    if (r.response === null) continue;
    judged++;
    const step = flatStep(r.level, centre);
    largestStep = Math.max(largestStep, step);
    if (step < minEdgeStep) continue;
    // An error of zero (a fit on few points) would take every weight: a tenth of a percent at least.
    const w = 1 / Math.max(r.error, 0.001) ** 2;
    weights += w;
    sum += w * r.response;
    counted++;
  }
  return { response: counted ? sum / weights : null, error: counted ? 1 / Math.sqrt(weights) : Infinity, counted, judged, largestStep };
}
