/**
 * Prints the figures behind the 3D-turn thresholds (src/server/verify/checks/liveness/rigidCheck.ts):
 * for each warped photo (Human's landmarks, warpedPhotos.json) and each synthetic head turn
 * (the photos' 3D landmarks turned, with noise), the peak's rigid and warp residuals over the
 * eye distance, their ratio, and the implied angle, as min / median / max over the six faces.
 *
 *   npx tsx tests/server/verify/rigid/measure.ts
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { judgeThreeDimensional, threeDimensionalThresholds } from "../../../../src/server/verify/checks/liveness/rigidCheck";
import type { FrameObservation } from "../../../../src/domain/face/types";
import { readTurnFixture, readWarpFixture, renderedTrack, turnTrack, warpTrack, type TurnOptions } from "./tracks";
import { WARP_KINDS } from "./fixtureTypes";

const fixture = readWarpFixture();
const t = threeDimensionalThresholds.parse({});

/** Out and back: the frontal photo, the warps rising, then falling again to the photo. */
function attackTrack(out: FrameObservation[]): FrameObservation[] {
  const back = [...out].reverse().slice(1);
  return [...out, ...back].map((f, k) => ({ ...f, atMs: 100 * k }));
}

const spread = (values: number[], digits: number): string => {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number): string => (s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))] ?? NaN).toFixed(digits);
  return `${at(0)} / ${at(0.5)} / ${at(1)}`;
};

function row(label: string, tracks: { frames: FrameObservation[]; action: "1" | "4" }[]): void {
  const judged = tracks.map((x) => judgeThreeDimensional(x.frames, x.action, t));
  const f = judged.map((j) => j.figures);
  const ok = (v: number | null): v is number => v !== null;
  const rigid = f.map((x) => x.rigid).filter(ok);
  const warp = f.map((x) => x.warp).filter(ok);
  const ratio = f.flatMap((x) => (x.rigid !== null && x.warp !== null ? [x.warp / x.rigid] : []));
  const angle = f.map((x) => x.angleDeg).filter(ok);
  const passed = judged.filter((j) => j.outcome.passed).length;
  console.log(`| ${label} | ${spread(rigid, 3)} | ${spread(warp, 3)} | ${spread(ratio, 2)} | ${spread(angle, 0)} | ${passed}/${judged.length} |`);
}

console.log("| kind | rigid residual (min/med/max) | warp residual | warp/rigid | implied angle ° | passed |");
console.log("|---|---|---|---|---|---|");
const shakeKinds = new Set(["halfStretch", "keystoneYaw"]);
for (const kind of WARP_KINDS) {
  const action = shakeKinds.has(kind) ? "1" : "4";
  // The attack ramps up: the frontal photo, then its warps up to the amount (both directions for a half stretch).
  const amounts = [...new Set(fixture.faces.flatMap((f) => f.warps.filter((w) => w.kind === kind).map((w) => Math.abs(w.amount))))].sort((x, y) => x - y);
  for (const amount of amounts) {
    row(`photo ${kind} up to ${amount} (action ${action})`, fixture.faces.map((face) => ({ frames: attackTrack(warpTrack(fixture, face, kind, face.warps.filter((w) => w.kind === kind && Math.abs(w.amount) <= amount).map((w) => w.amount))), action })));
  }
}
const variants: { label: string; options: Omit<TurnOptions, "axis" | "amplitudeDeg"> }[] = [
  { label: "noise 1px", options: { noisePx: 1 } },
  { label: "noise 2px", options: { noisePx: 2 } },
  { label: "noise 1.5px, depth off 25%, z noise 3px", options: { noisePx: 1.5, depthError: 1.25, depthNoisePx: 3 } },
  { label: "noise 1.5px, depth off -25%, z noise 3px", options: { noisePx: 1.5, depthError: 0.75, depthNoisePx: 3 } },
  { label: "a flat photo turned, noise 1px", options: { noisePx: 1, flat: true } },
];
for (const axis of ["yaw", "pitch"] as const) {
  for (const v of variants) {
    for (const amplitudeDeg of [10, 15, 20, 25, 30, 35]) {
      row(`turn ${axis} ${amplitudeDeg}° ${v.label}`, fixture.faces.flatMap((face) => [1, 2, 3].map((seed) => ({ frames: turnTrack(fixture, face, { axis, amplitudeDeg, seed, ...v.options }), action: axis === "yaw" ? ("1" as const) : ("4" as const) }))));
    }
  }
}

// renderedTurns.json is large (11 frames of 12 turns of 6 faces) and not committed: makeRenderedTurns.ts writes it.
const rendered = existsSync(join(dirname(fileURLToPath(import.meta.url)), "renderedTurns.json")) ? readTurnFixture() : { turns: [], landmarks: [], generatedBy: "" };
for (const axis of ["yaw", "pitch"] as const) {
  for (const amplitudeDeg of [...new Set(rendered.turns.map((x) => x.amplitudeDeg))]) {
    const turns = rendered.turns.filter((x) => x.axis === axis && x.amplitudeDeg === amplitudeDeg);
    row(`rendered turn ${axis} ${amplitudeDeg}° (Human)`, turns.map((x) => ({ frames: renderedTrack(rendered, x), action: axis === "yaw" ? ("1" as const) : ("4" as const) })));
  }
}
