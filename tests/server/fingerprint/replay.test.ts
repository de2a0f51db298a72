/**
 * A replay through the real service, as an attacker would send one: a recording that passed
 * order X uploaded again for order Y, as the same bytes or re-encoded to H.264 in MP4, fails with
 * replayedMedia (1035) and a failing `replay` check whose detail gives when the other recording
 * was judged, never which order it was (it may be another partner's). Number mode's opt-out
 * route from the light (any client may take it), without a recogniser: there the replay check
 * is what stands between a recording of someone reading digits and every later order (with
 * the light, a replay answers another attempt's colours and fails on them). A replay whose voice was
 * shifted in pitch no longer sounds like its original, and is recognised by its mouth, also when its
 * picture was mirrored and cropped; so does one played faster or slower as a whole (its mouth and
 * voice both out of step at any one offset), found by its voice at that tempo. A different recording of
 * the same person is not a replay, and the memory survives a restart (it is in the store).
 * The recordings are SYNTHETIC takes (tests/fixtures/synthTake.ts: the rendered subject reading
 * the digits X issued, lips moving with the voice).
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERIFY_CODES } from "../../../src/server/media/verifyCodes";
import { makeTempDir, removeTempDir } from "../../fixtures/mediaMaker";
import { synthTake } from "../../fixtures/synthTake";
import { awaitVerdict, Browser, launchParams, orderRequest, startService, uploadForm, type JudgedState, type Service } from "../harness";
import { transformClip } from "./fingerprintMedia";

let dir: string;
let media: string;
let service: Service;
let recorded: Buffer;
let reencoded: Buffer;
let repitched: Buffer;
let mirrored: Buffer;
let faster: Buffer;
let slower: Buffer;

const start = () => startService({ verifyWorkers: 1 }, { dir });

/** A new number-mode order of one attempt, logged in, with the digits its light's opt-out route issued (no colours). */
async function numberOrder(): Promise<{ orderNo: string; browser: Browser; digits: string }> {
  const created = await service.partner.createOrder(orderRequest(service, { liveType: "1", actions: undefined, maxAttempts: 1 }));
  const browser = new Browser(service.baseUrl);
  await browser.login(launchParams(created.launchUrl));
  const { digits } = (await browser.request("GET", "/api/v1/digits?route=lightAlternative")).json as { digits: string };
  return { orderNo: created.orderNo, browser, digits };
}

async function judge(order: { browser: Browser }, bytes: Buffer, mimeType = "video/webm;codecs=vp8,opus", durationMs = 4000): Promise<JudgedState> {
  const upload = await order.browser.upload(await uploadForm(bytes, { mimeType, durationMs, prompts: [{ what: "digits", atMs: 0 }] }));
  expect(upload.status, JSON.stringify(upload.json)).toBe(200);
  return awaitVerdict(order.browser, upload.json);
}

beforeAll(async () => {
  dir = await makeTempDir("faceflow-replay-");
  media = await makeTempDir();
  service = await start();
}, 120_000);
afterAll(async () => {
  await service?.close();
  await removeTempDir(dir);
  await removeTempDir(media);
});

const replayCheck = (judged: JudgedState) => judged.outcome.checks.find((c) => c.name === "replay");

