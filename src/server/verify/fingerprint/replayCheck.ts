/**
 * The replay check, on the main thread as the verdict is recorded (orders/verdict.ts, inside its
 * transaction): the worker's fingerprint of the recording is looked up among those of recordings
 * judged before (store/fingerprints.ts, through their frames' band keys and apart through their
 * mouths' and voices' keys, a bounded number of candidates each),
 * and when one is the same recording the verdict becomes a failure, code replayedMedia (1035),
 * whatever the other checks said. Every judged recording's fingerprint is then kept, pass or
 * fail, for as long as the media retention keeps media.
 *
 * A recording answers one attempt's challenge only. Reusing an earlier attempt's recording of
 * the same order fails too: it answers a challenge that is no longer asked (the light check would
 * catch it as well, but this is cheap and names the cause). The detail gives the time the other
 * recording was judged, never its order: that may be another partner's.
 */
import type { VerifyCheck } from "../../../../schemas/api";
import type { MediaFingerprint } from "../../../../schemas/mediaFingerprint";
import { VERIFY_CODES } from "../../media/verifyCodes";
import type { FingerprintsRepo, StoredFingerprint } from "../../store/fingerprints";
import { bandKeys } from "./bandKeys";
import { describeMatch, matchFingerprints } from "./compareFingerprints";
import { mouthKeys, mouthQueryKeys, mouthShapeKeys, mouthShapeQueryKeys } from "./mouthSeries";
import type { ReplayThresholds } from "./replayThresholds";
import { voiceKeys, voiceQueryKeys, voiceShapeKeys, voiceShapeQueryKeys } from "./voiceSeries";

export const REPLAY_CHECK = "replay";
/** Recordings compared per lookup, the ones sharing the most keys: a replay shares nearly all of its own. */
const MAX_CANDIDATES = 16;
/** Key rows read per lookup (96 keys, each shared by up to ~40 recordings before this cuts in). */
const SCAN_ROWS = 4_000;

/** The part of a verdict the replay check reads and changes. */
export interface ReplayJudged {
  passed: boolean;
  code: string;
  faceCode?: string | null;
  checks: VerifyCheck[];
}

export interface ReplaySubject {
  orderNo: string;
  attemptId: number;
  fingerprint: MediaFingerprint;
  now: number;
}

/** The keys a recording is stored under: its frames' band keys, its mouth's and its voice's syllable keys. */
export function storedKeys(fingerprint: MediaFingerprint): number[] {
  const [mouth, voice] = [fingerprint.mouth ?? "", fingerprint.voice ?? ""];
  return [...bandKeys(fingerprint), ...mouthKeys(mouth), ...voiceKeys(voice), ...mouthShapeKeys(mouth), ...voiceShapeKeys(voice)];
}

/** One lookup of the replay check: the keys it asks for (made only when it is reached). */
export interface ReplayLookup {
  name: "band" | "mouth" | "voice" | "mouth wider" | "voice wider" | "voice shape" | "mouth shape";
  keys: () => number[];
}

/**
 * The lookups of a recording, in the order findReplay runs them (each with a scan of its own).
 * The syllables' keys apart from the band keys: they find a copy whose picture moved every
 * frame hash (mirrored, cropped), and the speech patterns many recordings share cannot push the
 * frames' candidates out of the band keys' scan. The mouth's exact keys, then the voice's (which
 * the picture cannot move); then only the keys they would have with a peak or two a step off
 * (syllableKeys.ts), which common rhythms of speech share far more often: in a large store their
 * scan may be filled before the original's rows are read, so they come last and never crowd the
 * exact ones out. Last of all, the syllables' shapes (shapeKeys.ts), which a copy played faster
 * or slower keeps and any tempo leaves alike: the widest net, the voice's (its peaks are the
 * sharper) before the mouth's.
 */
export function replayLookups(fingerprint: MediaFingerprint): ReplayLookup[] {
  const mouth = fingerprint.mouth ?? "";
  const voice = fingerprint.voice ?? "";
  // A still mouth or a silent voice has no syllables: no wider keys are made for it.
  const hasMouth = () => mouthKeys(mouth).length > 0;
  const hasVoice = () => voiceKeys(voice).length > 0;
  return [
    { name: "band", keys: () => bandKeys(fingerprint) },
    { name: "mouth", keys: () => mouthKeys(mouth) },
    { name: "voice", keys: () => voiceKeys(voice) },
    { name: "mouth wider", keys: () => (hasMouth() ? mouthQueryKeys(mouth) : []) },
    { name: "voice wider", keys: () => (hasVoice() ? voiceQueryKeys(voice) : []) },
    { name: "voice shape", keys: () => voiceShapeQueryKeys(voice) },
    { name: "mouth shape", keys: () => mouthShapeQueryKeys(mouth) },
  ];
}

