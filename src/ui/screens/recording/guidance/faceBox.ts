/**
 * Where the detected face lies on the round preview, in CSS percentages of the viewport.
 * The preview shows the camera frame with object-fit: cover (cropped to the viewport's
 * shape) and mirrored, so the analysed frame's box has to be scaled, shifted and flipped the
 * same way or the outline would sit beside the face.
 */
import type { FrameObservation } from "../../../../domain/face/types";

interface BoxInView {
  /** Percentages of the viewport's width (left, width) and height (top, height). */
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * @example boxInView({ x: 240, y: 120, width: 160, height: 160 }, { width: 640, height: 480 }, { width: 1, height: 1 }, true)
 * // { left: 33.33, top: 25, width: 33.33, height: 33.33 }: a centred face on a square view
 */
export function boxInView(
  box: { x: number; y: number; width: number; height: number },
  frame: Pick<FrameObservation, "width" | "height">,
  view: { width: number; height: number },
  mirrored: boolean,
): BoxInView | null {
  if (frame.width <= 0 || frame.height <= 0 || view.width <= 0 || view.height <= 0) return null;
  // object-fit: cover scales the frame until it covers the view on both axes.
  const scale = Math.max(view.width / frame.width, view.height / frame.height);
  const offsetX = (view.width - frame.width * scale) / 2;
  const offsetY = (view.height - frame.height * scale) / 2;
  const x = mirrored ? frame.width - (box.x + box.width) : box.x;
  const pct = (value: number, of: number) => Math.round((10_000 * value) / of) / 100;
  return {
    left: pct(offsetX + x * scale, view.width),
    top: pct(offsetY + box.y * scale, view.height),
    width: pct(box.width * scale, view.width),
    height: pct(box.height * scale, view.height),
  };
}
