/**
 * The face files this page's guidance needs, fetched through the page's one download
 * (src/face/browser/faceDownload.ts): the start page's prefetch starts it, the recording page
 * joins it and shows its progress. Only what the session will load is asked for: the wasm
 * binary tfjs will pick here, and the iris model only when a blink is asked for.
 */
import { builtFaceAssets, builtFaceFileSizes, faceAssetFiles, wasmSimdSupported, type FaceFile } from "../../../../face/browser/faceAssets";
import { pageFaceDownload, type FaceDownload } from "../../../../face/browser/faceDownload";
import type { FlowRuntime } from "../../../../runtime/runtime";

export interface PageFaceFiles {
  download: FaceDownload;
  files: FaceFile[];
}

/** The files and the page's download; null when the code was not built with a face worker (unit tests). */
export function pageFaceFiles(rt: Pick<FlowRuntime, "win" | "faceDownload">): ((iris: boolean) => PageFaceFiles) | null {
  const assets = builtFaceAssets(rt.win.location.href);
  const sizes = builtFaceFileSizes();
  if (assets === null || sizes === null) return null;
  const download = pageFaceDownload(rt.faceDownload, (url) => rt.win.fetch(url, { credentials: "same-origin" }));
  const simd = wasmSimdSupported(globalThis.WebAssembly);
  return (iris) => ({ download, files: faceAssetFiles(assets, sizes, { iris, simd }) });
}

/**
 * Fetches the files (sharing what is arrived or under way), calling `onProgress` with the
 * percent arrived at once and whenever bytes arrive; resolves once each has arrived or failed
 * (the face worker fetches a failed one itself).
 */
export async function loadFaceFiles(target: PageFaceFiles | null, onProgress: (percent: number) => void): Promise<void> {
  if (target === null) return;
  const { download, files } = target;
  const report = () => onProgress(download.percent(files));
  const unsubscribe = download.subscribe(report);
  try {
    const arrived = download.fetch(files);
    report();
    await arrived;
  } finally {
    unsubscribe();
  }
}
