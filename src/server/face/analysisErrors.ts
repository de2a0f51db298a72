/**
 * The two ways analysing a picture on the service can fail: the picture is at fault (a
 * client's frame that is not a decodable JPEG, or too large), or the analysis cannot run at
 * all in this process (models or wasm could not be loaded).
 */

/** The frame is at fault: another frame may still be analysed. */
export class FrameRejectedError extends Error {
  override readonly name = "FrameRejectedError";
}

/** The analyzer is at fault: no frame can be analysed by this process. */
export class FaceAnalyzerUnavailableError extends Error {
  override readonly name = "FaceAnalyzerUnavailableError";
}
