/**
 * Mean brightness of a frame for the "too dark" hint, from RGBA pixels as ImageData holds
 * them. Luma uses the BT.601 weights (what JPEG and most camera pipelines use), so the
 * threshold in flows/capture.json (quality.minLuma, 0..255) reads like a JPEG's Y channel.
 */

/**
 * Mean luma 0..255 of RGBA pixels, looking at every `step`-th pixel: brightness varies
 * slowly across a frame, so a sample is as good as every pixel and much cheaper.
 * @example meanLuma(new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255])) // 127.5
 */
export function meanLuma(rgba: ArrayLike<number>, step = 1): number {
  const stride = Math.max(1, Math.floor(step)) * 4;
  let sum = 0;
  let count = 0;
  for (let i = 0; i + 2 < rgba.length; i += stride) {
    sum += 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
    count += 1;
  }
  return count === 0 ? 0 : Math.min(255, Math.max(0, sum / count));
}
