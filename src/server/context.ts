/**
 * What the routes share: the store, the injected clock and randomness, limits, the verifier
 * and its face analyzer, and where things live. Built once per app instance by buildApp.
 */
import type { ProbeClient } from "./media/probe/probeClient";
import type { ChecksFile } from "../../schemas/checks";
import type { ServiceLanguages } from "./languages";
import type { ServerLimits } from "./limits";
import type { MediaStore } from "./media/store/mediaStore";
import type { Clock, RandomBytes } from "./runtime";
import type { Store } from "./store";
import type { TrtcIssuer } from "./trtc/trtcConfig";
import type { WxMediaSource } from "./wx/wxMedia";
import type { VerificationQueue } from "./verify/queueContract";

export interface ServiceContext {
  store: Store;
  clock: Clock;
  randomBytes: RandomBytes;
  limits: ServerLimits;
  /** Verification jobs: queued in the store, run by the worker pool, waited on by the long poll. */
  verification: VerificationQueue;
  /** The ffmpeg program that probes uploads here and decodes them in the workers (media/decode/ffmpegBinary.ts). */
  ffmpegPath: string;
  /** Probes of uploads, run by a small process of their own so no thread of the service starts ffmpeg for them (media/probe/probeClient.ts). */
  prober: ProbeClient;
  /** FACEFLOW_MEDIA: the local media store's directory, and the temporary copies' (.tmp) with S3. */
  mediaDir: string;
  /** Where recordings and evidence live: the media directory, or S3-compatible storage (FACEFLOW_S3_BUCKET). */
  media: MediaStore;
  /** The service's public origin, e.g. "http://127.0.0.1:8080" (resolved after listen when not configured). */
  publicOrigin(): string;
  /** Launch URL lifetime when neither order nor app says (seconds). */
  defaultLaunchTtlSec: number;
  /** Browser session lifetime after login (seconds). */
  sessionTtlSec: number;
  /** flows/languages.json: the `lang` tags a launch, a will question and the page may name, and the default. */
  languages: ServiceLanguages;
  /** flows/checks.json as read and checked at start: which checks judge each mode (and so which modes show light). */
  checks: ChecksFile;
  /** Real-time video room tickets; null when the service has no TRTC credentials. */
  trtc: TrtcIssuer | null;
  /** The messaging app's media API (spec §7 uploadVideo path); null without official-account credentials. */
  wxMedia: WxMediaSource | null;
}
