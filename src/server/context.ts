/**
 * What the routes share: the store, the injected clock and randomness, limits, the verifier
 * and its face analyzer, and where things live. Built once per app instance by buildApp.
 */
import type { FaceAnalyzer } from "./face/faceAnalyzer";
import type { Verifier } from "./media/verifier";
import type { ServerLimits } from "./limits";
import type { Clock, RandomBytes } from "./runtime";
import type { Store } from "./store";
import type { TrtcIssuer } from "./trtc/trtcConfig";

export interface ServiceContext {
  store: Store;
  clock: Clock;
  randomBytes: RandomBytes;
  limits: ServerLimits;
  verifier: Verifier;
  /** Analyses evidence frames (Human on node-wasm unless a test injects one); the default verifier uses it. */
  faceAnalyzer: FaceAnalyzer;
  /** Directory recordings are written to (FACEFLOW_MEDIA). */
  mediaDir: string;
  /** The service's public origin, e.g. "http://127.0.0.1:8080" (resolved after listen when not configured). */
  publicOrigin(): string;
  /** Launch URL lifetime when neither order nor app says (seconds). */
  defaultLaunchTtlSec: number;
  /** Browser session lifetime after login (seconds). */
  sessionTtlSec: number;
  /** Real-time video room tickets; null when the service has no TRTC credentials. */
  trtc: TrtcIssuer | null;
}
