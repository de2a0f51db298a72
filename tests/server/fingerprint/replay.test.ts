/**
 * A replay through the real service, as an attacker would send one: a recording judged for
 * order X uploaded again for order Y, as the same bytes or re-encoded to H.264 in MP4, fails
 * with replayedMedia (1035) and a failing `replay` check whose detail gives when the other
 * recording was judged, never which order it was (it may be another partner's). A different
 * recording of the same face is not a replay, and the memory survives a restart (it is in the
 * store). The same order's earlier attempt's recording sent again fails too: it answers a
 * challenge no longer asked. The recordings are synthetic (fingerprintMedia.ts: the fixture face swaying on a
 * schedule of its own); whether their other checks pass does not matter here.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERIFY_CODES } from "../../../src/server/media/verifyCodes";
import { makeTempDir, removeTempDir } from "../../fixtures/mediaMaker";
import { awaitVerdict, Browser, launchParams, orderRequest, startService, uploadForm, type JudgedState, type Service } from "../harness";
import { makeSwayingFaceClip, transformClip } from "./fingerprintMedia";

let dir: string;
let media: string;
let service: Service;
let recorded: Buffer;
let reencoded: Buffer;
let another: Buffer;

const start = () => startService({ verifyWorkers: 1 }, { dir });

beforeAll(async () => {
  dir = await makeTempDir("faceflow-replay-");
  media = await makeTempDir();
  const clip = await makeSwayingFaceClip({ dir: media, seconds: 4, seed: 1 });
  recorded = await readFile(clip);
  // Scaled up too, as a screen recorder would: an H.264 of the original 320x240 is below the upload's size floor.
  reencoded = await readFile(await transformClip(clip, "scale-up"));
  another = await readFile(await makeSwayingFaceClip({ dir: media, seconds: 4, seed: 4 }));
  service = await start();
}, 120_000);
afterAll(async () => {
  await service?.close();
  await removeTempDir(dir);
  await removeTempDir(media);
});

/** A new silent-mode order of one attempt, `bytes` uploaded for it, and its verdict. */
async function judgeOrder(bytes: Buffer, mimeType = "video/webm;codecs=vp8,opus"): Promise<{ orderNo: string; judged: JudgedState }> {
  const created = await service.partner.createOrder(orderRequest(service, { liveType: "3", actions: undefined, maxAttempts: 1 }));
  const browser = new Browser(service.baseUrl);
  await browser.login(launchParams(created.launchUrl));
  // Silent mode shows the light: its draw opens the attempt the upload answers (the clip does not answer it; the replay check wins over that).
  await browser.light();
  const upload = await browser.upload(await uploadForm(bytes, { mimeType, durationMs: 4000 }));
  expect(upload.status, JSON.stringify(upload.json)).toBe(200);
  return { orderNo: created.orderNo, judged: await awaitVerdict(browser, upload.json) };
}

const replayCheck = (judged: JudgedState) => judged.outcome.checks.find((c) => c.name === "replay");

describe("a recording answers one order only", () => {
  let first: { orderNo: string; judged: JudgedState };
  beforeAll(async () => {
    first = await judgeOrder(recorded);
  }, 90_000);

  it("the first order's recording is not a replay of anything", () => {
    expect(replayCheck(first.judged)).toBeUndefined();
    expect(first.judged.outcome.code).not.toBe(VERIFY_CODES.replayedMedia);
  });

  it("the same bytes for another order fail as replayedMedia, naming when the other was judged but not its order", async () => {
    const { judged } = await judgeOrder(recorded);
    expect(judged.outcome).toMatchObject({ passed: false, code: VERIFY_CODES.replayedMedia });
    const check = replayCheck(judged);
    expect(check?.passed).toBe(false);
    expect(check?.detail).toMatch(/another order judged at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/);
    expect(check?.detail).not.toContain(first.orderNo);
  }, 90_000);

  it("an H.264 re-encode in MP4 of it, scaled up to 1280 wide, fails the same way", async () => {
    const { judged } = await judgeOrder(reencoded, "video/mp4");
    expect(judged.outcome).toMatchObject({ passed: false, code: VERIFY_CODES.replayedMedia });
    expect(replayCheck(judged)?.passed).toBe(false);
  }, 90_000);

  it("a different recording of the same face is not a replay", async () => {
    const { judged } = await judgeOrder(another);
    expect(replayCheck(judged)).toBeUndefined();
    expect(judged.outcome.code).not.toBe(VERIFY_CODES.replayedMedia);
  }, 90_000);

  it("the same order's earlier attempt's recording, sent again for its next attempt, fails too", async () => {
    const created = await service.partner.createOrder(orderRequest(service, { liveType: "3", actions: undefined, maxAttempts: 2 }));
    const browser = new Browser(service.baseUrl);
    await browser.login(launchParams(created.launchUrl));
    const ownClip = await makeSwayingFaceClip({ dir: media, seconds: 4, seed: 8 });
    await browser.light();
    const once = await awaitVerdict(browser, (await browser.upload(await uploadForm(await readFile(ownClip), { durationMs: 4000 }))).json);
    // This sway does not answer the light (nor hold steady), which leaves the order its second attempt.
    expect(once.outcome).toMatchObject({ passed: false, finished: false });
    expect(replayCheck(once)).toBeUndefined();
    // Re-encoded: the very same bytes would be taken for a retry of the first upload (same messageId) and answered with its verdict.
    const again = await readFile(await transformClip(ownClip, "scale-up"));
    await browser.light();
    const twice = await awaitVerdict(browser, (await browser.upload(await uploadForm(again, { mimeType: "video/mp4", durationMs: 4000 }))).json);
    expect(twice.outcome.code).toBe(VERIFY_CODES.replayedMedia);
    expect(replayCheck(twice)?.detail).toMatch(/earlier attempt's recording of this order/);
  }, 90_000);

  it("is remembered across a restart of the service", async () => {
    await service.close();
    service = await start();
    const { judged } = await judgeOrder(recorded);
    expect(judged.outcome.code).toBe(VERIFY_CODES.replayedMedia);
  }, 120_000);
});
