/**
 * What a capture handler is given (the capture contract's CaptureDeps) from the attempt's
 * deps: the window, the clock, the service, the limits and the device's description, and what
 * the page adds for this request: a wait before the countdown (the policy's: face guidance),
 * the light's log when the request shows light, the voice of the page's language.
 */
import type { CaptureDeps, CaptureRequest } from "../../capture/contract";
import type { AttemptPolicy } from "./attemptPolicy";
import type { AttemptDeps } from "./ports";

export function handlerDepsOf(deps: AttemptDeps, request: CaptureRequest, beforeCountdown: AttemptPolicy["beforeCountdown"]): CaptureDeps {
  return {
    win: deps.win,
    now: () => deps.clock.now(),
    api: deps.api,
    launch: deps.launch,
    capture: deps.limits,
    apps: deps.apps,
    stats: deps.stats,
    ...(beforeCountdown ? { beforeCountdown: () => beforeCountdown(deps) } : {}),
    describeDevice: () => deps.describeDevice(),
    ...(request.light ? { lightShown: (startMs: number) => deps.prompts.light?.(startMs) ?? [] } : {}),
    ...(deps.language === undefined ? {} : { speechLanguage: deps.language.speech }),
  };
}
