/**
 * The file input (capture kind "fileInput"): the system camera app records, the page only
 * picks up the file. For browsers where the page cannot open the camera itself (no
 * getUserMedia outside a secure context or in old browsers, in-app browsers on the
 * eligibility blacklist, video capture switched off by live_inter_type) and after a
 * permission prompt that never answered (spec §4 retry rule).
 *
 * `<input type=file accept="video/*" capture="user">` asks phones for the front camera in
 * video mode (`capture="environment"` for the back one, once the user switched: the
 * request's facing, in the attribute's own vocabulary); desktops show a file chooser. The input is made off-DOM and clicked inside
 * start(), which therefore has to be called from the user's tap: browsers open a chooser
 * only from a gesture, so nothing may be awaited before the click.
 *
 * The outcome's durationMs is what the file's metadata says, or 0 when the browser could
 * not read it; the page then leaves the duration to the service, which reads the container.
 */
import type { CaptureDeps, CaptureEvent, CaptureHandler, CaptureOutcome, CaptureRequest } from "./contract";
import { readVideoDuration } from "./recorder/videoFileDuration";

/** How long reading a file's metadata may take before the duration counts as unknown. */
const DURATION_READ_TIMEOUT_MS = 5000;

export function createFileInputHandler(deps: CaptureDeps): CaptureHandler {
  const { win } = deps;
  let started = false;
  let disposed = false;
  let input: HTMLInputElement | null = null;
  let settle: (outcome: CaptureOutcome) => void = () => undefined;

  function detach() {
    if (!input) return;
    input.onchange = null;
    input.removeEventListener("cancel", onCancel);
    input.value = "";
    input = null;
  }

  function onCancel() {
    detach();
    settle({ kind: "cancelled" });
  }

  async function pickedFile(file: File): Promise<CaptureOutcome> {
    const durationMs = await readVideoDuration(file, {
      doc: win.document,
      url: (win as unknown as { URL: typeof URL }).URL,
      setTimeout: (callback, ms) => win.setTimeout(callback, ms),
      clearTimeout: (handle) => win.clearTimeout(handle),
      timeoutMs: DURATION_READ_TIMEOUT_MS,
    });
    return { kind: "recording", blob: file, mimeType: file.type, durationMs: durationMs ?? 0 };
  }

  return {
    kind: "fileInput",
    start(request: CaptureRequest, _onEvent: (event: CaptureEvent) => void) {
      if (started) return Promise.reject(new Error("a file-input handler picks one recording; make a new one to pick again"));
      started = true;
      return new Promise<CaptureOutcome>((resolve) => {
        settle = (outcome) => {
          settle = () => undefined;
          resolve(disposed ? { kind: "cancelled" } : outcome);
        };
        const element = win.document.createElement("input");
        element.type = "file";
        element.accept = "video/*";
        element.setAttribute("capture", request.facing);
        element.onchange = () => {
          const file = element.files?.[0] ?? null;
          detach();
          if (file === null) return settle({ kind: "cancelled" });
          void pickedFile(file).then((outcome) => settle(outcome));
        };
        // Browsers that report a dismissed chooser (Chrome 113+, Safari 16.4+, Firefox 91+) end the wait.
        element.addEventListener("cancel", onCancel);
        input = element;
        element.click();
      });
    },
    stop() {
      // The system camera app decides when its recording ends.
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      detach();
      settle({ kind: "cancelled" });
    },
  };
}
