/**
 * Sending a recording with evidence frames straight to the upload endpoint, as the page
 * would, for the tests of the service's own face checks: a recording and JPEG frames are
 * taken from the fake camera in a page of the service's origin, then posted with the
 * page's session cookie (the browser context's request API shares it), and the verdict
 * is waited for with the long poll the page uses (`GET /api/v1/attempts/:attempt`).
 */
import type { BrowserContext, Page } from "@playwright/test";
import * as z from "zod/mini";
import { attemptStateSchema, type AttemptOutcome, type AttemptState, type UploadGuidance, type UploadMeta } from "../schemas/api";
import { GUIDANCE_HINTS } from "../src/domain/face/quality";
import { messageIdOf, pickCutPositions, scrambleBase64 } from "../src/domain/scramble";

export interface CameraSample {
  video: Buffer;
  mimeType: string;
  durationMs: number;
  frames: Buffer[];
  frameAtMs: number[];
}

/** Records `ms` of the fake camera and takes a 640x480 JPEG every `everyMs` meanwhile. */
export async function recordWithFrames(page: Page, ms: number, everyMs: number): Promise<CameraSample> {
  const sample = await page.evaluate(
    async ({ ms, everyMs }) => {
      const toBase64 = async (blob: Blob) => {
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = "";
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return btoa(binary);
      };
      const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480 } });
      const video = document.createElement("video");
      video.muted = true;
      video.srcObject = stream;
      await video.play();
      const canvas = document.createElement("canvas");
      canvas.width = 640;
      canvas.height = 480;
      const type = ["video/mp4;codecs=avc1", "video/webm;codecs=vp8"].find((t) => MediaRecorder.isTypeSupported(t)) ?? "";
      const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 1_000_000 });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      const frames: string[] = [];
      const frameAtMs: number[] = [];
      const started = performance.now();
      recorder.start();
      while (performance.now() - started < ms) {
        canvas.getContext("2d")!.drawImage(video, 0, 0, 640, 480);
        const jpeg = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.8));
        frames.push(await toBase64(jpeg));
        frameAtMs.push(Math.round(performance.now() - started));
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
      recorder.stop();
      await stopped;
      const durationMs = Math.round(performance.now() - started);
      stream.getTracks().forEach((t) => t.stop());
      return { video: await toBase64(new Blob(chunks)), mimeType: recorder.mimeType.split(";")[0]!, durationMs, frames, frameAtMs };
    },
    { ms, everyMs },
  );
  return {
    video: Buffer.from(sample.video, "base64"),
    mimeType: sample.mimeType,
    durationMs: sample.durationMs,
    frames: sample.frames.map((f) => Buffer.from(f, "base64")),
    frameAtMs: sample.frameAtMs,
  };
}

/** Posts the sample as the logged-in page would: scrambled video, meta with the guidance report, frame parts. */
export async function uploadWithFrames(context: BrowserContext, baseURL: string, sample: CameraSample): Promise<AttemptOutcome> {
  const base64 = sample.video.toString("base64");
  const posArr = pickCutPositions(Math.random);
  const guidance: UploadGuidance = {
    status: "on",
    reason: null,
    frames: sample.frames.length,
    medianFrameMs: null,
    hints: Object.fromEntries(GUIDANCE_HINTS.map((hint) => [hint, 0])) as UploadGuidance["hints"],
    done: true,
    evidenceAtMs: sample.frameAtMs,
  };
  const meta: UploadMeta = { posArr, messageId: await messageIdOf(base64), durationMs: sample.durationMs, mimeType: sample.mimeType, size: sample.video.length, guidance };
  const form = new FormData();
  form.append("meta", JSON.stringify(meta));
  form.append("video", new Blob([scrambleBase64(base64, posArr)], { type: "text/plain" }), "video.txt");
  sample.frames.forEach((frame, i) => form.append("frame", new Blob([new Uint8Array(frame)], { type: "image/jpeg" }), `frame-${i}.jpg`));
  const response = await context.request.post(`${baseURL}/api/v1/upload`, { multipart: form });
  const body: unknown = await response.json();
  if (!response.ok()) throw new Error(`upload answered ${response.status()}: ${JSON.stringify(body)}`);
  return awaitOutcome(context, baseURL, z.parse(attemptStateSchema, body));
}

/** The verdict of an accepted attempt: long-polls while the service verifies it (seconds). */
export async function awaitOutcome(context: BrowserContext, baseURL: string, state: AttemptState): Promise<AttemptOutcome> {
  const deadline = Date.now() + 60_000;
  let current = state;
  while (current.state === "verifying") {
    if (Date.now() > deadline) throw new Error(`attempt ${current.attempt} still verifying (${current.step}) after 60 s`);
    const response = await context.request.get(`${baseURL}/api/v1/attempts/${current.attempt}?waitMs=20000`);
    const body: unknown = await response.json();
    if (!response.ok()) throw new Error(`attempt state answered ${response.status()}: ${JSON.stringify(body)}`);
    current = z.parse(attemptStateSchema, body);
  }
  return current.outcome;
}
