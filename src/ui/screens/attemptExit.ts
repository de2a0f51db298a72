/**
 * Where a capture page goes when its attempt is over (src/flow/attempt/ ends with an
 * AttemptExit and never names a route): the one place that maps an exit to a path. The
 * result pages need no /action/ here (the guard adds it in action mode); another capture
 * kind's page is its descriptor's route for this launch; the websocket page's error screen
 * carries its `type`, which the error page's retry reads.
 */
import type { LaunchParams } from "../../../schemas/launch";
import { WEBSOCKET_ERROR_TYPE } from "../../../schemas/errors";
import { routeOfKind } from "../../capture/kinds/descriptor";
import type { CaptureKindRegistry } from "../../capture/kinds/registry";
import type { RealtimeMode } from "../../engine/modes";
import type { AttemptExit } from "../../flow/attempt/ports";
import { withQuery } from "../../runtime/hashLocation";

interface ExitContext {
  launch: LaunchParams;
  captureHandlers: Pick<CaptureKindRegistry, "descriptor">;
  /** Which real-time page leaves; undefined on the recording pages. */
  realtimeMode: RealtimeMode | undefined;
}

/** The path (with its query) an exit leads to. @example pathOfExit({ to: "error", status: "exception" }, ctx) === "/error?status=exception" */
export function pathOfExit(exit: AttemptExit, { launch, captureHandlers, realtimeMode }: ExitContext): string {
  switch (exit.to) {
    case "success":
      return "/success";
    case "fail":
      return "/fail";
    case "error":
      return withQuery("/error", realtimeMode === "ws" ? { status: exit.status, type: WEBSOCKET_ERROR_TYPE } : { status: exit.status });
    case "kind":
      return routeOfKind(captureHandlers.descriptor(exit.kind), launch);
  }
}
