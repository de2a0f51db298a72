/**
 * The start page's hook onto prefetchGuidance.ts: once the page is shown and the browser
 * idle (afterFirstScreen.ts), and only on start pages that lead to a recording page.
 */
import { useEffect } from "react";
import { afterFirstScreen } from "../../../afterFirstScreen";
import { useApi } from "../../../apiContext";
import { useRuntime } from "../../../FlowProvider";
import { chooseRecordingKind } from "../../../../flow/chooseCaptureKind";
import { pageFaceFiles } from "./faceFiles";
import { prefetchGuidance } from "./prefetchGuidance";

export function usePrefetchGuidance(leadsToRecording: boolean): void {
  const rt = useRuntime();
  const api = useApi();
  useEffect(() => {
    if (!leadsToRecording) return;
    let live = true;
    // The page's own window, as at the composition root: the idle and mutation APIs live there.
    afterFirstScreen(window, () => {
      if (!live) return;
      void prefetchGuidance({
        rt,
        api,
        files: pageFaceFiles(rt),
        chooseKind: () => chooseRecordingKind(rt),
      }).catch(() => rt.stats.record("guidancePrefetchFailed", { failed: -1 }));
    });
    return () => {
      live = false;
    };
  }, [leadsToRecording, rt, api]);
}
