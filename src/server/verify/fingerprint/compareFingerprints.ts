/**
 * Whether two fingerprints are one recording: the frame hashes of the shorter, slid along the
 * longer, agree (Hamming distance at most MAX_FRAME_BITS) on most of its slots at one time
 * offset, its moments of motion agreeing too and, when both carry audio, their audio words at
 * that offset; or the mouths or the voices' syllables fall as one take's (mouthSeries.ts,
 * voiceSeries.ts), whatever the spectrum, where the frames agree on half the slots, or the
 * mouths closely enough that the picture need not agree.
 *
 * Why motion (or speech) is required: a 9x8 hash of a still scene is the scene, not the take.
 * Measured (tests/server/fingerprint/): the fixture face moved 10 px is 3 bits away, 30 px 6
 * bits, a new grey backdrop or 20% less light 0 bits. So two live takes of a person sitting
 * still in the same place would match on the video alone; what tells a replay from a retake is
 * the timing of what changes: the head's motion, or the voice. A recording with neither (a
 * still picture in a mode that does not listen) is left to the frozen-media and light checks.
 *
 * Margins: re-encodes (VP8 to H.264 at crf 28), 4x scaling, ±10% brightness and Opus to AAC
 * moved a frame hash by 0-1 bit; the same face swaying on another schedule differed by a
 * median of 6 bits (up to 40) and never aligned. MAX_FRAME_BITS 2 leaves 1 bit over the
 * re-encodes measured, and 90% of the shorter recording's slots (not all) room for a trimmed
 * start or a frame a codec smeared: the attack bench's SYNTHETIC honest takes of one face in one
 * room under the light challenge were refused as replays of each other 7 times in 48 at 4 bits
 * and 80%, and an honest retake wrongly refused costs a real user their verification; a replay
 * in a light mode fails the light check anyway. 1 s (4 slots) at least keeps a scrap of video
 * from matching on one frame.
 */
import { AUDIO_WORD_CHARS, FINGERPRINT_STEP_MS, FRAME_HASH_CHARS, type MediaFingerprint } from "../../../../schemas/mediaFingerprint";
import { SILENT_WORD } from "./audioSignature";
import { GAP_HASH } from "./computeFingerprint";
import { alignMouth, MOUTH_ALONE_CORRELATION, mouthsMatch, type MouthMatch } from "./mouthSeries";
import { REPLAY_DEFAULTS, type ReplayThresholds } from "./replayThresholds";
import { matchAtTempo } from "./tempoMatch";
import type { SeriesMatch } from "./syllableSeries";
import { alignVoice, VOICE_CORRELATION, VOICE_WITH_MOUTH_CORRELATION, voicesMatch } from "./voiceSeries";

export const MAX_FRAME_BITS = 2;
/** Slot-to-slot changes beyond what re-encoding explains (more than MAX_FRAME_BITS) a recording needs to be judged on its video: a pattern, not one cut. */
const MIN_MOTION_SLOTS = 3;
export const MIN_COVERED_SHARE = 0.9;
export const MIN_SLOTS = 4;
/**
 * The mouths' correlation the voice needs beside it where both mouths moved: trimmed copies'
 * mouths correlated 0.879 at least (scripts/presence/mouthLab.ts), SYNTHETIC retakes of the
 * same digits 0.794 at most and takes of other digits 0.835.
 */
const MOUTH_WITH_VOICE = 0.85;
/** The share of slots whose frames must agree where the mouths or voices do (alignSyllables). */
const MIN_MOUTH_FRAME_SHARE = 0.5;
/**
 * Two audio words agree when their nibbles differ by this much on average (1 step: 3 dB), and
 * this share of the windows heard on both sides must agree. At 1.5 steps and 0.7, two honest
 * SYNTHETIC takes of one face in one room reading other digits in one voice were judged one
 * recording (the attack bench, 1 in 30 number takes); the re-encodes of the tests (Opus to AAC
 * in an H.264 MP4) still agree at these.
 */
const MAX_WORD_STEPS = 1;
const MIN_AUDIO_SHARE = 0.85;
/** Fewer windows heard on both sides than this (1 s) says nothing either way. */
const MIN_AUDIO_WINDOWS = 4;

const split = (text: string, size: number) => Array.from({ length: text.length / size }, (_, i) => text.slice(i * size, (i + 1) * size));

