/**
 * Every attempt the attack bench makes: the presentation-attack families, each with random
 * variants (another person, other parameters, another container), and the bona fide SYNTHETIC
 * subject in every mode under every lighting. A case opens its own order(s) through `ctx` and
 * returns the verdict of the attempt that counts.
 */
import type { LightingPreset } from "../../tests/fixtures/synth/lighting";
import { LIGHTING_PRESET_NAMES } from "../../tests/fixtures/synth/lighting";
import type { ActionCode, AttackMode, OpenAttempt, OrderSpec, Verdict } from "./attemptClient";
import { randomTempo, reencodeH264, reTempo, reVoice, spliceVideo } from "./mediaTools";
import { type createPhotoLibrary } from "./photoFrames";
import { SPEECH_KINDS, speechOverPhoto, STILL_KINDS, stillPhoto, warpedPhoto, type PhotoTake } from "./photoMedia";
import { movedOnto } from "./forgedReport";
import { lightStartMs, submit, type Submission } from "./submission";
import { renderTake, takeSubmission, type SubjectTake } from "./subjectMedia";

export const FAMILIES = {
  bonaFide: "bona fide SYNTHETIC subject (rendered 3D face)",
  stillPhoto: "1 still photo",
  warpedPhoto: "2 2D-warped photo",
  speechOverPhoto: "3 speech over a photo",
  replay: "4 replay of a passed recording",
  preparedVideo: "5 prepared video (another attempt's light)",
  splice: "6 splice (another person in ~1/5 of frames)",
} as const;
export type Family = keyof typeof FAMILIES;

export interface CaseContext {
  dir: string;
  base: string;
  photos: ReturnType<typeof createPhotoLibrary>;
  /** A new order and its logged-in page, on an address of its own. */
  open(spec: OrderSpec): Promise<OpenAttempt>;
}

export interface CaseResult extends Verdict {
  /** Family-specific facts, e.g. whether a replay's source recording passed. */
  note?: string;
}

export interface BenchCase {
  family: Family;
  /** The table row's mode, e.g. "action 1+4". */
  mode: string;
  channel: "upload" | "stream";
  /** What this variant does (still, zoompan, wrongDigits…). */
  kind: string;
  lighting?: LightingPreset;
  run(ctx: CaseContext, name: string): Promise<CaseResult>;
}

const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length] as T;
const SUBJECT = "person6";
/**
 * The demo photos hold group pictures, and the main face of sample5.jpg is the subject's
 * (sample6.jpg) person in another picture: Human's descriptors of the two rendered faces match
 * at 0.94-1.00, where another person's match at 0.35. Splicing it in is not another person.
 */
const SAME_PERSON_AS_SUBJECT = ["person5"];

function photoTake(ctx: CaseContext, name: string, person: string, attempt: OpenAttempt, mode: AttackMode, actions: readonly ActionCode[], i: number): PhotoTake {
  return { dir: ctx.dir, name, person: ctx.photos.person(person), mode, actions, light: attempt.light, container: i % 2 === 0 ? "webm-vp8" : "mp4-h264" };
}

/**
 * A fresh seed for every take: a person never repeats their sway, blinks and voice exactly, and
 * two takes of one script are one recording to the replay check (its fingerprint survives a
 * change of lighting), which would count a bench artefact as a bona fide rejection.
 */
const freshSeed = (): number => 1 + Math.floor(Math.random() * 2 ** 30);

async function subjectCase(ctx: CaseContext, name: string, spec: OrderSpec, lighting: LightingPreset, channel: "upload" | "stream"): Promise<CaseResult> {
  const attempt = await ctx.open(spec);
  const take: SubjectTake = { dir: ctx.dir, name, mode: spec.mode, actions: spec.actions ?? [], digits: attempt.digits, light: attempt.light, startMs: lightStartMs(), lighting, seed: freshSeed() };
  const clip = await renderTake(take);
  return submit(ctx.base, attempt, await takeSubmission(clip, take, attempt.light, channel));
}

/**
 * A number-mode replay's source: the subject reading order X's digits under X's light, sent to
 * X as an honest page would; the take, its clip and what X's verdict was.
 */
