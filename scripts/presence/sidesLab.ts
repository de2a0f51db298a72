/**
 * The light check's face-shape test (centre over sides, code 1031) on made media, measured the
 * way the service measures it and kept for judging again: each take is rendered, decoded and
 * analysed by the worker's own code (the decoder at the analysis width, analyseFrames), and its
 * per-frame signals are written to a JSON-lines file with the take's light and shown times.
 * `judge` then runs judgeLight on those signals, so a change to the judging is measured on the
 * very same takes before and after, without rendering or Human again.
 *
 * Takes: `subject` is the SYNTHETIC bona fide subject (scripts/attacks/subjectMedia.ts) in a
 * room, in action mode (LAB_ACTION's actions in turn, default 1,2,3,4; LAB_MODE=silent for
 * still takes); `print` is a face-api demo photo held close before the camera, lit by the
 * screen answering the attempt's own light (a tint on the print alone; the far wall is not
 * lit), held still or warped as a shake or nod would be: what the shape test alone must refuse.
 *
 * Usage: npx tsx scripts/presence/sidesLab.ts collect subject|print [dim|indoor|bright] <n> <out.jsonl>
 *        npx tsx scripts/presence/sidesLab.ts judge <file.jsonl>...
 * Env: LAB_SEED (the first take's seed, then one more a take), LAB_ACTION, LAB_MODE, LAB_PERSON
 * (the subject's face, "person1".."person6"; person6 by default); for judge,
 * LAB_HIRES=1 to judge the patches measured on frames decoded at twice the width (kept with each
 * take), LAB_VERBOSE=1 to print every take's shape figures, not only the unexpected verdicts, and
 * LAB_THRESHOLDS='{"minCentreOverEdges":0}' to judge with some light thresholds changed.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { checksFileSchema } from "../../schemas/checks";
import { captureFileSchema } from "../../schemas/capture";
import type { LightChallenge, LightShown } from "../../schemas/lightChallenge";
import { facesOf, singleFace } from "../../src/domain/face/quality";
import type { FaceObservation } from "../../src/domain/face/types";
import { resolveFfmpeg } from "../../src/server/media/decode/ffmpegBinary";
import { probeMedia } from "../../src/server/media/decode/probeMedia";
import { createLocalMediaStore } from "../../src/server/media/store/localMediaStore";
import { drawLightChallenge } from "../../src/server/light/drawLight";
import { analyseFrames } from "../../src/server/verify/analyseFrames";
import { createCheckPlan } from "../../src/server/verify/checks/checkPlan";
import { judgeLight, LIGHT_DEFAULTS, lightThresholdsSchema } from "../../src/server/verify/checks/liveness/lightCheck";
import { createServerCheckRegistry } from "../../src/server/verify/checks/registry";
import { createMediaVerifierDeps } from "../../src/server/verify/mediaVerifierDeps";
import { faceAt } from "../../src/server/verify/signals/faceBetween";
import { measureFrame, type FrameSignals } from "../../src/server/verify/signals/frameSignals";
import type { LightingPreset } from "../../tests/fixtures/synth/lighting";
import { lightTimeline } from "../../tests/fixtures/synth/subjectFrame";
import { readFlowJson } from "../flowFiles";
import type { ActionCode, AttackMode } from "../attacks/attemptClient";
import { writeVideo } from "../attacks/mediaTools";
import { createPhotoLibrary, photoFrame, type PhotoPerson, type PhotoPose } from "../attacks/photoFrames";
import type { RgbaImage } from "../../tests/fixtures/faceImage";
import { renderTake } from "../attacks/subjectMedia";
import { actionTimes, lightShownFor, lightStartMs, MEDIA_FPS, secondsFor } from "../attacks/submission";

/** One take as kept: what judgeLight needs, and what it was. */
interface KeptTake {
  label: string;
  kind: "subject" | "print";
  light: LightChallenge;
  shown: LightShown;
  signals: FrameSignals[];
  /** The skin patches measured again on frames decoded at twice the analysis width (the same faces, scaled). */
  hiRes: FrameSignals["skin"][];
}

/** Deterministic uniform 0..1 (mulberry32): a print's draws follow its seed. */
function uniformFrom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A print's frames: the photo held close before a far wall, a hand's slow sway, lit by the screen
 * answering the attempt's light (a share of 2-12% of its light in its encoded values, a
 * response of about 5-30% in linear light as the bright room's honest faces give, 50-150 ms
 * late) on the print alone, and for a warp the halves stretched (a shake) or the face stretched
 * down (a nod) on the action's cue, as scripts/attacks/photoMedia.ts warps. The placed photo is
 * sampled once per whole-pixel sway and warp step and tinted per frame (sampling every frame
 * anew costs a second of CPU a frame on a busy machine).
 */