export interface FingerprintMatch {
  /** Slots of `b` that slot 0 of `a` lines up with. */
  offset: number;
  /** The share of the shorter recording's slots that agree at that offset. */
  covered: number;
  /** The median Hamming distance of the agreeing slots. */
  medianBits: number;
  /** Whether the agreement rests on moments of motion the two share (else on the audio alone). */
  onMotion: boolean;
  /** The syllables that decided it, seen (the mouths, mouthSeries.ts) or heard (the voices' loudness, voiceSeries.ts), and their correlation; null where the frames and sound did. */
  syllables: { of: "mouth" | "voice"; correlation: number; tempo?: { times: number; mouth: number | null } } | null;
}

/** How a match was made, for the replay check's detail (staff read it to tell a replay from a wrongly refused retake). */
export function describeMatch(m: FingerprintMatch): string {
  const frames = `${Math.round(m.covered * 100)}% of the frames alike`;
  if (m.syllables?.of === "mouth") return `the lips moved as the other's (correlation ${m.syllables.correlation.toFixed(2)}), ${frames}`;
  if (m.syllables?.tempo) {
    const { times, mouth } = m.syllables.tempo;
    return `the voice's syllables fell as the other's played ${times.toFixed(2)} times as fast (correlation ${m.syllables.correlation.toFixed(2)}${mouth === null ? "" : `, the lips ${mouth.toFixed(2)}`})`;
  }
  if (m.syllables?.of === "voice") return `the voice's syllables fell as the other's (correlation ${m.syllables.correlation.toFixed(2)}), ${frames}`;
  return m.onMotion ? `${frames}, with the same motion` : `${frames}, with the same sound`;
}

/**
 * Frame hashes as numbers, parsed once a comparison: a hash is compared with hundreds of others
 * as the offsets slide, and parsing hex at each distance took 15 ms for two 30 s recordings, on
 * the main thread, for each of up to 48 candidates.
 */
interface Hashes {
  length: number;
  hi: Uint32Array;
  lo: Uint32Array;
  gap: Uint8Array;
}

