/**
 * Doubles for the recording pages' tests: capture handlers the test scripts step by step
 * (events, then the outcome), a verification service answering from a script (uploads are
 * accepted and judged on the first poll unless the test scripts the polls), and a render
 * of a screen with both in place (the real runtime of ./harness otherwise).
 */
import { scriptedHandlers } from "../../capture/scriptedHandlers";
import { createScreens } from "../../../src/ui/screens";
import { registryTexts } from "../shippedTexts";
import { nextOf } from "../../../src/flow/next";
import { render, type RenderResult } from "@testing-library/react";
import { StrictMode, Suspense } from "react";
import { vi } from "vitest";
import type { AttemptOutcome, AttemptState, OrderConfig, ResultResponse, UploadMeta } from "../../../schemas/api";
import type { ApiClient, UploadOptions } from "../../../src/api/client";
import type { CaptureEvent, CaptureKind, CaptureOutcome, CaptureRequest } from "../../../src/capture/contract";
import { shippedKindRegistry } from "../../capture/shippedKinds";
import { ApiProvider } from "../../../src/ui/apiContext";
import { FlowProvider } from "../../../src/ui/FlowProvider";
import { ScreenTextsProvider } from "../../../src/ui/screenTexts";
import { shippedTexts } from "../shippedTexts";
import { routeProps, type AnyScreenComponent, type ScreenComponent } from "../../../src/ui/screenContract";
import { ToastHost } from "../../../src/ui/ToastHost";
import { RecordTimeoutHost } from "../../../src/ui/RecordTimeoutHost";
import type { Flow } from "./harness";

export { scriptedHandlers, type ScriptedHandler } from "../../capture/scriptedHandlers";

export const SIGNATURE = "a".repeat(64);
export const PASSED: AttemptOutcome = { passed: true, code: "0", finished: true, attemptsLeft: 2, checks: [] };
export const RESULT: ResultResponse = {
  orderNo: "O-1",
  state: "passed",
  returnUrl: "https://p.example/back",
  redirectType: null,
  payload: { orderNo: "O-1", code: "0", signature: SIGNATURE, newSignature: "b".repeat(64), liveRate: "100" },
};

/** What an upload leads to: the verdict its attempt gets (it is accepted first), or the upload's failure. */
export type UploadAnswer = AttemptOutcome | Error | Promise<AttemptOutcome>;
/** One answer of the attempt long poll. */
export type PollAnswer = AttemptState | Error | Promise<AttemptState>;

export interface FakeApiOptions {
  uploads?: UploadAnswer[];
  /** Answers of the long poll in turn; when none is left, the attempt is judged with its upload's verdict. */
  polls?: PollAnswer[];
  digits?: () => Promise<{ digits: string }>;
  question?: string;
  result?: ResultResponse;
  guidance?: boolean;
}

/**
 * The service, answering uploads from `uploads` in turn and remembering every request: each
 * accepted upload opens the next attempt, "verifying" until a poll says otherwise.
 */
export function fakeApi(options: FakeApiOptions = {}) {
  const uploads: { meta: UploadMeta; body: string; options: UploadOptions | undefined }[] = [];
  const polls: { attempt: number; waitMs: number }[] = [];
  const verdicts = new Map<number, AttemptOutcome>();
  const script = options.uploads ?? [PASSED];
  const pollScript = [...(options.polls ?? [])];
  const api = {
    digits: vi.fn(options.digits ?? (async () => ({ digits: "5820" }))),
    // Face guidance is the order's option; off unless a test turns it on (jsdom runs no face models).
    config: vi.fn(async () => ({ will: options.question === undefined ? null : { question: options.question, willType: "2" }, guidance: options.guidance ?? false }) as unknown as OrderConfig),
    async upload(meta: UploadMeta, body: string, uploadOptions?: UploadOptions) {
      uploads.push({ meta, body, options: uploadOptions });
      uploadOptions?.onProgress?.(0.4);
      const answer = script[uploads.length - 1];
      if (answer === undefined) throw new Error(`upload called ${uploads.length} times, the script has ${script.length} answers`);
      if (answer instanceof Error) throw answer;
      const attempt = verdicts.size + 1;
      verdicts.set(attempt, await answer);
      return { state: "verifying", attempt, step: "queued", progress: 0 } satisfies AttemptState;
    },
    async attemptState(attempt: number, waitMs: number): Promise<AttemptState> {
      polls.push({ attempt, waitMs });
      const scripted = pollScript.shift();
      if (scripted instanceof Error) throw scripted;
      if (scripted !== undefined) return scripted;
      const outcome = verdicts.get(attempt);
      if (outcome === undefined) throw new Error(`attempt ${attempt} was never uploaded and no poll answer is scripted`);
      return { state: "judged", attempt, outcome };
    },
    result: vi.fn(async () => options.result ?? RESULT),
  };
  return { api: api as unknown as ApiClient, calls: api, uploads, polls };
}

/** Renders a screen of the named route with the scripted handlers and the fake service. */
export function renderRecording(
  flow: Flow,
  screen: AnyScreenComponent,
  routeName: string,
  api: ApiClient,
  options: { strict?: boolean } = {},
): RenderResult {
  const route = flow.rt.engine.routeByName(routeName);
  // As the router does: the route's props, typed for its screen (the test names the pair).
  const Screen = screen as ScreenComponent;
  const tree = (
    <FlowProvider runtime={flow.rt}>
      <ApiProvider api={api}>
        <Suspense fallback={null}>
          <ScreenTextsProvider texts={registryTexts(createScreens(flow.rt), route.screen)}>
            <Screen route={route} props={routeProps(route)} next={nextOf(route)} params={{}} query={{}} />
          </ScreenTextsProvider>
        </Suspense>
        <ToastHost />
        <RecordTimeoutHost />
      </ApiProvider>
    </FlowProvider>
  );
  return render(options.strict ? <StrictMode>{tree}</StrictMode> : tree);
}

/** A recording of `kb` kilobytes, as MediaRecorder would hand it over. */
export function recordingBlob(kb = 60, type = "video/webm;codecs=vp8,opus"): Blob {
  return new Blob([new Uint8Array(kb * 1024).map((_, i) => (i * 31) % 251)], { type });
}

/** A camera stream double. */
export function previewStream(): MediaStream {
  return { getTracks: () => [], getVideoTracks: () => [] } as unknown as MediaStream;
}
