/**
 * Which analysed frames go with an upload for the service's re-check. The frames that prove
 * the tracker's detections come first, because the service replays the tracker over exactly
 * the frames it receives; the rest of the budget is spread over the recording so the service
 * also sees the face (or its absence) between the actions.
 */

/**
 * At most `max` of `allAtMs`, ascending: every key frame that is among them (the earliest key
 * frames when they alone exceed max, so the first actions stay fully proven), then other frames
 * evenly spread. A key frame not in allAtMs was never kept and cannot be sent.
 *
 * @example selectEvidenceFrames([0, 125, 250, 375, 500], [250], 3) // [0, 250, 500]
 */
export function selectEvidenceFrames(allAtMs: readonly number[], keyAtMs: readonly number[], max: number): number[] {
  const limit = Math.max(0, Math.floor(max));
  const all = [...new Set(allAtMs)].sort((a, b) => a - b);
  const available = new Set(all);
  const keys = [...new Set(keyAtMs)].filter((t) => available.has(t)).sort((a, b) => a - b);
  if (keys.length >= limit) return keys.slice(0, limit);

  const keySet = new Set(keys);
  const others = all.filter((t) => !keySet.has(t));
  const room = Math.min(limit - keys.length, others.length);
  const fill: number[] = [];
  // The middle of each of `room` equal slices of the other frames.
  for (let i = 0; i < room; i++) fill.push(others[Math.floor(((i + 0.5) * others.length) / room)] as number);
  return [...keys, ...fill].sort((a, b) => a - b);
}
