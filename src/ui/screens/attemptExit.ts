/**
 * Where a capture page goes when its attempt is over (src/flow/attempt/ ends with an
 * AttemptExit and never names a route): the page's route says where each outcome leads
 * (flows/routes.json `next`), and another capture kind's page is its descriptor's route for
 * this launch. The websocket page's error screen carries its `type`, which the error page's
 * retry reads.
 */
import type { LaunchParams } from "../../../schemas/launch";
import { WEBSOCKET_ERROR_TYPE } from "../../../schemas/errors";
import { routeOfKind } from "../../capture/kinds/descriptor";
import type { CaptureKindRegistry } from "../../capture/kinds/registry";
import type { RealtimeMode } from "../../domain/modes";
import type { AttemptExit } from "../../flow/attempt/ports";

/** The outcomes of every capture page's route (schemas/screenOutcomes.ts), as its screen's `next`. */
export type AttemptNext = (outcome: "success" | "fail" | "error", query?: Readonly<Record<string, string>>) => string;

interface ExitContext {
  next: AttemptNext;
  launch: LaunchParams;
  captureHandlers: Pick<CaptureKindRegistry, "descriptor">;
  /** Which real-time page leaves; undefined on the recording pages. */
  realtimeMode: RealtimeMode | undefined;
}

/** The path (with its query) an exit leads to. @example pathOfExit({ to: "error", status: "exception" }, ctx) === "/error?status=exception" */
export function pathOfExit(exit: AttemptExit, { next, launch, captureHandlers, realtimeMode }: ExitContext): string {
  switch (exit.to) {
    case "success":
    case "fail":
      return next(exit.to);
    case "error":
      return next("error", realtimeMode === "ws" ? { status: exit.status, type: WEBSOCKET_ERROR_TYPE } : { status: exit.status });
    case "kind":
      return routeOfKind(captureHandlers.descriptor(exit.kind), launch);
  }
}