function parseHashes(hashes: readonly string[]): Hashes {
  const n = hashes.length;
  const out: Hashes = { length: n, hi: new Uint32Array(n), lo: new Uint32Array(n), gap: new Uint8Array(n) };
  hashes.forEach((h, i) => {
    if (h === GAP_HASH) out.gap[i] = 1;
    else [out.hi[i], out.lo[i]] = [parseInt(h.slice(0, 8), 16), parseInt(h.slice(8, 16), 16)];
  });
  return out;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The Hamming distance of slot `i` of `x` and slot `j` of `y` (neither a gap). */
const distance = (x: Hashes, i: number, y: Hashes, j: number): number => popcount((x.hi[i]! ^ y.hi[j]!) >>> 0) + popcount((x.lo[i]! ^ y.lo[j]!) >>> 0);

/** Slots of `hashes` whose picture changed from the slot before by more than a re-encode explains. */
function motionSlots(hashes: Hashes): Set<number> {
  const moving = new Set<number>();
  for (let i = 1; i < hashes.length; i++) {
    if (!hashes.gap[i - 1] && !hashes.gap[i] && distance(hashes, i - 1, hashes, i) > MAX_FRAME_BITS) moving.add(i);
  }
  return moving;
}

interface FramePlan {
  a: Hashes;
  b: Hashes;
  /** The valid slots of the shorter recording. */
  shorter: number;
  /** Motion is counted on the shorter side: all of it must lie inside the longer for a replay. */
  motionOfA: boolean;
  moving: Set<number>;
}

function framePlan(hashesA: string[], hashesB: string[]): FramePlan | null {
  const validA = hashesA.filter((h) => h !== GAP_HASH).length;
  const validB = hashesB.filter((h) => h !== GAP_HASH).length;
  const shorter = Math.min(validA, validB);
  if (shorter < MIN_SLOTS) return null;
  const motionOfA = validA <= validB;
  const [a, b] = [parseHashes(hashesA), parseHashes(hashesB)];
  return { a, b, shorter, motionOfA, moving: motionSlots(motionOfA ? a : b) };
}

/** How `a`'s frame hashes agree with `b`'s when slot 0 of `a` lies on slot `offset` of `b`. */
function agreementAt({ a, b, shorter, motionOfA, moving }: FramePlan, offset: number): FingerprintMatch {
  const bits: number[] = [];
  let movingMatched = 0;
  for (let i = Math.max(0, -offset); i < a.length && i + offset < b.length; i++) {
    if (a.gap[i] || b.gap[i + offset]) continue;
    const d = distance(a, i, b, i + offset);
    if (d > MAX_FRAME_BITS) continue;
    bits.push(d);
    if (moving.has(motionOfA ? i : i + offset)) movingMatched += 1;
  }
  bits.sort((x, y) => x - y);
  const onMotion = moving.size >= MIN_MOTION_SLOTS && movingMatched >= MIN_COVERED_SHARE * moving.size;
  return { offset, covered: bits.length / shorter, medianBits: bits[Math.floor(bits.length / 2)] ?? 0, onMotion, syllables: null };
}

/** The best alignment of the frame hashes, or null when none covers MIN_COVERED_SHARE of the shorter. */
function alignFrames(plan: FramePlan): FingerprintMatch | null {
  let best: FingerprintMatch | null = null;
  for (let offset = -(plan.a.length - 1); offset < plan.b.length; offset++) {
    // Slots that overlap at this offset bound the share that can agree: skip where too few do.
    const overlap = Math.min(plan.a.length, plan.b.length - offset) - Math.max(0, -offset);
    if (overlap < MIN_COVERED_SHARE * plan.shorter) continue;
    const here = agreementAt(plan, offset);
    if (here.covered >= MIN_COVERED_SHARE && (best === null || here.covered > best.covered)) best = here;
  }
  return best;
}

/**
 * The alignment at which the mouths, or the voices, move as one take's, or null. It stands
 * without the audio words: a voice re-dubbed or shifted in pitch over the same mouth is still
 * the same take. Mouths alike at MOUTH_ALONE_CORRELATION need nothing else (a copy mirrored or
 * cropped moved every frame hash); at the lower MIN_CORRELATION the frames must agree there on
 * half the slots at least (±1 slot: the mouth's grid is finer), as four syllables are not
 * specific enough alone there: SYNTHETIC takes of other digits correlated up to 0.835 (66 pairs,
 * scripts/presence/mouthLab.ts), and the bench's honest number takes were refused as each
 * other's replays 3 times in 30 when mouths at 0.85 sufficed; across people and rooms the frames
 * never agree. Half, not 90%: a replay trimmed by a part of a slot has each hash taken a little
 * later (2 of 10 fell under 90%). The voice's loudness is asked the same where the mouths are
 * not alike enough: on a trimmed copy the mesh placed the mouth on other frames (mouths down to
 * 0.879), while the voice is measured on the samples (voiceSeries.ts).
 */
function alignSyllables(syllables: Syllables, plan: FramePlan): FingerprintMatch | null {
  const { mouths } = syllables;
  const mouth = mouths !== null && mouthsMatch(mouths) ? mouths : null;
  // Mouths that moved and are not alike enough to be one take's keep the voice from deciding
  // alone: four digits read again in one voice can fall as before (SYNTHETIC retakes of the same
  // digits up to 0.936, voiceLab.ts), while their mouths stayed under 0.8 and copies' over 0.87.
  const voices = mouths === null || mouths.correlation >= MOUTH_WITH_VOICE ? syllables.voices() : null;
  const voice = voices !== null && voicesMatch(voices) ? voices : null;
  for (const [of, found] of [["mouth", mouth], ["voice", voice]] as const) {
    if (found === null) continue;
    const around = Math.round(found.shiftMs / FINGERPRINT_STEP_MS);
    for (const offset of [around, around - 1, around + 1]) {
      const here = agreementAt(plan, offset);
      if (here.covered >= MIN_MOUTH_FRAME_SHARE) return { ...here, syllables: { of, correlation: found.correlation } };
    }
  }
  // Whatever the picture: mouths closely alike, or a voice closely alike over mouths alike
  // enough (a copy mirrored or cropped moved every frame hash, and the mesh may have placed its
  // mouth otherwise; an honest retake's voice and mouth are never both this close).
  const [decided, of] = mouth !== null && mouth.correlation >= MOUTH_ALONE_CORRELATION ? [mouth, "mouth" as const] : voice !== null && mouths !== null && voice.correlation >= VOICE_WITH_MOUTH_CORRELATION ? [voice, "voice" as const] : [null, null];
  if (decided === null) return null;
  return { ...agreementAt(plan, Math.round(decided.shiftMs / FINGERPRINT_STEP_MS)), syllables: { of, correlation: decided.correlation } };
}

type AudioVerdict = "agrees" | "differs" | "uninformative";

/**
 * Whether the audio agrees at `offset` (±1 window, for audio that starts a little before or
 * after the video). Uninformative: too little heard on both sides, or one steady sound (a hum,
 * a test tone) that any two takes in one room share.
 */
function compareAudio(a: string, b: string, offset: number): AudioVerdict {
  const wa = split(a, AUDIO_WORD_CHARS);
  const wb = split(b, AUDIO_WORD_CHARS);
  const heardA = wa.filter((w) => w !== SILENT_WORD);
  if (heardA.length < MIN_AUDIO_WINDOWS || new Set(heardA).size < 2) return "uninformative";
  for (const shift of [offset, offset - 1, offset + 1]) {
    let heard = 0;
    let agreeing = 0;
    for (let i = Math.max(0, -shift); i < wa.length && i + shift < wb.length; i++) {
      const x = wa[i]!;
      const y = wb[i + shift]!;
      if (x === SILENT_WORD && y === SILENT_WORD) continue;
      heard += 1;
      if (x === SILENT_WORD || y === SILENT_WORD) continue;
      let steps = 0;
      for (let k = 0; k < AUDIO_WORD_CHARS; k++) steps += Math.abs(parseInt(x[k]!, 16) - parseInt(y[k]!, 16));
      if (steps / AUDIO_WORD_CHARS <= MAX_WORD_STEPS) agreeing += 1;
    }
    if (heard >= MIN_AUDIO_WINDOWS && agreeing / heard >= MIN_AUDIO_SHARE) return "agrees";
  }
  return "differs";
}

/**
 * The alignment at which the frames agree, with motion or sound that agrees there, or null.
 * Where both mouths moved (speech), they must be alike as well (MOUTH_WITH_VOICE): one person
 * filmed twice in one place gives the same picture, and a voice reading digits at an even pace
 * moves it at about the same moments, but the lips do not repeat. The attack bench refused an
 * honest SYNTHETIC number take as another's replay on "91% of the frames alike, with the same
 * motion" (the same face in the same room reading other digits, as a user's own retake is);
 * a replay's mouths correlate 0.88 and up (trimmed copies), retakes' 0.835 at most. Where both
 * voices were heard they must be alike as well (VOICE_CORRELATION): the frames path is what
 * finds a copy as sent or re-encoded, whose voice is its original's (0.98 and up), and a copy
 * re-dubbed over the same picture is found by its mouth or refused by lip-sync.
 */
function alignFramesAndSound(a: MediaFingerprint, b: MediaFingerprint, plan: FramePlan, syllables: Syllables): FingerprintMatch | null {
  const match = alignFrames(plan);
  if (match === null) return null;
  const audio = a.audio !== null && b.audio !== null ? compareAudio(a.audio, b.audio, match.offset) : "uninformative";
  if (audio === "differs") return null;
  // A still picture matches on the video alone whatever the take: it needs speech that agrees.
  if (!match.onMotion && audio !== "agrees") return null;
  const { mouths } = syllables;
  if (mouths !== null && mouths.correlation < MOUTH_WITH_VOICE) return null;
  // So with voices: a mouth too faint to measure (a bright room) leaves the voice to say it.
  const voices = syllables.voices();
  if (voices !== null && voices.correlation < VOICE_CORRELATION) return null;
  return match;
}

/**
 * The two recordings' mouths and voices aligned, each worked out once a comparison: the
 * syllables' test and the frames' both ask, and an alignment searches every shift over ±3 s
 * (on the main thread, for each of up to 80 candidates). The voice only where asked.
 */
interface Syllables {
  mouths: MouthMatch | null;
  voices(): SeriesMatch | null;
}

function syllablesOf(a: MediaFingerprint, b: MediaFingerprint): Syllables {
  let voices: SeriesMatch | null | undefined;
  return {
    mouths: a.mouth && b.mouth ? alignMouth(a.mouth, b.mouth) : null,
    voices: () => (voices === undefined ? (voices = a.voice && b.voice ? alignVoice(a.voice, b.voice) : null) : voices),
  };
}

/**
 * The alignment at which `a` and `b` are one recording, or null when they are not: at one
 * tempo (the syllables, then the frames and sound), else as one played faster or slower
 * (tempoMatch.ts), asked last as it costs the most and most candidates are no copy at all.
 */
export function matchFingerprints(a: MediaFingerprint, b: MediaFingerprint, t: ReplayThresholds = REPLAY_DEFAULTS): FingerprintMatch | null {
  if (a.version !== b.version) return null;
  const plan = framePlan(split(a.frames, FRAME_HASH_CHARS), split(b.frames, FRAME_HASH_CHARS));
  if (plan === null) return null;
  const syllables = syllablesOf(a, b);
  const atOneTempo = alignSyllables(syllables, plan) ?? alignFramesAndSound(a, b, plan, syllables);
  if (atOneTempo !== null) return atOneTempo;
  const tempo = matchAtTempo(a, b, t);
  if (tempo === null) return null;
  return { ...agreementAt(plan, Math.round(tempo.shiftMs / FINGERPRINT_STEP_MS)), syllables: { of: "voice", correlation: tempo.voice, tempo: { times: tempo.tempo, mouth: tempo.mouth } } };
}