async function numberSource(ctx: CaseContext, name: string, lighting: LightingPreset): Promise<{ take: SubjectTake; clip: Awaited<ReturnType<typeof renderTake>>; source: string }> {
  const x = await ctx.open({ mode: "number" });
  const take: SubjectTake = { dir: ctx.dir, name, mode: "number", actions: [], digits: x.digits, light: x.light, startMs: lightStartMs(), lighting, seed: freshSeed() };
  const clip = await renderTake(take);
  const verdict = await submit(ctx.base, x, await takeSubmission(clip, take, x.light, "upload"));
  return { take, clip, source: `source ${verdict.passed ? "passed" : `failed ${verdict.code}`}` };
}

/** The bona fide subject: every mode (each action alone) under each lighting, `n` attempts a cell, and silent on the stream. */
function bonaFideCases(n: number): BenchCase[] {
  const modes: { mode: string; spec: OrderSpec }[] = [
    { mode: "silent", spec: { mode: "silent" } },
    ...(["1", "2", "3", "4"] as const).map((a) => ({ mode: `action ${a}`, spec: { mode: "action", actions: [a] } as OrderSpec })),
    { mode: "number", spec: { mode: "number" } },
    { mode: "will", spec: { mode: "will" } },
    // A user who must not see flashing light takes the opt-out: digits read aloud, no colours.
    { mode: "number, opt-out", spec: { mode: "number", optOut: true } },
  ];
  const cases: BenchCase[] = [];
  for (const lighting of LIGHTING_PRESET_NAMES) {
    for (const { mode, spec } of modes) {
      for (let i = 0; i < n; i++) cases.push({ family: "bonaFide", mode, channel: "upload", kind: lighting, lighting, run: (ctx, name) => subjectCase(ctx, name, spec, lighting, "upload") });
    }
    for (let i = 0; i < n; i++) {
      cases.push({ family: "bonaFide", mode: "silent", channel: "stream", kind: lighting, lighting, run: (ctx, name) => subjectCase(ctx, name, { mode: "silent", stream: true }, lighting, "stream") });
    }
  }
  return cases;
}

