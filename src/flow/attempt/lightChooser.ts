/**
 * The attempt machine's part of the light challenge (lightRoute.ts): the notice's choice
 * fetches its challenge and makes it the request, the sequence added to what was asked, or
 * number mode's digits instead (read aloud, so with the microphone; no actions, no light). A
 * failure to fetch is an error screen, like a failure to prepare.
 */
import type { CaptureKind, CaptureRequest } from "../../capture/contract";
import type { AttemptAction, AttemptState } from "./attemptState";
import { captureRequestOf } from "./captureRequest";
import { fetchLightRoute, type LightChoice } from "./lightRoute";
import type { AttemptDeps, AttemptExit, AttemptOptions } from "./ports";
import { prepareFailure } from "./prepare";

interface LightChooserContext {
  deps: AttemptDeps;
  options: Pick<AttemptOptions, "will">;
  /** The page the alternative records on when this one cannot (the policy's); null: here. */
  alternativeElsewhere: CaptureKind | null;
  state(): AttemptState;
  isLive(): boolean;
  dispatch(action: AttemptAction): void;
  leave(exit: AttemptExit): void;
}

export interface LightChooser {
  /** The notice's choice (only while the notice is up). */
  choose(choice: LightChoice): void;
  /** Fetch `choice`'s challenge without the notice (reduced motion goes straight to the alternative). */
  fetch(choice: LightChoice): void;
}

export function createLightChooser(ctx: LightChooserContext): LightChooser {
  const { deps } = ctx;
  const alternativeRequest = (asked: CaptureRequest, digits: string): CaptureRequest =>
    captureRequestOf({ liveMode: "number", will: ctx.options.will, audio: true, actions: [], digits, question: asked.question, facing: ctx.state().facing, limits: deps.limits, light: null });

  const fetch = (choice: LightChoice) => {
    const asked = ctx.state().request;
    if (asked === null) return;
    // The frame stream carries no voice: the alternative (digits read aloud) records on the recording page.
    if (choice === "alternative" && ctx.alternativeElsewhere !== null) return ctx.leave({ to: "kind", kind: ctx.alternativeElsewhere });
    void fetchLightRoute(deps, choice).then(
      (fetched) => {
        if (!ctx.isLive()) return;
        if (fetched.route === "light") {
          // The window and the first prompt follow the light (an action take's still lead-in).
          const request = captureRequestOf({ ...asked, limits: deps.limits, light: fetched.light });
          return ctx.dispatch({ type: "lightChosen", route: "light", request });
        }
        ctx.dispatch({ type: "lightChosen", route: "alternative", request: alternativeRequest(asked, fetched.digits) });
      },
      (error: unknown) => {
        const failed = prepareFailure(deps, error, choice === "alternative" ? "lipsException" : "exception");
        deps.stats.record("capturePrepareFailed", { status: failed.status, detail: failed.detail });
        ctx.leave({ to: "error", status: failed.status });
      },
    );
  };
  return {
    choose(choice) {
      if (!ctx.isLive() || ctx.state().light?.step !== "notice") return;
      ctx.dispatch({ type: "lightFetching" });
      fetch(choice);
    },
    fetch,
  };
}
