/**
 * Regenerates tests/server/verify/rigid/renderedTurns.json (synthetic: derived landmark data,
 * no image is written): each face-api demo photo's face turned in 3D and analysed by Human.
 * The face is drawn as textured triangles: Human's mesh of the frontal frame (x, y and its z
 * scaled as the check scales it) turned about its centre and projected by a pinhole camera
 * 45 cm away, each triangle filled from the frontal photo (affine texture mapping, far
 * triangles first, a little Lambertian shading). What lies outside the
 * mesh stays the photo, with the frontal face's own area painted the colour of its rim first,
 * so no ghost of the unturned face shows. Crude, but the parallax (the nose crossing the
 * cheek, the far cheek shrinking) is real 3D, which is what the check must recognise.
 *
 *   npx tsx tests/server/verify/rigid/makeRenderedTurns.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadHuman } from "../../../../src/server/face/humanRuntime";
import { createFrameAnalyzer } from "../../../../src/server/verify/frameAnalyzer";
import { threeDimensionalThresholds } from "../../../../src/server/verify/checks/liveness/rigidCheck";
import type { FrameObservation, Point } from "../../../../src/domain/face/types";
import { frontalFrame, LANDMARKS, type Rgb } from "./photoFrames";

const W = 640;
const H = 480;

/** Human's mesh triangulation (TRI468), read from its sources in node_modules. */
export function triangles(): [number, number, number][] {
  // The package's main entry is dist/human.node.js; its sources sit beside dist/.
  const file = join(dirname(dirname(createRequire(import.meta.url).resolve("@vladmandic/human"))), "src", "face", "facemeshcoords.ts");
  const text = readFileSync(file, "utf8");
  const body = text.slice(text.indexOf("export const TRI468"), text.indexOf("];", text.indexOf("export const TRI468")));
  const n = body.slice(body.indexOf("= [") + 3).split(",").map((s) => Number(s.trim())).filter((v) => Number.isInteger(v));
  const out: [number, number, number][] = [];
  for (let i = 0; i + 2 < n.length; i += 3) out.push([n[i]!, n[i + 1]!, n[i + 2]!]);
  return out;
}

type P3 = { x: number; y: number; z: number };

function fillTriangle(out: Uint8Array, src: Rgb, d: [P3, P3, P3], s: [Point, Point, Point], shade: number): void {
  const [a, b, c] = d;
  const det = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
  if (Math.abs(det) < 1e-6) return;
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x, c.x)));
  const x1 = Math.min(W - 1, Math.ceil(Math.max(a.x, b.x, c.x)));
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y, c.y)));
  const y1 = Math.min(H - 1, Math.ceil(Math.max(a.y, b.y, c.y)));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const l1 = ((x - a.x) * (c.y - a.y) - (c.x - a.x) * (y - a.y)) / det;
      const l2 = ((b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y)) / det;
      const l0 = 1 - l1 - l2;
      // A little overlap closes the cracks between neighbouring triangles.
      if (l0 < -0.08 || l1 < -0.08 || l2 < -0.08) continue;
      const sx = Math.round(l0 * s[0].x + l1 * s[1].x + l2 * s[2].x);
      const sy = Math.round(l0 * s[0].y + l1 * s[1].y + l2 * s[2].y);
      const si = (Math.min(H - 1, Math.max(0, sy)) * W + Math.min(W - 1, Math.max(0, sx))) * 3;
      for (let k = 0; k < 3; k++) out[(y * W + x) * 3 + k] = Math.min(255, Math.round((src.data[si + k] ?? 0) * shade));
    }
  }
}

const normal = (a: P3, b: P3, c: P3): P3 => {
  const u = { x: b.x - a.x, y: b.y - a.y, z: b.z - a.z };
  const v = { x: c.x - a.x, y: c.y - a.y, z: c.z - a.z };
  const n = { x: u.y * v.z - u.z * v.y, y: u.z * v.x - u.x * v.z, z: u.x * v.y - u.y * v.x };
  const len = Math.hypot(n.x, n.y, n.z) || 1;
  return { x: n.x / len, y: n.y / len, z: n.z / len };
};