function attackCases(n: number, people: readonly string[]): BenchCase[] {
  const cases: BenchCase[] = [];
  const others = people.filter((p) => p !== SUBJECT && !SAME_PERSON_AS_SUBJECT.includes(p));
  for (let i = 0; i < n; i++) {
    // 1. A still photo in silent mode, by upload and on the stream.
    for (const channel of ["upload", "stream"] as const) {
      const kind = pick(STILL_KINDS, i);
      cases.push({
        family: "stillPhoto", mode: "silent", channel, kind,
        async run(ctx, name) {
          const attempt = await ctx.open({ mode: "silent", stream: channel === "stream" });
          return submit(ctx.base, attempt, await stillPhoto(photoTake(ctx, name, pick(people, i), attempt, "silent", [], i), kind, channel, lightStartMs()));
        },
      });
    }
    // 2. A photo warped in 2D on the action prompts: shake, nod, and both in one order.
    const actions = pick<ActionCode[]>([["1"], ["4"], ["1", "4"]], i);
    for (const channel of ["upload", "stream"] as const) {
      cases.push({
        family: "warpedPhoto", mode: `action ${actions.join("+")}`, channel, kind: actions.length > 1 ? "shake+nod warp" : actions[0] === "1" ? "halves stretched" : "vertical stretch",
        async run(ctx, name) {
          const attempt = await ctx.open({ mode: "action", actions, stream: channel === "stream" });
          return submit(ctx.base, attempt, await warpedPhoto(photoTake(ctx, name, pick(people, i + 1), attempt, "action", actions, i), channel, lightStartMs()));
        },
      });
    }
    // 3. Speech over a photo, in number and will mode; every other one by the light's opt-out
    // route (no colours to answer: the lips and the frozen check alone refuse it).
    for (const mode of ["number", "will"] as const) {
      const kind = pick(SPEECH_KINDS[mode], i);
      const optOut = i % 2 === 1;
      cases.push({
        family: "speechOverPhoto", mode: optOut ? `${mode}, opt-out` : mode, channel: "upload", kind,
        async run(ctx, name) {
          const attempt = await ctx.open({ mode, optOut });
          return submit(ctx.base, attempt, await speechOverPhoto(photoTake(ctx, name, pick(people, i + 2), attempt, mode, [], i), kind, attempt.digits, lightStartMs()));
        },
      });
    }
    // 4. A replay: the subject's recording made for order X, sent as-is (or re-encoded) to order Y.
    const reencode = i % 2 === 1;
    cases.push({
      family: "replay", mode: "silent", channel: "upload", kind: reencode ? "H.264 re-encode" : "as-is",
      async run(ctx, name) {
        const lighting = pick(LIGHTING_PRESET_NAMES, i);
        const x = await ctx.open({ mode: "silent" });
        const take: SubjectTake = { dir: ctx.dir, name, mode: "silent", actions: [], digits: null, light: x.light, startMs: lightStartMs(), lighting, seed: freshSeed() };
        const clip = await renderTake(take);
        const source = await submit(ctx.base, x, await takeSubmission(clip, take, x.light, "upload"));
        const y = await ctx.open({ mode: "silent" });
        const file = reencode ? await reencodeH264(clip.file, ctx.dir, `${name}-h264`) : clip.file;
        const sent = await submit(ctx.base, y, { ...(await takeSubmission({ ...clip, file }, take, y.light, "upload")) });
        return { ...sent, note: `source ${source.passed ? "passed" : `failed ${source.code}`}` };
      },
    });
    // 4b. A number-mode replay (no recogniser by default): the subject reading X's digits under
    // X's light, sent to Y as-is, re-encoded, or with its voice moved 4-10% in pitch (timing
    // kept), also trimmed by 50-300 ms, or mirrored and cropped. Every other one goes to Y's
    // light; the rest take the light's opt-out route, which any client may (no colours to
    // answer there: the replay check alone stands).
    const variant = (["as-is", "H.264 re-encode", "voice re-pitched", "trimmed, re-pitched", "mirrored, cropped, re-pitched"] as const)[i % 5]!;
    const optOut = i % 2 === 1;
    cases.push({
      family: "replay", mode: optOut ? "number, opt-out" : "number", channel: "upload", kind: variant,
      async run(ctx, name) {
        const { take, clip, source } = await numberSource(ctx, name, pick(LIGHTING_PRESET_NAMES, i));
        const y = await ctx.open({ mode: "number", optOut });
        const pitch = (Math.random() < 0.5 ? 1 : -1) * (0.04 + Math.random() * 0.06) + 1;
        const file =
          variant === "as-is" ? clip.file
          : variant === "H.264 re-encode" ? await reencodeH264(clip.file, ctx.dir, `${name}-h264`)
          : await reVoice(clip.file, ctx.dir, `${name}-revoiced`, { pitch, trimS: variant === "trimmed, re-pitched" ? 0.05 + Math.random() * 0.25 : 0, mirrorCrop: variant.startsWith("mirrored") });
        const sent = await submit(ctx.base, y, await takeSubmission({ ...clip, file }, take, y.light, "upload"));
        return { ...sent, note: `${source}${variant.includes("pitch") ? `, pitch ×${pitch.toFixed(3)}` : ""}` };
      },
    });
    // 4c. A number-mode replay played faster or slower as a whole (a tempo of 0.8-1.25, at least
    // 3% from 1), its voice re-timed with its pitch kept or moved with the tempo; every other one
    // also trimmed by 50-300 ms, every third mirrored and cropped. To Y's light or its opt-out,
    // the other way round from 4b's (so each variant meets both).
    const tempoCopy = { trimmed: i % 2 === 1, mirrored: i % 3 === 2 };
    const tempoOptOut = i % 2 === 0;
    cases.push({
      family: "replay", mode: tempoOptOut ? "number, opt-out" : "number", channel: "upload", kind: `tempo${tempoCopy.trimmed ? ", trimmed" : ""}${tempoCopy.mirrored ? ", mirrored, cropped" : ""}`,
      async run(ctx, name) {
        const { take, clip, source } = await numberSource(ctx, name, pick(LIGHTING_PRESET_NAMES, i));
        const y = await ctx.open({ mode: "number", optOut: tempoOptOut });
        const tempo = randomTempo();
        const keepPitch = Math.random() < 0.5;
        const copy = await reTempo(clip.file, ctx.dir, `${name}-tempo`, clip.seconds, { tempo, keepPitch, trimS: tempoCopy.trimmed ? 0.05 + Math.random() * 0.25 : 0, mirrorCrop: tempoCopy.mirrored });
        const sent = await submit(ctx.base, y, await takeSubmission(copy, take, y.light, "upload"));
        return { ...sent, note: `${source}, tempo ×${tempo.toFixed(3)}${keepPitch ? " pitch kept" : " re-pitched"}` };
      },
    });
    // 5. A prepared video: the subject answering ANOTHER attempt's light, sent to this one.
    for (const channel of ["upload", "stream"] as const) {
      cases.push({
        family: "preparedVideo", mode: "silent", channel, kind: "other attempt's light",
        async run(ctx, name) {
          const other = await ctx.open({ mode: "silent" });
          const attempt = await ctx.open({ mode: "silent", stream: channel === "stream" });
          const take: SubjectTake = { dir: ctx.dir, name, mode: "silent", actions: [], digits: null, light: other.light, startMs: lightStartMs(), lighting: pick(LIGHTING_PRESET_NAMES, i), seed: freshSeed() };
          const clip = await renderTake(take);
          // The page reports this attempt's sequence as shown: what the face answers is the other one.
          return submit(ctx.base, attempt, await takeSubmission(clip, take, attempt.light, channel));
        },
      });
    }
    // 5b. The same, its client's report forged: this attempt's changes reported where the video's
    // changes stepping the same way came (forgedReport.ts).
    cases.push({
      family: "preparedVideo", mode: "silent", channel: "upload", kind: "other attempt's light, report forged",
      async run(ctx, name) {
        const other = await ctx.open({ mode: "silent" });
        const attempt = await ctx.open({ mode: "silent" });
        if (!attempt.light || !other.light) throw new Error("silent mode issued no light");
        const take: SubjectTake = { dir: ctx.dir, name, mode: "silent", actions: [], digits: null, light: other.light, startMs: lightStartMs(), lighting: pick(LIGHTING_PRESET_NAMES, i), seed: freshSeed() };
        const clip = await renderTake(take);
        return submit(ctx.base, attempt, await takeSubmission(clip, take, attempt.light, "upload", movedOnto(attempt.light, other.light, take.startMs)));
      },
    });
    // 6. A splice: another face model in place of the subject for about a fifth of the recording.
    cases.push({
      family: "splice", mode: "silent", channel: "upload", kind: "another person",
      async run(ctx, name) {
        const attempt = await ctx.open({ mode: "silent" });
        const base: SubjectTake = { dir: ctx.dir, name, mode: "silent", actions: [], digits: null, light: attempt.light, startMs: lightStartMs(), lighting: pick(LIGHTING_PRESET_NAMES, i), seed: freshSeed() };
        const main = await renderTake(base);
        const other = await renderTake({ ...base, name: `${name}-other`, person: pick(others, i) });
        const from = 0.5 + Math.random() * (main.seconds - 0.5 - main.seconds / 5);
        const file = await spliceVideo(main.file, other.file, from, from + main.seconds / 5, ctx.dir, `${name}-spliced`);
        const submission: Submission = await takeSubmission({ file, seconds: main.seconds }, base, attempt.light, "upload");
        return submit(ctx.base, attempt, submission);
      },
    });
  }
  return cases;
}

/** All cases, `n` variants of each attack and `n` bona fide attempts a cell; `only` keeps the named families. */
export function benchCases(n: number, people: readonly string[], only: readonly Family[] | null): BenchCase[] {
  const all = [...attackCases(n, people), ...bonaFideCases(n)];
  return only ? all.filter((c) => only.includes(c.family)) : all;
}
