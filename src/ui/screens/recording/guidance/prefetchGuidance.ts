/**
 * Fetching face guidance's files while the user reads the start page (issue 14): the worker,
 * its wasm and the models add up to about 3.6 MB (6.2 MB with the iris model), which takes
 * many seconds on a slow phone network. Fetched into the HTTP cache (they are immutable)
 * once the start page is shown and idle, guidance is ready when the camera opens instead of
 * starting its downloads then; a user quicker than the download sees on the recording page
 * how far it has got, as the page joins the same download (faceFiles.ts).
 *
 * Only what this attempt will use is fetched, decided as the recording page will decide it:
 * the in-page recorder is the capture kind (chooseCaptureKind.ts), the order wants guidance
 * (its config), and the iris model only when a blink is among its actions. Anything failing
 * here only means the recording page fetches the files itself, as it always could.
 */
import type { ApiClient } from "../../../../api/client";
import type { FlowRuntime } from "../../../../runtime/runtime";
import type { CaptureKind } from "../../../../capture/contract";
import type { PageFaceFiles } from "./faceFiles";

/** The blink action, seen only with the iris model (guidanceController.ts). */
const BLINK = "2";

export interface PrefetchDeps {
  rt: Pick<FlowRuntime, "stats">;
  api: Pick<ApiClient, "config">;
  /** The files for a session with or without the iris model, and the page's download; null when no worker was built. */
  files: ((iris: boolean) => PageFaceFiles) | null;
  chooseKind: () => Promise<CaptureKind>;
}

type PrefetchOutcome = { kind: "skipped"; why: "notBuilt" | "notRecorder" | "noGuidance" } | { kind: "fetched"; files: number; failed: number };

export async function prefetchGuidance(deps: PrefetchDeps): Promise<PrefetchOutcome> {
  if (deps.files === null) return { kind: "skipped", why: "notBuilt" };
  if ((await deps.chooseKind()) !== "recorder") return { kind: "skipped", why: "notRecorder" };
  const config = await deps.api.config();
  if (!config.guidance) return { kind: "skipped", why: "noGuidance" };
  const { download, files } = deps.files(config.actions.includes(BLINK));
  const { failed } = await download.fetch(files);
  if (failed > 0) deps.rt.stats.record("guidancePrefetchFailed", { failed, files: files.length });
  return { kind: "fetched", files: files.length, failed };
}