/** The frontal frame with its face turned by (yawDeg, pitchDeg). */
export function renderTurn(src: Rgb, mesh: readonly Point[], box: { width: number }, tris: readonly [number, number, number][], yawDeg: number, pitchDeg: number): Rgb {
  const depth = (box.width / 256) * threeDimensionalThresholds.parse({}).depthScale;
  const head: P3[] = mesh.slice(0, 468).map((p) => ({ x: p.x, y: p.y, z: (p.z ?? 0) * depth }));
  const c = head.reduce((s, p) => ({ x: s.x + p.x / head.length, y: s.y + p.y / head.length, z: s.z + p.z / head.length }), { x: 0, y: 0, z: 0 });
  const cameraDistance = (box.width * 45) / 15;
  const [cy, sy] = [Math.cos((yawDeg * Math.PI) / 180), Math.sin((yawDeg * Math.PI) / 180)];
  const [cp, sp] = [Math.cos((pitchDeg * Math.PI) / 180), Math.sin((pitchDeg * Math.PI) / 180)];
  const turned: P3[] = head.map((p) => {
    const [x, y, z] = [p.x - c.x, p.y - c.y, p.z - c.z];
    const [x1, z1] = [cy * x + sy * z, -sy * x + cy * z];
    const [y2, z2] = [cp * y - sp * z1, sp * y + cp * z1];
    const w = cameraDistance / (cameraDistance + z2);
    return { x: c.x + x1 * w, y: c.y + y2 * w, z: z2 };
  });
  const out = new Uint8Array(src.data);
  // The frontal face's area painted with its rim's mean colour.
  const rim = [10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109];
  const mean = [0, 1, 2].map((k) => rim.reduce((s, i) => s + (src.data[(Math.round(mesh[i]!.y) * W + Math.round(mesh[i]!.x)) * 3 + k] ?? 0), 0) / rim.length);
  const flat: Rgb = { width: W, height: H, data: new Uint8Array(W * H * 3).map((_, i) => Math.round(mean[i % 3]!)) };
  for (const t of tris) fillTriangle(out, flat, [head[t[0]]!, head[t[1]]!, head[t[2]]!], [mesh[t[0]]!, mesh[t[1]]!, mesh[t[2]]!], 1);
  const order = tris
    .map((t) => ({ t, z: (turned[t[0]]!.z + turned[t[1]]!.z + turned[t[2]]!.z) / 3 }))
    .sort((a, b) => b.z - a.z);
  // |n.z|: how squarely a triangle faces the camera, whatever its winding.
  const facing = (n: P3): number => Math.abs(n.z);
  for (const { t } of order) {
    const d: [P3, P3, P3] = [turned[t[0]]!, turned[t[1]]!, turned[t[2]]!];
    const n0 = normal(head[t[0]]!, head[t[1]]!, head[t[2]]!);
    const n1 = normal(d[0], d[1], d[2]);
    // No back-face culling (TRI468's winding is not consistent): far triangles are drawn first and the near ones cover them.
    const shade = Math.min(1.25, Math.max(0.6, (0.5 + 0.5 * facing(n1)) / (0.5 + 0.5 * facing(n0))));
    fillTriangle(out, src, d, [mesh[t[0]]!, mesh[t[1]]!, mesh[t[2]]!], shade);
  }
  return { width: W, height: H, data: out };
}

/** The schedule of a turn: at rest (the action detectors' baseline), out to the amplitude and back, 11 frames. */
const SCHEDULE = [0, 0, 0, 0.38, 0.71, 0.92, 1, 0.92, 0.71, 0.38, 0];
const AMPLITUDES = [10, 15, 20, 25, 30, 35];

async function main(): Promise<void> {
  const human = await loadHuman();
  const analyzer = createFrameAnalyzer(human);
  const look = async (frame: Rgb, atMs: number): Promise<FrameObservation> =>
    (await analyzer.analyze({ atMs, width: frame.width, height: frame.height, rgb: frame.data }, { iris: true, describe: false, scores: false })).observation;
  const tris = triangles();
  const turns: { sample: number; axis: "yaw" | "pitch"; amplitudeDeg: number; frames: { atMs: number; box: FrameObservation["faces"][number]["box"]; points: [number, number, number][] }[] }[] = [];
  for (const n of [1, 2, 3, 4, 5, 6]) {
    const { image, observation } = await frontalFrame(n, look);
    const face = observation.faces[0];
    if (!face?.mesh) continue;
    for (const axis of ["yaw", "pitch"] as const) {
      for (const amplitudeDeg of AMPLITUDES) {
        const frames: (typeof turns)[number]["frames"] = [];
        for (const [k, share] of SCHEDULE.entries()) {
          const angle = amplitudeDeg * share;
          const frame = renderTurn(image, face.mesh, face.box, tris, axis === "yaw" ? angle : 0, axis === "pitch" ? angle : 0);
          const seen = (await look(frame, 100 * k)).faces[0];
          if (!seen?.mesh) continue;
          const m = seen.mesh;
          frames.push({ atMs: 100 * k, box: seen.box, points: LANDMARKS.map((i) => [m[i]!.x, m[i]!.y, m[i]!.z ?? 0]) });
        }
        turns.push({ sample: n, axis, amplitudeDeg, frames });
      }
    }
    console.log(`sample${n} rendered`);
  }
  const out = join(dirname(fileURLToPath(import.meta.url)), "renderedTurns.json");
  writeFileSync(out, `${JSON.stringify({ generatedBy: "tests/server/verify/rigid/makeRenderedTurns.ts", landmarks: LANDMARKS, turns })}\n`);
  console.log(`wrote ${out}`);
}

if (process.argv[1]?.endsWith("makeRenderedTurns.ts")) run();

function run(): void {
const keepAlive = setInterval(() => undefined, 1000);
main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => clearInterval(keepAlive));
}