function printFrames(person: PhotoPerson, seed: number, light: LightChallenge, startMs: number, warp: "still" | "shake" | "nod", actAtMs: number): (tMs: number) => RgbaImage {
  const u = uniformFrom(seed);
  const width = 640;
  const height = 480;
  const faceWidth = 0.3 + 0.12 * u();
  const share = 0.02 + 0.1 * u();
  const delay = 50 + 100 * u();
  const sway = { amp: 0.004 + 0.012 * u(), period: 1500 + 2500 * u(), phase: 2 * Math.PI * u() };
  const strength = 0.6 + 0.4 * u();
  const timeline = lightTimeline(light, startMs);
  const noise = Float32Array.from({ length: 1 << 18 }, () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u()));
  let k = 0;
  return (t) => {
    const c = timeline.colorAt(t - delay);
    const norm = 1 - share + share * 0.85;
    const tint = [0, 1, 2].map((ch) => (1 - share + share * (c[ch] ?? 0)) / norm);
    const cue = warp === "shake" ? (t - actAtMs) / 1100 : (t - actAtMs) / 900;
    const inside = cue > 0 && cue < 1;
    const dx = Math.round(sway.amp * Math.sin((2 * Math.PI * t) / sway.period + sway.phase) * width) / width;
    const step = (v: number) => Math.round(v * 50) / 50;
    const pose: PhotoPose = {
      faceWidth,
      dx,
      ...(warp === "shake" && inside ? { yawWarp: step(strength * Math.sin(2 * Math.PI * cue)) } : {}),
      ...(warp === "nod" && inside ? { pitchWarp: step(strength * Math.sin(Math.PI * cue)) } : {}),
    };
    const placed = photoFrame(person, pose, width, height);
    // The print covers a square of 1.6 face widths around the face's centre (photoFrames.ts CROP_HALF); the wall around it stays as it is.
    const half = 0.8 * faceWidth * width;
    const cx = width / 2 + dx * width;
    const cy = height / 2;
    const data = new Uint8Array(placed.data);
    for (let y = 0; y < height; y++) {
      const onPrintRow = Math.abs(y - cy) <= half;
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        const lit = onPrintRow && Math.abs(x - cx) <= half;
        const n = 2 * (noise[k++ & (noise.length - 1)] as number);
        for (let ch = 0; ch < 3; ch++) data[i + ch] = Math.max(0, Math.min(255, Math.round((data[i + ch] as number) * (lit ? (tint[ch] as number) : 1) + n)));
      }
    }
    return { width, height, data };
  };
}