/** What each lookup may return and read. */
export const LOOKUP_BOUNDS = { limit: MAX_CANDIDATES, scanRows: SCAN_ROWS } as const;

/**
 * The earlier recording `subject` replays, or null (null without looking when `lookUp` is false);
 * keeps `subject`'s fingerprint either way. Call inside the verdict's transaction.
 */
export async function findReplay(fingerprints: FingerprintsRepo, t: ReplayThresholds, subject: ReplaySubject, lookUp = true): Promise<FoundReplay | null> {
  await fingerprints.serializeLookups();
  const options = { exceptAttemptId: subject.attemptId, ...LOOKUP_BOUNDS };
  // Each candidate compared once, whichever lookups find it: the comparisons run on the main thread.
  const compared = new Set<number>();
  const firstMatch = (candidates: StoredFingerprint[]): FoundReplay | null => {
    for (const original of candidates) {
      if (compared.has(original.attemptId)) continue;
      compared.add(original.attemptId);
      const match = matchFingerprints(subject.fingerprint, original.fingerprint, t);
      if (match !== null) return { original, how: describeMatch(match) };
    }
    return null;
  };
  let found: FoundReplay | null = null;
  if (lookUp) {
    for (const lookup of replayLookups(subject.fingerprint)) {
      if (found !== null) break;
      const wanted = lookup.keys();
      if (wanted.length > 0) found = firstMatch(await fingerprints.candidates(wanted, options));
    }
  }
  await fingerprints.insert({ attemptId: subject.attemptId, orderNo: subject.orderNo, judgedAt: subject.now, fingerprint: subject.fingerprint }, storedKeys(subject.fingerprint));
  return found;
}

/** The earlier recording a replay copies, and how the two were found one. */
export interface FoundReplay {
  original: StoredFingerprint;
  how: string;
}

/** `verdict` failed as a replay of `original`: the replay check first, its code the verdict's. */
export function failAsReplay<V extends ReplayJudged>(verdict: V, { original, how }: FoundReplay, orderNo: string): V {
  const when = new Date(original.judgedAt).toISOString();
  const detail =
    original.orderNo === orderNo
      ? `The recording is an earlier attempt's recording of this order (judged at ${when}), sent again (${how}); each attempt needs its own.`
      : `The recording matches a recording of another order judged at ${when} (${how}); a recording answers one order only.`;
  return {
    ...verdict,
    passed: false,
    code: VERIFY_CODES.replayedMedia,
    // A partner reading faceCode alone must not see "0" on a face that was a replay.
    faceCode: verdict.faceCode === VERIFY_CODES.passed ? VERIFY_CODES.replayedMedia : verdict.faceCode,
    checks: [{ name: REPLAY_CHECK, passed: false, detail }, ...verdict.checks],
  };
}

/** The correlation with its own light above which a recording is not looked up (see judgeReplay). */
export const STRONG_ANSWER = 0.8;

/** The verdict after the replay check (unchanged when the worker sent no fingerprint: a job of an older worker, or media never decoded). */
export async function judgeReplay<V extends ReplayJudged & { fingerprint?: MediaFingerprint | null; challengeCorrelation?: number | null }>(
  fingerprints: FingerprintsRepo,
  t: ReplayThresholds,
  at: { orderNo: string; attemptId: number; now: number },
  verdict: V,
): Promise<V> {
  if (!verdict.fingerprint) return verdict;
  // A recording whose face followed this attempt's own fresh light strongly is this attempt's: a
  // face following another random sequence passes with a correlation of 0.8 about 2 times in 1,000
  // (scripts/presence/lightChance.ts), while honest takes give 0.87-0.99. Looking such a
  // recording up anyway refused the attack bench's SYNTHETIC honest takes as each other's
  // replays (the same scripted action at nearly the same moment: 7 to 9 in 10 opening the
  // mouth). Below that, where chance passes live (about 1 in 100 pass the light at its 0.6),
  // every recording that would otherwise pass is looked up: the bench's silent replays passed 1
  // time in 4 while any light pass skipped it. A recording that fails on its own keeps its own
  // code (no face, wrong light...): that says more than "replay", and it cannot pass either way.
  // Its fingerprint is kept in every case.
  const answeredStrongly = (verdict.challengeCorrelation ?? 0) >= STRONG_ANSWER;
  const found = await findReplay(fingerprints, t, { ...at, fingerprint: verdict.fingerprint }, verdict.passed && !answeredStrongly);
  return found === null ? verdict : failAsReplay(verdict, found, at.orderNo);
}
