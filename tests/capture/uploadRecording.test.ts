import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { AttemptState, UploadMeta } from "../../schemas/api";
import { uploadMetaSchema } from "../../schemas/api";
import { createStatsRecorder } from "../../src/analytics/statsRecorder";
import { ApiError } from "../../src/api/apiError";
import { API_ERROR_SCREEN } from "../../schemas/apiCodes";
import { UNMAPPED_API_ERROR_STAT } from "../../src/api/screenForApiError";
import type { UploadOptions } from "../../src/api/client";
import { pickCutPositions, unscrambleBase64, type CutPositions } from "../../src/domain/scramble";
import { backoffDelay, isRetryable, uploadRecording, type UploadRecordingInput } from "../../src/capture/uploadRecording";
import { randomBytes, seededRandom } from "../media/fixtures";

/** The service took the recording on; the verdict comes later (followAttempt). */
const OUTCOME: AttemptState = { state: "verifying", attempt: 1, step: "queued", progress: 0 };
const bytes = randomBytes(seededRandom(3), 60 * 1024 + 1);
const original = bytes.toString("base64");
const recording = new Blob([new Uint8Array(bytes)], { type: "video/webm" });

type Answer = AttemptState | Error;

/** The service's upload endpoint, answering from a script and remembering every request. */
function fakeApi(script: Answer[]) {
  const calls: { meta: UploadMeta; body: string; options: UploadOptions | undefined }[] = [];
  return {
    calls,
    api: {
      async upload(meta: UploadMeta, body: string, options?: UploadOptions) {
        calls.push({ meta, body, options });
        options?.onProgress?.(0.5);
        const answer = script[calls.length - 1];
        if (answer === undefined) throw new Error(`upload called ${calls.length} times, script has ${script.length} answers`);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
  };
}

function run(script: Answer[], overrides: Partial<UploadRecordingInput> = {}) {
  const fake = fakeApi(script);
  const sleeps: number[] = [];
  const progress: number[] = [];
  const stats = createStatsRecorder(() => 0);
  const promise = uploadRecording({
    api: fake.api,
    blob: recording,
    mimeType: "video/webm;codecs=vp8,opus",
    durationMs: 2999.6,
    random: seededRandom(11),
    sleep: async (ms) => void sleeps.push(ms),
    onProgress: (f) => void progress.push(f),
    retries: 2,
    backoffMs: 1000,
    stats,
    ...overrides,
  });
  return { promise, calls: fake.calls, sleeps, progress, stats };
}

const network = () => new ApiError(0, "NETWORK_ERROR", "no answer from the service: connection reset");
const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

describe("uploadRecording", () => {
  it("sends the scrambled recording with posArr, messageId, duration, type and size", async () => {
    const t = run([OUTCOME]);
    const result = await t.promise;
    expect(result).toEqual({ ok: true, state: OUTCOME, attempts: 1, bytesSent: original.length });
    expect(t.calls).toHaveLength(1);
    const [{ meta, body }] = t.calls as [(typeof t.calls)[number]];
    expect(meta).toEqual({
      posArr: pickCutPositions(seededRandom(11)),
      messageId: sha256Hex(original.slice(-1000)),
      durationMs: 3000,
      mimeType: "video/webm;codecs=vp8,opus",
      size: bytes.length,
    });
    expect(uploadMetaSchema.safeParse(meta).success).toBe(true);
    expect(body).not.toBe(original);
    expect(unscrambleBase64(body, meta.posArr as CutPositions)).toBe(original);
    expect(t.sleeps).toEqual([]);
  });

  it("derives messageId from the unscrambled text also when the cuts fall within its last 1000 characters", async () => {
    // 600 bytes are 800 base64 characters: the cut region (up to 400) lies inside the messageId tail.
    const small = randomBytes(seededRandom(5), 600);
    const t = run([OUTCOME], { blob: new Blob([new Uint8Array(small)], { type: "video/mp4" }) });
    expect(await t.promise).toMatchObject({ ok: true });
    const [{ meta, body }] = t.calls as [(typeof t.calls)[number]];
    expect(meta.messageId).toBe(sha256Hex(small.toString("base64")));
    expect(meta.messageId).not.toBe(sha256Hex(body));
  });

  it("sends when the page showed each prompt, and no prompts field when the page knows none", async () => {
    const prompts = [
      { what: "digits" as const, atMs: 0 },
      { what: "action" as const, action: "2" as const, atMs: 1200 },
    ];
    const t = run([OUTCOME], { prompts });
    await t.promise;
    expect(t.calls[0]?.meta.prompts).toEqual(prompts);
    expect(uploadMetaSchema.safeParse(t.calls[0]?.meta).success).toBe(true);
    const none = run([OUTCOME]);
    await none.promise;
    expect(none.calls[0]?.meta).not.toHaveProperty("prompts");
  });

  it("passes progress through, and leaves it out when nobody listens (so the client can use fetch)", async () => {
    const t = run([OUTCOME]);
    await t.promise;
    expect(t.progress).toEqual([0.5]);
    const quiet = run([OUTCOME], { onProgress: undefined });
    await quiet.promise;
    expect(quiet.calls[0]?.options).toEqual({});
  });

  it("retries lost answers with the same body and messageId, backing off, and loses nothing", async () => {
    const t = run([network(), network(), OUTCOME]);
    const result = await t.promise;
    expect(result).toEqual({ ok: true, state: OUTCOME, attempts: 3, bytesSent: original.length });
    expect(t.calls).toHaveLength(3);
    const [first, ...rest] = t.calls as [(typeof t.calls)[number], ...(typeof t.calls)[number][]];
    for (const call of rest) {
      expect(call.body).toBe(first.body);
      expect(call.meta).toEqual(first.meta);
    }
    expect(first.meta.messageId).toBe(sha256Hex(original.slice(-1000)));
    expect(unscrambleBase64(first.body, first.meta.posArr as CutPositions)).toBe(original);
    expect(t.sleeps).toEqual([1000, 2000]);
  });

  it("retries a failing service (5xx) and a rate limit (429)", async () => {
    const t = run([new ApiError(500, "INTERNAL", "boom"), new ApiError(503, "BAD_RESPONSE", "proxy"), new ApiError(429, "RATE_LIMITED", "slow down")], {
      retries: 3,
      backoffMs: 10,
    });
    // The fourth answer is missing from the script on purpose: one more call would throw.
    await expect(t.promise).rejects.toThrow("upload called 4 times");
    const ok = run([new ApiError(502, "BAD_RESPONSE", "gateway"), new ApiError(429, "RATE_LIMITED", "slow"), OUTCOME]);
    expect(await ok.promise).toMatchObject({ ok: true, attempts: 3 });
  });

  it("gives up after `retries` extra tries with uploadVideoException, without a last pointless wait", async () => {
    const t = run([network(), network(), network()]);
    const result = await t.promise;
    expect(result).toMatchObject({ ok: false, status: "uploadVideoException", attempts: 3 });
    expect(result.ok ? "" : result.detail).toContain("NETWORK_ERROR");
    expect(t.calls).toHaveLength(3);
    expect(t.sleeps).toEqual([1000, 2000]);

    const once = run([new ApiError(500, "INTERNAL", "boom")], { retries: 0 });
    expect(await once.promise).toMatchObject({ ok: false, status: "uploadVideoException", attempts: 1 });
    expect(once.sleeps).toEqual([]);
  });

  it("does not retry the service's refusals: each goes to its screen at once", async () => {
    // Each refusal's screen is its entry in API_ERROR_SCREEN: a new status given to one of these
    // codes changes the definition, not this test.
    const cases: [ApiError, string | null][] = [
      [new ApiError(422, "VIDEO_TOO_SHORT", "short"), API_ERROR_SCREEN.VIDEO_TOO_SHORT],
      [new ApiError(413, "VIDEO_TOO_LARGE", "large"), API_ERROR_SCREEN.VIDEO_TOO_LARGE],
      [new ApiError(400, "MESSAGE_ID_MISMATCH", "mismatch"), API_ERROR_SCREEN.MESSAGE_ID_MISMATCH],
      [new ApiError(409, "ORDER_FINISHED", "done"), API_ERROR_SCREEN.ORDER_FINISHED],
      [new ApiError(401, "SESSION_INVALID", "expired"), API_ERROR_SCREEN.SESSION_INVALID],
      // A code without a screen is still a refusal of this upload, and is counted.
      [new ApiError(418, "SOMETHING_NEWER", "from a newer service"), "uploadVideoOtherException"],
    ];
    for (const [error, status] of cases) {
      const t = run([error, OUTCOME]);
      expect(await t.promise).toMatchObject({ ok: false, status, attempts: 1 });
      expect(t.calls).toHaveLength(1);
      expect(t.sleeps).toEqual([]);
      const counted = t.stats.pending().filter((e) => e.name === UNMAPPED_API_ERROR_STAT);
      expect(counted.map((e) => e.data.code)).toEqual(error.code === "SOMETHING_NEWER" ? ["SOMETHING_NEWER"] : []);
    }
  });

  it("lets a programming error through instead of calling it an upload failure", async () => {
    const t = run([new TypeError("undefined is not a function")]);
    await expect(t.promise).rejects.toThrow(TypeError);
    expect(t.calls).toHaveLength(1);
  });

  it("maps the reader's rejections (spec §5) without calling the service", async () => {
    const empty = run([OUTCOME], { blob: new Blob([]) });
    expect(await empty.promise).toMatchObject({ ok: false, status: "chooseVideoException", attempts: 0 });

    class UnreadableBlob extends Blob {
      override arrayBuffer(): Promise<ArrayBuffer> {
        return Promise.reject(new DOMException("gone", "NotReadableError"));
      }
    }
    const unreadable = run([OUTCOME], { blob: new UnreadableBlob([new Uint8Array(10)]) });
    expect(await unreadable.promise).toMatchObject({ ok: false, status: "uploadVideoOtherException", attempts: 0 });

    const broken = run([OUTCOME], { encode: () => { throw new RangeError("Maximum call stack size exceeded"); } });
    const result = await broken.promise;
    expect(result).toMatchObject({ ok: false, status: "uploadVideoOtherException", attempts: 0 });
    expect(result.ok ? "" : result.detail).toContain("serialisationFailure");

    for (const t of [empty, unreadable, broken]) expect(t.calls).toEqual([]);
  });

  it("refuses a file too short to scramble as too small", async () => {
    const tiny = run([OUTCOME], { blob: new Blob([new Uint8Array(100)], { type: "video/webm" }), random: () => 0.999 });
    expect(await tiny.promise).toMatchObject({ ok: false, status: "smallException", attempts: 0 });
    expect(tiny.calls).toEqual([]);
  });
});

describe("retry policy", () => {
  it("retries no answer, 5xx and 429 only; never an abort", () => {
    expect(isRetryable(new ApiError(0, "NETWORK_ERROR", ""))).toBe(true);
    expect(isRetryable(new ApiError(0, "ABORTED", ""))).toBe(false);
    expect([500, 502, 503, 599, 429].map((s) => isRetryable(new ApiError(s, "X", "")))).toEqual([true, true, true, true, true]);
    expect([400, 401, 404, 409, 413, 422, 499, 200].map((s) => isRetryable(new ApiError(s, "X", "")))).toEqual([
      false, false, false, false, false, false, false, false,
    ]);
  });

  it("doubles the wait for each further retry", () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(500, n))).toEqual([500, 1000, 2000, 4000]);
  });
});