async function collect(kind: "subject" | "print", lighting: LightingPreset, n: number, out: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "faceflow-sideslab-"));
  const limits = captureFileSchema.parse(readFlowJson("flows/capture.json"));
  const ffmpegPath = resolveFfmpeg(process.env, { release: false, log: () => {} }).path;
  const checks = createCheckPlan(checksFileSchema.parse(readFlowJson("flows/checks.json")), createServerCheckRegistry());
  const { deps } = createMediaVerifierDeps({ media: createLocalMediaStore(dir), ffmpegPath, limits, checks, env: process.env });
  const analyzer = await deps.analyzer();
  const photos = createPhotoLibrary();
  const actionList = (process.env.LAB_ACTION ?? "1,2,3,4").split(",") as ActionCode[];
  const firstSeed = Number(process.env.LAB_SEED ?? 1);
  try {
    for (let i = 0; i < n; i++) {
      const seed = firstSeed + i;
      const light = drawLightChallenge(6000);
      const startMs = lightStartMs();
      const action = actionList[i % actionList.length]!;
      let file: string;
      let seconds: number;
      let label: string;
      let mode: AttackMode;
      if (kind === "subject") {
        mode = (process.env.LAB_MODE ?? "action") as AttackMode;
        const actions = mode === "action" ? [action] : [];
        const person = process.env.LAB_PERSON;
        const clip = await renderTake({ dir, name: `take${i}`, mode, actions, digits: null, light, startMs, lighting, seed, ...(person ? { person } : {}) });
        ({ file, seconds } = clip);
        label = `subject ${mode} ${actions.join("+")} ${lighting}${person ? ` ${person}` : ""} seed ${seed}`;
      } else {
        // Prints in turn: held still, warped as a shake, warped as a nod; the six people in turn.
        const warp = (["still", "shake", "nod"] as const)[i % 3]!;
        mode = warp === "still" ? "silent" : "action";
        seconds = secondsFor(mode, warp === "still" ? [] : [warp === "shake" ? "1" : "4"]);
        const person = photos.person(photos.ids[i % photos.ids.length]!);
        const frameAt = printFrames(person, seed, light, startMs, warp, actionTimes(["1"])[0]!.act);
        file = await writeVideo({ dir, name: `print${i}`, seconds, fps: MEDIA_FPS, container: i % 2 === 0 ? "webm-vp8" : "mp4-h264", frameAt: (_k, t) => frameAt(t) });
        label = `print ${warp} ${person.id} seed ${seed}`;
      }
      const probe = await probeMedia(ffmpegPath, file, { timeoutMs: 20_000 });
      const rates = limits.verification.sampleFps;
      const meshFps = mode === "action" ? rates.action : rates.other;
      const media = await deps.decoder.decode(file, probe, { fps: Math.max(rates.signal, meshFps), width: limits.verification.analysisWidth, withAudio: false });
      const analysed = await analyseFrames(media.frames, analyzer, limits, { meshFps, iris: kind === "subject" && mode === "action" && action === "2", pick: () => ({ describe: new Set(), scored: new Set() }), progress: () => {} });
      const faces = analysed.frames.filter((f) => facesOf(f, limits.face.quality).length === 1).length;
      // The same faces on frames decoded at twice the width: what more pixels give the patches.
      const wide = await deps.decoder.decode(file, probe, { fps: Math.max(rates.signal, meshFps), width: 2 * limits.verification.analysisWidth, withAudio: false });
      const found = analysed.frames.map((f) => ({ atMs: f.atMs, face: singleFace(f, limits.face.quality) }));
      const hiRes = wide.frames.map((frame) => {
        const face = faceAt(found, frame.atMs);
        return face ? measureFrame(frame, scaled(face, frame.width / limits.verification.analysisWidth)).skin : null;
      });
      const kept: KeptTake = { label, kind, light, shown: lightShownFor(light, startMs, seconds), signals: analysed.signals.map((s) => ({ ...s, crop: null })), hiRes };
      appendFileSync(out, `${JSON.stringify(kept)}\n`);
      const { outcome, figures } = judgeLight(kept.signals, light, kept.shown);
      console.log(`${label}: ${outcome.passed ? "pass" : `FAIL ${outcome.failCode}`} (${faces}/${analysed.frames.length} faces) centre ${pct(figures.centreResponse)} edges/centre ${figures.edgesOverCentre?.toFixed(2) ?? "-"} ${basename(file)}`);
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A face found at the analysis width, in the pixels of a frame `k` times wider. */
function scaled(face: FaceObservation, k: number): FaceObservation {
  const { box } = face;
  return { ...face, box: { x: box.x * k, y: box.y * k, width: box.width * k, height: box.height * k }, mesh: face.mesh?.map((p) => ({ ...p, x: p.x * k, y: p.y * k })) ?? null };
}

const pct = (v: number | null) => (v === null ? "-" : `${(v * 100).toFixed(1)}%`);

function judge(files: readonly string[]): void {
  const takes = files.flatMap((f) => readFileSync(f, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as KeptTake));
  const thresholds = lightThresholdsSchema.parse({ ...LIGHT_DEFAULTS, ...(JSON.parse(process.env.LAB_THRESHOLDS ?? "{}") as object) });
  const tally = new Map<string, { n: number; passed: number; codes: Map<string, number>; edges: number[] }>();
  for (const take of takes) {
    // LAB_HIRES=1: the skin patches as measured at twice the width.
    const signals = process.env.LAB_HIRES ? take.signals.map((s, i) => ({ ...s, skin: take.hiRes[i] ?? null })) : take.signals;
    const { outcome, figures } = judgeLight(signals, take.light, take.shown, thresholds);
    const group = take.label.replace(/ seed \d+$/, "").replace(/ person\d$/, "");
    const row = tally.get(group) ?? { n: 0, passed: 0, codes: new Map<string, number>(), edges: [] as number[] };
    row.n++;
    // The counted edges' over the centre's (lightEdges.ts): about 0.3-0.6 for a face, 1 for a flat picture; refused above 0.77.
    if (figures.edgesOverCentre !== null) row.edges.push(figures.edgesOverCentre);
    if (outcome.passed) row.passed++;
    else row.codes.set(outcome.failCode ?? "?", (row.codes.get(outcome.failCode ?? "?") ?? 0) + 1);
    tally.set(group, row);
    if (process.env.LAB_VERBOSE || (take.kind === "subject") !== outcome.passed) {
      const edges = figures.edgesOverCentre?.toFixed(2) ?? "-";
      console.log(`${take.label}: ${outcome.passed ? "pass" : `FAIL ${outcome.failCode}`} edges/centre ${edges} | ${outcome.detail.replace(/^.*?(centre -?\d)/, "$1").slice(0, 300)}`);
    }
  }
  console.log("\ngroup | n | light passed | refused by | edges/centre: mean ± sd, min-max of edge-judged");
  for (const [group, row] of tally) {
    const mean = row.edges.reduce((a, b) => a + b, 0) / Math.max(1, row.edges.length);
    const sd = Math.sqrt(row.edges.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, row.edges.length - 1));
    const edges = row.edges.length ? `${mean.toFixed(2)} ± ${sd.toFixed(2)}, ${Math.min(...row.edges).toFixed(2)}-${Math.max(...row.edges).toFixed(2)} of ${row.edges.length}` : "-";
    console.log(`${group} | ${row.n} | ${row.passed} | ${[...row.codes].map(([c, k]) => `${c}×${k}`).join(", ")} | ${edges}`);
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === "collect") {
  const [kind, lighting, n, out] = rest;
  if ((kind !== "subject" && kind !== "print") || !n || !out) throw new Error("usage: sidesLab.ts collect subject|print <lighting> <n> <out.jsonl>");
  await collect(kind, (lighting ?? "bright") as LightingPreset, Number(n), out);
} else if (command === "judge") {
  judge(rest);
} else {
  throw new Error("usage: sidesLab.ts collect|judge ...");
}
