/**
 * Fetching face guidance's files while the user reads the start page (issue 14): the worker,
 * its wasm and the models add up to about 3.6 MB (6.2 MB with the iris model), which takes
 * many seconds on a slow phone network. Fetched into the HTTP cache (they are immutable)
 * once the start page is shown and idle, guidance is ready when the camera opens instead of
 * starting its downloads then.
 *
 * Only what this attempt will use is fetched, decided as the recording page will decide it:
 * the in-page recorder is the capture kind (chooseCaptureKind.ts), the order wants guidance
 * (its config), and the iris model only when a blink is among its actions. Anything failing
 * here only means the recording page fetches the files itself, as it always could.
 */
import type { ApiClient } from "../../../../api/client";
import { faceAssetUrls, type FaceAssets } from "../../../../face/browser/faceAssets";
import type { FlowRuntime } from "../../../../runtime/runtime";
import type { CaptureKind } from "../../../../capture/contract";

/** Two at a time: enough to fill a slow link, leaving a connection for the page's own requests. */
const PARALLEL = 2;
/** The blink action, seen only with the iris model (guidanceController.ts). */
const BLINK = "2";

export interface PrefetchDeps {
  rt: Pick<FlowRuntime, "stats">;
  api: Pick<ApiClient, "config">;
  assets: FaceAssets | null;
  simd: boolean;
  chooseKind: () => Promise<CaptureKind>;
  fetch: (url: string) => Promise<Response>;
}

type PrefetchOutcome = { kind: "skipped"; why: "notBuilt" | "notRecorder" | "noGuidance" } | { kind: "fetched"; files: number; failed: number };

/** Reads a response to its end, which is what puts it in the HTTP cache. */
async function drain(response: Response): Promise<void> {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  await response.arrayBuffer();
}

export async function prefetchGuidance(deps: PrefetchDeps): Promise<PrefetchOutcome> {
  if (deps.assets === null) return { kind: "skipped", why: "notBuilt" };
  if ((await deps.chooseKind()) !== "recorder") return { kind: "skipped", why: "notRecorder" };
  const config = await deps.api.config();
  if (!config.guidance) return { kind: "skipped", why: "noGuidance" };
  const queue = faceAssetUrls(deps.assets, { iris: config.actions.includes(BLINK), simd: deps.simd });
  const files = queue.length;
  let failed = 0;
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      try {
        await drain(await deps.fetch(url));
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (failed > 0) deps.rt.stats.record("guidancePrefetchFailed", { failed, files });
  return { kind: "fetched", files, failed };
}
