/**
 * The finisher of src/finish/finisher.ts wired to the flow runtime: the page's location,
 * the launch's storage, the runtime's clock, toast and statistics, the messaging-app SDK
 * loader and the hash router. One finisher per mounted screen, so its 5-second debounce
 * covers a double tap on that screen's buttons.
 */
import { useEffect, useMemo } from "react";
import { launchParamsSchema } from "../../schemas/launch";
import { createFinisher, type Finisher, type FinishReport } from "../finish/finisher";
import { loadWx } from "../finish/wx";
import { isIOSUserAgent } from "../device/messagingApp";
import { clearLaunchFields } from "../session/launchParams";
import { checkReturnUrlWith } from "../finish/returnUrlCheck";
import { storedValueSchemas } from "../../schemas/session";
import type { ApiClient } from "../api/client";
import { useApi } from "./apiContext";
import { useRuntime } from "./FlowProvider";
import { createPathHistory } from "./pathHistory";
import { useTexts } from "./useTexts";
import { textSections } from "./texts";
import type { FlowRuntime } from "../runtime/runtime";

function reportData(event: FinishReport): Record<string, string> {
  return event.type === "returnUrlRefused" ? { reason: event.reason, detail: event.detail } : { message: event.message };
}

/** A finisher over the runtime; exported for tests that drive it without React. */
function createRuntimeFinisher(
  rt: FlowRuntime,
  api: Pick<ApiClient, "checkReturnUrl">,
  previousPath: () => string | undefined,
  texts: { busyText: string; notAllowedText: string },
): Finisher {
  return createFinisher({
    location: {
      replace: (url) => rt.win.location.replace(url),
      assign: (url) => rt.win.location.assign(url),
      reload: () => rt.win.location.reload(),
    },
    storage: { get: (key) => rt.storage.getParsed(key, launchParamsSchema.shape[key]) },
    clearLaunchFields: () => clearLaunchFields(rt.storage, rt.cookies),
    isReturnUrlUnsigned: () => rt.storage.getParsed("urlUnsigned", storedValueSchemas.urlUnsigned) === true,
    checkReturnUrl: (url) => checkReturnUrlWith(api, url),
    clock: { now: rt.now },
    toast: rt.toast,
    loadWx,
    isMiniProgram: () => rt.messagingApp.kind === "miniprogram",
    isIOS: () => isIOSUserAgent(rt.win.navigator.userAgent),
    navigate: (to, options) => rt.location.navigate(to, options),
    currentPath: () => rt.location.current().path,
    previousPath,
    report: (event) => rt.stats.record(`finish_${event.type}`, reportData(event)),
    ...texts,
  });
}

/**
 * Records the current path in the launch's path history when a screen mounts. Every screen
 * of the flow calls it (through useFinisher or directly), so retry knows where the user came from.
 */
export function useVisitRecord(): void {
  const rt = useRuntime();
  useEffect(() => {
    createPathHistory(rt.storage).visit(rt.location.current().path);
  }, [rt]);
}

const FINISHER_TEXTS = textSections("common");

/** finish / retry / quit for the screen calling it. */
export function useFinisher(): Finisher {
  const rt = useRuntime();
  // Every screen loads the common section (COMMON_TEXTS, src/ui/screens/screenTable.ts).
  const { processing: busyText, returnUrlNotAllowed: notAllowedText } = useTexts(FINISHER_TEXTS).common;
  const api = useApi();
  useVisitRecord();
  return useMemo(() => {
    const history = createPathHistory(rt.storage);
    return createRuntimeFinisher(rt, api, () => history.previous(), { busyText, notAllowedText });
  }, [rt, api, busyText, notAllowedText]);
}
