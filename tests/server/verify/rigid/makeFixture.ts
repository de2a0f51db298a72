/**
 * Regenerates tests/server/verify/rigid/warpedPhotos.json (synthetic: derived landmark data,
 * no image is written): each face-api demo photo's largest face, cropped onto a 640x480 grey
 * frame at a third of its width (as tests/fixtures/faceImage.ts does), then 2D-warped the ways
 * a presentation attack would fake a head turn or a nod, every frame analysed by Human in Node
 * exactly as the service does (createFrameAnalyzer over loadHuman). Kept: the stable
 * landmarks (x, y and Human's z) of the frontal frame and of each warped frame.
 *
 *   npx tsx tests/server/verify/rigid/makeFixture.ts
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadHuman } from "../../../../src/server/face/humanRuntime";
import { createFrameAnalyzer } from "../../../../src/server/verify/frameAnalyzer";
import { frontalFrame, H, LANDMARKS, render, W, type Look } from "./photoFrames";
import type { WarpFixture, WarpKind } from "./fixtureTypes";

/** Focal length in pixels of a 640-wide webcam (about 56° across): what a photo tilted before it looks like. */
const FOCAL = 600;

/**
 * The warps, as maps from a warped frame's pixel to the frontal frame's pixel, about the
 * frame's centre (where the face is): `amount` is a stretch share or a tilt in degrees.
 */
const WARPS: Record<WarpKind, (amount: number) => (u: number, v: number) => [number, number]> = {
  // Left half squashed by (1 - a), right half stretched by (1 + a): the nose stays, the outline moves.
  halfStretch: (a) => (u, v) => [W / 2 + (u - W / 2) / (u < W / 2 ? 1 - a : 1 + a), v],
  // Top half stretched, bottom squashed: the "nod" of a photo stretched vertically half by half.
  halfStretchVertical: (a) => (u, v) => [u, H / 2 + (v - H / 2) / (v < H / 2 ? 1 + a : 1 - a)],
  // The whole picture squashed vertically (a nod faked by squashing).
  squash: (a) => (u, v) => [u, H / 2 + (v - H / 2) / (1 - a)],
  // The photo turned by `a` degrees about a vertical axis in front of the camera (perspective).
  keystoneYaw: (a) => tilt(a, "x"),
  // The photo tilted by `a` degrees about a horizontal axis.
  keystonePitch: (a) => tilt(a, "y"),
};

/** A flat photo at depth D turned by `deg` about the axis through the frame's centre, seen by a pinhole camera. */
function tilt(deg: number, axis: "x" | "y"): (u: number, v: number) => [number, number] {
  const th = (deg * Math.PI) / 180;
  const d = FOCAL; // the photo at one focal length: its pixels map 1:1 when facing the camera
  return (u, v) => {
    const [a, b] = axis === "x" ? [u - W / 2, v - H / 2] : [v - H / 2, u - W / 2];
    // Point on the turned plane seen at image coordinate a: a·(D + x sinθ) = f·x cosθ.
    const x = (a * d) / (FOCAL * Math.cos(th) - a * Math.sin(th));
    const y = (b * (d + x * Math.sin(th))) / FOCAL;
    return axis === "x" ? [x + W / 2, y + H / 2] : [y + W / 2, x + H / 2];
  };
}

const AMOUNTS: Record<WarpKind, number[]> = {
  halfStretch: [0.1, 0.2, 0.3, 0.45, -0.2, -0.3],
  halfStretchVertical: [0.1, 0.2, 0.3, -0.2],
  squash: [0.1, 0.2, 0.3, -0.2],
  keystoneYaw: [15, 25, 35],
  keystonePitch: [15, 25, 35],
};

async function main(): Promise<void> {
  const human = await loadHuman();
  const analyzer = createFrameAnalyzer(human);
  const look: Look = async (frame, atMs) =>
    (await analyzer.analyze({ atMs, width: frame.width, height: frame.height, rgb: frame.data }, { iris: true, describe: false, scores: false })).observation;
  const fixture: WarpFixture = { generatedBy: "tests/server/verify/rigid/makeFixture.ts", landmarks: LANDMARKS, faces: [] };
  for (const n of [1, 2, 3, 4, 5, 6]) {
    const { src, map: frontalMap, observation } = await frontalFrame(n, look);
    const frontal = observation.faces[0];
    if (!frontal?.mesh) throw new Error(`sample${n}: no face in the frontal frame`);
    const mesh = frontal.mesh;
    const entry: WarpFixture["faces"][number] = {
      sample: n,
      box: frontal.box,
      frontal: LANDMARKS.map((i) => [mesh[i]!.x, mesh[i]!.y, mesh[i]!.z ?? 0]),
      warps: [],
    };
    for (const kind of Object.keys(WARPS) as WarpKind[]) {
      for (const amount of AMOUNTS[kind]) {
        const warp = WARPS[kind](amount);
        const seen = (await look(render(src, (u, v) => frontalMap(...warp(u, v))), 0)).faces[0];
        if (!seen?.mesh) {
          console.log(`sample${n} ${kind} ${amount}: no face`);
          continue;
        }
        const m = seen.mesh;
        entry.warps.push({ kind, amount, points: LANDMARKS.map((i) => [m[i]!.x, m[i]!.y, m[i]!.z ?? 0]) });
      }
    }
    console.log(`sample${n}: ${entry.warps.length} warped frames`);
    fixture.faces.push(entry);
  }
  const out = join(dirname(fileURLToPath(import.meta.url)), "warpedPhotos.json");
  writeFileSync(out, `${JSON.stringify(fixture)}\n`);
  console.log(`wrote ${out}`);
}

const keepAlive = setInterval(() => undefined, 1000);
main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => clearInterval(keepAlive));
