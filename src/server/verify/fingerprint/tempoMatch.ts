/**
 * Whether one recording is another played faster or slower as a whole (a video player's speed,
 * ffmpeg's setpts with atempo, or a tape's asetrate that moves the pitch with it), also trimmed,
 * re-encoded, mirrored or cropped: the replay check's last question (compareFingerprints.ts),
 * asked where the frames, the sound and the syllables at one tempo found nothing.
 *
 * The voice decides and the mouth must not deny it. The voice's loudness is measured on the
 * samples (voiceSeries.ts), so its syllables' peaks are sharp enough to give the tempo to a
 * fraction of a per cent (tempoSeries.ts); the mouth, 15 steps a second and smeared by the new
 * frame times, gives it less surely (a copy's mouth alone fitted tempos up to 9% off), so it is
 * asked only how it moves at the voice's tempo. A copy keeps both; a voice dubbed over another
 * take's mouth is the lip-sync check's.
 */
import type { MediaFingerprint } from "../../../../schemas/mediaFingerprint";
import { mouthAtTempo } from "./mouthSeries";
import type { ReplayThresholds } from "./replayThresholds";
import { alignVoiceAtTempo } from "./voiceSeries";

export interface TempoFound {
  /** How many times as fast the first recording plays as the second. */
  tempo: number;
  /** Milliseconds of the second that the first's start lines up with. */
  shiftMs: number;
  voice: number;
  /** The mouths' correlation at the voices' tempo. */
  mouth: number;
}

/** `a` as `b` played at another tempo, or null. */
export function matchAtTempo(a: MediaFingerprint, b: MediaFingerprint, t: ReplayThresholds): TempoFound | null {
  if (!a.voice || !b.voice) return null;
  const voice = alignVoiceAtTempo(a.voice, b.voice, { slowest: t.slowestTempo, fastest: t.fastestTempo });
  if (voice === null || voice.correlation < t.tempoVoiceCorrelation) return null;
  // A voice alone, over a mouth that stayed still or a picture with none, is dubbed sound: the
  // lip-sync check's, as at one tempo (compareFingerprints.ts).
  const mouth = a.mouth && b.mouth ? mouthAtTempo(a.mouth, b.mouth, voice.tempo, voice.shiftMs, t.tempoMouthReachMs) : null;
  if (mouth === null || mouth.correlation < t.tempoMouthCorrelation) return null;
  return { tempo: voice.tempo, shiftMs: voice.shiftMs, voice: voice.correlation, mouth: mouth.correlation };
}