describe("a recording answers one order only", () => {
  let first: { orderNo: string; judged: JudgedState };
  beforeAll(async () => {
    const order = await numberOrder();
    const take = await synthTake({ dir: media, mode: "number", challenge: null, digits: order.digits, seed: 31 });
    recorded = await readFile(take.file);
    // Scaled up too, as a screen recorder would: an H.264 of a small recording is below the upload's size floor.
    reencoded = await readFile(await transformClip(take.file, "scale-up"));
    repitched = await readFile(await transformClip(take.file, "voice-pitch"));
    mirrored = await readFile(await transformClip(take.file, "mirror-crop-pitch"));
    faster = await readFile(await transformClip(take.file, "faster-mirrored"));
    slower = await readFile(await transformClip(take.file, "slower"));
    first = { orderNo: order.orderNo, judged: await judge(order, recorded) };
  }, 180_000);

  it("the first order's recording passes, and is not a replay of anything", () => {
    expect(first.judged.outcome, JSON.stringify(first.judged)).toMatchObject({ passed: true, code: "0" });
    expect(replayCheck(first.judged)).toBeUndefined();
  });

  it("the same bytes for another order (other digits, no recogniser) fail as replayedMedia, naming when the other was judged but not its order", async () => {
    const { judged } = { judged: await judge(await numberOrder(), recorded) };
    expect(judged.outcome).toMatchObject({ passed: false, code: VERIFY_CODES.replayedMedia });
    const check = replayCheck(judged);
    expect(check?.passed).toBe(false);
    expect(check?.detail).toMatch(/another order judged at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/);
    expect(check?.detail).not.toContain(first.orderNo);
  }, 90_000);

  it("an H.264 re-encode in MP4 of it, scaled up, fails the same way", async () => {
    const judged = await judge(await numberOrder(), reencoded, "video/mp4");
    expect(judged.outcome, JSON.stringify(judged.outcome.checks)).toMatchObject({ passed: false, code: VERIFY_CODES.replayedMedia });
    expect(replayCheck(judged)?.passed).toBe(false);
  }, 90_000);

  it("the same recording with its voice pitch-shifted 10% (timing kept) fails the same way: the lips keep the take's timing", async () => {
    const judged = await judge(await numberOrder(), repitched, "video/mp4");
    expect(judged.outcome, JSON.stringify(judged.outcome.checks)).toMatchObject({ passed: false, code: VERIFY_CODES.replayedMedia });
  }, 90_000);

  it("the same recording mirrored, cropped and re-pitched (every frame hash and the sound moved) fails the same way: it is found and matched by its lips", async () => {
    const judged = await judge(await numberOrder(), mirrored, "video/mp4");
    expect(judged.outcome, JSON.stringify(judged.outcome.checks)).toMatchObject({ passed: false, code: VERIFY_CODES.replayedMedia });
    expect(replayCheck(judged)?.detail).toMatch(/the lips moved as the other's \(correlation 0\.9\d\)/);
  }, 90_000);

  it("the same recording played 1.15 times as fast, its pitch moved with it, mirrored and cropped, fails the same way, the detail naming the speed", async () => {
    const judged = await judge(await numberOrder(), faster, "video/mp4", Math.round(4000 / 1.15));
    expect(judged.outcome, JSON.stringify(judged.outcome.checks)).toMatchObject({ passed: false, code: VERIFY_CODES.replayedMedia });
    expect(replayCheck(judged)?.detail).toMatch(/played 1\.1\d times as fast/);
  }, 90_000);

  it("the same recording played at 0.87 of its speed with its pitch kept fails the same way", async () => {
    const judged = await judge(await numberOrder(), slower, "video/mp4", Math.round(4000 / 0.87));
    expect(judged.outcome, JSON.stringify(judged.outcome.checks)).toMatchObject({ passed: false, code: VERIFY_CODES.replayedMedia });
  }, 90_000);

  it("another take of the same person reading its own digits is not a replay", async () => {
    const order = await numberOrder();
    const take = await synthTake({ dir: media, mode: "number", challenge: null, digits: order.digits, seed: 47 });
    const judged = await judge(order, await readFile(take.file));
    expect(replayCheck(judged)).toBeUndefined();
    expect(judged.outcome.code).not.toBe(VERIFY_CODES.replayedMedia);
  }, 180_000);

  it("is remembered across a restart of the service", async () => {
    await service.close();
    service = await start();
    const judged = await judge(await numberOrder(), recorded);
    expect(judged.outcome.code).toBe(VERIFY_CODES.replayedMedia);
  }, 120_000);
});
