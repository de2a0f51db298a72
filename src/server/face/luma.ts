/**
 * A pixel's luma (BT.601 weights, 0..255) in a packed 8-bit RGB buffer: what "too dark", the
 * face signature and the replay check's frame hash are measured on. One definition, so they
 * measure the same brightness.
 */
export function lumaAt(rgb: Uint8Array, i: number): number {
  return 0.299 * (rgb[i] as number) + 0.587 * (rgb[i + 1] as number) + 0.114 * (rgb[i + 2] as number);
}
