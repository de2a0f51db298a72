/**
 * The service's face analysis contract: one JPEG frame in, one FrameObservation out (the
 * shape the browser's worker produces too, so the same pure checks of src/face/ judge both).
 * The default is Human on node-wasm (humanAnalyzer.ts); tests inject their own.
 */
import type { FrameObservation } from "../../face/types";

export interface FaceAnalyzer {
  /**
   * Analyse one frame taken at `atMs` on the capture's clock.
   * Rejects with FrameRejectedError when the frame itself cannot be analysed (not a
   * decodable JPEG, too many bytes or pixels), and with FaceAnalyzerUnavailableError when
   * the analysis cannot run at all (models or wasm could not be loaded).
   */
  analyze(jpeg: Uint8Array, atMs: number): Promise<FrameObservation>;
}

/** The frame is at fault: another frame may still be analysed. */
export class FrameRejectedError extends Error {
  override readonly name = "FrameRejectedError";
}

/** The analyzer is at fault: no frame can be analysed by this process. */
export class FaceAnalyzerUnavailableError extends Error {
  override readonly name = "FaceAnalyzerUnavailableError";
}
