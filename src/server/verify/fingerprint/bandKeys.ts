/**
 * The index keys of a fingerprint (locality-sensitive hashing by bands): each 64-bit frame hash
 * cut into 4 bands of 16 bits, a key being the band's number and its bits. Two hashes at most 3
 * bits apart share at least one band exactly (4 bands, 3 differing bits: one band is untouched),
 * and a replay has many such frames, so its original is found among the recordings sharing the
 * most keys without comparing with every stored one.
 */
import { FRAME_HASH_CHARS, type MediaFingerprint } from "../../../../schemas/mediaFingerprint";
import { GAP_HASH } from "./computeFingerprint";

const BANDS = 4;
const BAND_CHARS = FRAME_HASH_CHARS / BANDS;
/**
 * At most this many keys per fingerprint (a 60 s recording has 240 slots, so up to 960): kept
 * to a bounded index and a bounded lookup. 96 keys are 24 slots' worth, 6 s spread evenly.
 */
export const MAX_KEYS = 96;
/** A band with no bit set is a flat stretch of picture (a wall, a backdrop): shared by most recordings, it finds nothing. */
const FLAT_BAND = "0".repeat(BAND_CHARS);

/** The distinct band keys of `fingerprint`, from slots spread evenly over it, at most MAX_KEYS. */
export function bandKeys(fingerprint: MediaFingerprint): number[] {
  const hashes = (fingerprint.frames.match(/.{16}/g) ?? []).filter((h) => h !== GAP_HASH);
  const all = new Set<number>();
  for (const hash of hashes) {
    for (let band = 0; band < BANDS; band++) {
      const bits = hash.slice(band * BAND_CHARS, (band + 1) * BAND_CHARS);
      if (bits !== FLAT_BAND) all.add(band * 0x10000 + parseInt(bits, 16));
    }
  }
  const keys = [...all];
  if (keys.length <= MAX_KEYS) return keys;
  // Evenly over the recording (keys are in slot order), so no stretch of it goes unindexed.
  return Array.from({ length: MAX_KEYS }, (_, i) => keys[Math.floor((i * keys.length) / MAX_KEYS)]!);
}
