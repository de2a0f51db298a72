/**
 * What a modified client can do, and that none of it passes: the service judges the media it
 * decoded itself, runs every check of the mode whatever the client reports, and takes nothing
 * from the client but the recording and the prompt times. Each case is a real recording (or
 * real JPEGs on the frame stream) judged by the real worker pool. In the modes that show light
 * (silent, action) every upload or stream answers a light fetched first, as the page does; the
 * one pass asserted here is the SYNTHETIC live subject answering its own light.
 */
import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUIDANCE_HINTS } from "../../src/domain/face/quality";
import type { CreateOrderRequest, UploadGuidance } from "../../schemas/api";
import { faceFrameRgba, faceJpeg, plainJpeg } from "../fixtures/faceImage";
import { makeClip, makeSpeechWav, makeTempDir, removeTempDir, type ClipOptions } from "../fixtures/mediaMaker";
import { synthTake, takeUpload } from "../fixtures/synthTake";
import type { LightChallenge, LightShown } from "../../schemas/lightChallenge";
import { movedOnto } from "../../scripts/attacks/forgedReport";
import { lightShownFor } from "../../scripts/attacks/submission";
import { lightModes } from "../../src/server/light/lightModes";
import { shippedChecks as SHIPPED_CHECKS } from "./verify/shippedChecks";
import {
  awaitVerdict,
  Browser,
  checkNames,
  connectStream,
  errorCode,
  inspectStore,
  launchParams,
  manualRunner,
  orderRequest,
  startService,
  uploadForm,
  type JudgedState,
  type Service,
  type UploadFormOptions,
  steppingClock,
} from "./harness";


const SILENT: Partial<CreateOrderRequest> = { liveType: "3", actions: undefined };
const NUMBER: Partial<CreateOrderRequest> = { liveType: "1", actions: undefined };
const FACE_CHECKS = ["face", "identity", "liveness"];
const CHINESE_DIGITS = "零一二三四五六七八九";

/** A guidance report as the page sends it, every hint counted (the schema wants them all). */
function guidanceReport(extra: Partial<UploadGuidance>): UploadGuidance {
  return {
    status: "on",
    reason: null,
    frames: 40,
    medianFrameMs: 90,
    hints: Object.fromEntries(GUIDANCE_HINTS.map((h) => [h, h === "ok" ? 40 : 0])) as UploadGuidance["hints"],
    done: true,
    evidenceAtMs: [],
    ...extra,
  };
}

let service: Service;
let dir: string;
const clip: Record<string, Buffer> = {};
const faceStill = () => ({ imageRgba: faceFrameRgba({ width: 640, height: 480 }) });

beforeAll(async () => {
  dir = await makeTempDir();
  const face = faceStill();
  const specs: Record<string, Omit<ClipOptions, "dir">> = {
    // A still photo of the face: a face is there, nothing moves (a looped still to the frozen check).
    face: { video: face, audio: "sine", seconds: 3, container: "webm-vp8", fps: 20 },
    faceSilence: { video: face, audio: "silence", seconds: 3, container: "webm-vp8", fps: 20 },
    // ffmpeg's test pattern, with a tone for the modes that listen.
    pattern: { video: "testsrc", audio: "sine", seconds: 3, container: "webm-vp8", fps: 20 },
    // The same face in another container: stored under another key than a WebM of the same attempt.
    faceMp4: { video: face, audio: "sine", seconds: 3, container: "mp4-h264", fps: 20 },
  };
  await Promise.all(
    Object.entries(specs).map(async ([name, spec]) => {
      clip[name] = await readFile(await makeClip({ dir, name, ...spec }));
    }),
  );
  service = await startService({ verifyWorkers: 1, streamClock: steppingClock() });
}, 120_000);
afterAll(async () => {
  await service?.close();
  await removeTempDir(dir);
});

async function loggedIn(extra: Partial<CreateOrderRequest> = {}) {
  const created = await service.partner.createOrder(orderRequest(service, extra));
  const browser = new Browser(service.baseUrl);
  expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
  return { created, browser };
}

/** Whether the order's mode shows the light: its checks (flows/checks.json, as shipped) include "light". */
const showsLight = (order: Partial<CreateOrderRequest>) => lightModes(SHIPPED_CHECKS, order.liveType ?? "3", order.will != null);

/** Log in to a new order, fetch its challenge (digits or light) as the page does, upload, follow to the verdict. */
async function judgeUpload(order: Partial<CreateOrderRequest>, recording: Buffer, form: UploadFormOptions = {}) {
  const { created, browser } = await loggedIn(order);
  if (order.liveType === "1") await browser.request("GET", "/api/v1/digits");
  if (showsLight(order)) await browser.light();
  const upload = await browser.upload(await uploadForm(recording, form));
  expect(upload.status, JSON.stringify(upload.json)).toBe(200);
  const judged = await awaitVerdict(browser, upload.json);
  return { created, browser, judged };
}

const check = (judged: JudgedState, name: string) => judged.outcome.checks.find((c) => c.name === name);

describe("(a, b, c) the test pattern fails in every mode, whatever the client reports", () => {
  const modes: [string, Partial<CreateOrderRequest>][] = [
    ["number", NUMBER],
    ["action", { liveType: "2", actions: ["2", "1"] }],
    ["will", { ...SILENT, will: { question: "您是否同意？" } }],
  ];
  for (const [mode, order] of modes) {
    it(`${mode} mode`, async () => {
      const { judged } = await judgeUpload(order, clip.pattern as Buffer);
      expect(judged.outcome).toMatchObject({ passed: false, code: "1015" });
      expect(checkNames(judged)).toEqual(expect.arrayContaining(FACE_CHECKS));
    }, 60_000);
  }

  it("silent mode, from a client that sends no guidance report at all: every face check still runs", async () => {
    const { created, judged } = await judgeUpload(SILENT, clip.pattern as Buffer);
    expect(judged.outcome).toMatchObject({ passed: false, code: "1015" });
    expect(checkNames(judged)).toEqual(expect.arrayContaining([...FACE_CHECKS, "steady"]));
    for (const name of FACE_CHECKS) expect(check(judged, name)?.passed).toBe(false);
    expect((await service.partner.getOrder(created.orderNo)).attempts[0]?.guidance).toBeNull();
  }, 60_000);

  it("silent mode, from a client that says guidance was unavailable on the device: every face check still runs", async () => {
    const unavailable = guidanceReport({ status: "unavailable", reason: "wasm", frames: 0, medianFrameMs: null, done: false });
    const { created, judged } = await judgeUpload(SILENT, clip.pattern as Buffer, { guidance: unavailable });
    expect(judged.outcome).toMatchObject({ passed: false, code: "1015" });
    expect(checkNames(judged)).toEqual(expect.arrayContaining([...FACE_CHECKS, "steady"]));
    // Kept for staff as the client's word, nothing more.
    expect((await service.partner.getOrder(created.orderNo)).attempts[0]?.guidance).toEqual(unavailable);
  }, 60_000);
});

describe("(d) a still photo of the face", () => {
  it("fails silent mode as a looped still (frozen, 1033), though the face checks pass", async () => {
    const { judged } = await judgeUpload(SILENT, clip.face as Buffer);
    expect(judged.outcome).toMatchObject({ passed: false, code: "1033" });
    expect(check(judged, "frozen")).toMatchObject({ passed: false });
    for (const c of FACE_CHECKS) expect(check(judged, c)?.passed).toBe(true);
  }, 60_000);

  const actions: [string, "1" | "2"][] = [["blink", "2"], ["shake", "1"]];
  for (const [name, code] of actions) {
    it(`fails action mode (${name}), even sent with twelve evidence frames, a report that it was done and prompts at the start`, async () => {
      const evidence = Array.from({ length: 12 }, (_, i) => faceJpeg({ offsetX: i % 3 }, 75));
      const { created, judged } = await judgeUpload({ liveType: "2", actions: [code] }, clip.face as Buffer, {
        guidance: guidanceReport({ done: true, evidenceAtMs: evidence.map((_, i) => 200 + i * 200) }),
        prompts: [{ what: "action", action: code, atMs: 0 }],
        frames: evidence,
      });
      // A looped still first (frozen, 1033, before the actions); the action check fails it too.
      expect(judged.outcome).toMatchObject({ passed: false, code: "1033" });
      expect(check(judged, "actions")).toMatchObject({ passed: false });
      // The face checks passed: it is the still picture and the missing action that fail it.
      for (const c of FACE_CHECKS) expect(check(judged, c)?.passed).toBe(true);
      const view = await service.partner.getOrder(created.orderNo);
      expect(view.attempts[0]).toMatchObject({ status: "failed", code: "1033", guidance: { status: "on", done: true } });
    }, 60_000);
  }
});

describe("(e) the frame stream", () => {
  /** Stream `frames` for an order with streaming on, to the `verifying` answer; then follow to the verdict. */
  async function judgeStream(order: Partial<CreateOrderRequest>, frames: Buffer[]) {
    const { created, browser } = await loggedIn({ ...order, launch: { ws_mode_switch: "1" } });
    await browser.light();
    const c = await connectStream(service, browser);
    c.send({ type: "start", orderNo: created.orderNo });
    expect(await c.next("progress")).toMatchObject({ step: "ready" });
    for (const [seq, jpeg] of frames.entries()) {
      c.send({ type: "frame", seq, jpeg: jpeg.toString("base64") });
      expect(await c.next("ack")).toEqual({ type: "ack", seq });
    }
    c.send({ type: "end" });
    const verifying = await c.next("verifying");
    // The stream takes over the light's attempt (1, abandoned) as its own, the second.
    expect(verifying).toMatchObject({ type: "verifying", attempt: 2 });
    return { created, judged: await awaitVerdict(browser, (await browser.request("GET", "/api/v1/attempts/2")).json) };
  }

  it("filler JPEGs (tiny valid pictures and marker-wrapped junk) fail the face checks of an action order", async () => {
    const filler = (i: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, i), Buffer.from([0xff, 0xd9])]);
    const frames = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? plainJpeg(160, 120) : filler(i)));
    const { judged } = await judgeStream({ liveType: "2", actions: ["2"] }, frames);
    expect(judged.outcome).toMatchObject({ passed: false, code: "1015" });
    expect(checkNames(judged)).toEqual(expect.arrayContaining([...FACE_CHECKS, "actions"]));
  }, 60_000);

  it("a still face streamed to an action order fails: a looped still (1033) that never blinks", async () => {
    const jpeg = faceJpeg({}, 75);
    const { judged } = await judgeStream({ liveType: "2", actions: ["2"] }, Array.from({ length: 25 }, () => jpeg));
    expect(judged.outcome).toMatchObject({ passed: false, code: "1033" });
    expect(check(judged, "actions")).toMatchObject({ passed: false });
  }, 60_000);

  it("random bytes as a frame end the stream, the attempt rejected, nothing judged", async () => {
    const { created, browser } = await loggedIn({ liveType: "2", actions: ["2"], launch: { ws_mode_switch: "1" } });
    await browser.light();
    const c = await connectStream(service, browser);
    c.send({ type: "start", orderNo: created.orderNo });
    await c.next("progress");
    const random = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 256));
    c.send({ type: "frame", seq: 0, jpeg: random.toString("base64") });
    expect(await c.next("ack")).toMatchObject({ type: "error", code: "UNSUPPORTED_MEDIA_TYPE" });
    expect((await c.closed).code).toBe(4415);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const view = await service.partner.getOrder(created.orderNo);
    // The light's attempt was taken over by the stream's, which is rejected.
    expect(view.attempts).toMatchObject([{ seq: 1, status: "abandoned" }, { seq: 2, channel: "stream", status: "rejected", code: "UNSUPPORTED_MEDIA_TYPE" }]);
  });

  it("an order without streaming is refused at start with STREAM_NOT_ENABLED, and no attempt is judged", async () => {
    const { created, browser } = await loggedIn({ liveType: "2", actions: ["2"] });
    const c = await connectStream(service, browser);
    c.send({ type: "start", orderNo: created.orderNo });
    // Frames sent right behind start are not taken either.
    c.send({ type: "frame", seq: 0, jpeg: faceJpeg().toString("base64") });
    c.send({ type: "end" });
    expect(await c.next("verifying")).toMatchObject({ type: "error", code: "STREAM_NOT_ENABLED" });
    expect((await c.closed).code).toBe(4403);
    expect(c.messages.filter((m) => m.type === "ack" || m.type === "verifying")).toEqual([]);
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts).toEqual([]);
    expect(view.result).toBeNull();
    expect((await browser.request("GET", "/api/v1/attempts/1")).status).toBe(404);
  });
});

describe("(f) number mode listens", () => {
  it("the face (a still photo) with a silent sound track fails the voice check (1021), after the looped still (1033)", async () => {
    const { judged } = await judgeUpload(NUMBER, clip.faceSilence as Buffer, { prompts: [{ what: "digits", atMs: 0 }] });
    expect(judged.outcome).toMatchObject({ passed: false, code: "1033" });
    expect(check(judged, "voice")).toMatchObject({ passed: false });
    expect(check(judged, "voice")?.detail).not.toBe("");
    // The face checks passed: it is the still picture and the missing voice that fail it.
    for (const name of FACE_CHECKS) expect(check(judged, name)?.passed).toBe(true);
  }, 60_000);

  it("the issued digits spoken in Mandarin pass the voice check", async () => {
    const { created, browser } = await loggedIn(NUMBER);
    const { digits } = (await browser.request("GET", "/api/v1/digits")).json as { digits: string };
    await browser.light();
    const text = [...digits].map((d) => CHINESE_DIGITS[Number(d)]).join(" ");
    const wav = await makeSpeechWav({ dir, text });
    const recording = await readFile(await makeClip({ dir, video: faceStill(), audio: { wavPath: wav }, seconds: 4, container: "webm-vp8", fps: 20 }));
    const upload = await browser.upload(await uploadForm(recording, { prompts: [{ what: "digits", atMs: 0 }] }));
    const judged = await awaitVerdict(browser, upload.json);
    expect(check(judged, "voice")).toMatchObject({ passed: true });
    expect(check(judged, "faceWhileSpeaking")).toMatchObject({ passed: true });
    expect(checkNames(judged).some((name) => name === "speechContent" || name === "speechPresent")).toBe(true);
    // Speech over a still photo: the lips never move with it.
    expect(check(judged, "lipSync")).toMatchObject({ passed: false });
    expect((await service.partner.getOrder(created.orderNo)).attempts.at(-1)?.digits).toBe(digits);
  }, 90_000);
});

describe("(g, i) the client sets no result; the partner is told what ran", () => {
  it("extra fields in meta (a code, a liveRate, a pass) are refused, not read", async () => {
    const { created, browser } = await loggedIn(SILENT);
    await browser.light();
    // lightAlternative: the job's own field (judged without the light), set only from the attempt the opt-out route opened.
    const forged: [string, unknown][] = [["code", "0"], ["liveRate", 100], ["passed", true], ["checks", []], ["lightAlternative", true]];
    for (const [field, value] of forged) {
      const res = await browser.upload(await uploadForm(clip.face as Buffer, { tamper: (p) => void ((p.meta as Record<string, unknown>)[field] = value) }));
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe("BAD_REQUEST");
    }
    // A guidance report with a field of its own is refused too.
    const withScore = { ...guidanceReport({}), liveRate: 100 } as UploadGuidance;
    expect(errorCode(await browser.upload(await uploadForm(clip.face as Buffer, { guidance: withScore })))).toBe("BAD_REQUEST");
    // Nothing read: only the light's attempt, still waiting for a recording.
    const { attempts } = await service.partner.getOrder(created.orderNo);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ seq: 1, status: "pending", recording: null, liveRate: null, code: null });
  });

  it("liveRate in the signed result is the service's own score, and `checks` lists the checks that ran (SYNTHETIC live subject)", async () => {
    const { created, browser } = await loggedIn(SILENT);
    const take = await synthTake({ dir, mode: "silent", challenge: await browser.light(), seed: 6101 });
    const upload = await browser.upload(await uploadForm(take.bytes, { ...takeUpload(take), guidance: guidanceReport({ done: true }) }));
    expect(upload.status, JSON.stringify(upload.json)).toBe(200);
    const judged = await awaitVerdict(browser, upload.json);
    expect(judged.outcome.passed).toBe(true);
    const { payload } = (await browser.request("GET", "/api/v1/result")).json as { payload: Record<string, string> };
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.result).toEqual(payload);

    // liveRate = 100 × the lower of the mean anti-spoofing and liveness scores the service measured.
    const scores = /anti-spoofing score ([\d.]+).*liveness score ([\d.]+)/.exec(check(judged, "liveness")?.detail ?? "");
    expect(scores).not.toBeNull();
    const measured = 100 * Math.min(Number(scores?.[1]), Number(scores?.[2]));
    expect(Math.abs(Number(payload.liveRate) - measured)).toBeLessThanOrEqual(1);
    expect(payload.liveRate).toBe(String(view.attempts[0]?.liveRate));

    expect(payload.checks).toBe(checkNames(judged).join(","));
    expect(payload.checks?.split(",")).toEqual(expect.arrayContaining([...FACE_CHECKS, "frozen", "light", "steady"]));
    expect(service.partner.verifyReturn(payload)).toMatchObject({ valid: true });
    // The list is signed: leaving a check out breaks the signature.
    const fewer = { ...payload, checks: (payload.checks ?? "").split(",").filter((c) => c !== "liveness").join(",") };
    expect(service.partner.verifyReturn(fewer).valid).toBe(false);
  }, 300_000);

  it("a prepared video (the SYNTHETIC live subject answering another order's light) is refused on the light, its report honest or forged: each change moved onto the video's, or the sequence started 2 s late", async () => {
    const other = await loggedIn(SILENT);
    const theirs = await other.browser.light();
    const video = await synthTake({ dir, mode: "silent", challenge: theirs, seed: 6102 });
    const reports: ((ours: LightChallenge) => LightShown)[] = [
      (ours) => lightShownFor(ours, 0, video.seconds),
      (ours) => movedOnto(ours, theirs, 0),
      (ours) => lightShownFor(ours, 2000, video.seconds + 2),
    ];
    for (const report of reports) {
      const { browser } = await loggedIn(SILENT);
      const ours = await browser.light();
      const upload = await browser.upload(await uploadForm(video.bytes, { ...takeUpload(video), light: report(ours).filter((s) => s.atMs < video.seconds * 1000 + 2000) }));
      expect(upload.status, JSON.stringify(upload.json)).toBe(200);
      const judged = await awaitVerdict(browser, upload.json);
      expect(judged.outcome.passed).toBe(false);
      expect(check(judged, "light")?.passed, check(judged, "light")?.detail).toBe(false);
    }
  }, 300_000);
});

describe("(h) one recording at a time", () => {
  let held: Service;
  const runner = manualRunner(1);
  beforeAll(async () => {
    held = await startService({ verificationRunner: runner });
  });
  afterAll(() => held.close());

  /**
   * The pool freed of what the test before left running, and a new order logged in (its digits
   * fetched in number mode); `base` is how many jobs had started by then.
   */
  async function freshOrder(mode: Partial<CreateOrderRequest>) {
    for (const job of runner.running()) job.resolve({ passed: false, code: "1015", liveRate: 0, willCode: null, faceCode: "1015", similarity: null, checks: [] });
    const base = runner.started.length;
    const created = await held.partner.createOrder(orderRequest(held, mode));
    const browser = new Browser(held.baseUrl);
    await browser.login(launchParams(created.launchUrl));
    if (mode.liveType === "1") await browser.request("GET", "/api/v1/digits");
    if (showsLight(mode)) await browser.light();
    return { base, created, browser };
  }

  it("a second upload while the first is being verified is refused VERIFICATION_IN_PROGRESS, and does not count", async () => {
    const created = await held.partner.createOrder(orderRequest(held, SILENT));
    const browser = new Browser(held.baseUrl);
    await browser.login(launchParams(created.launchUrl));
    await browser.light();
    const first = await browser.upload(await uploadForm(clip.pattern as Buffer));
    expect(first.json).toMatchObject({ state: "verifying", attempt: 1 });
    const job = await runner.nth(0);
    const second = await browser.upload(await uploadForm(clip.face as Buffer));
    expect(second.status).toBe(409);
    expect(errorCode(second)).toBe("VERIFICATION_IN_PROGRESS");
    // The first is still the one being verified, untouched by the refusal.
    expect((await browser.request("GET", "/api/v1/attempts/1")).json).toMatchObject({ state: "verifying", attempt: 1 });
    job.resolve({ passed: false, code: "1015", liveRate: 0, willCode: null, faceCode: "1015", similarity: null, checks: [{ name: "face", passed: false, detail: "no face" }] });
    expect((await awaitVerdict(browser, first.json)).outcome).toMatchObject({ passed: false, code: "1015", attemptsLeft: 2 });
    // Judged: the next recording (under a fresh light) is taken.
    await browser.light();
    expect((await browser.upload(await uploadForm(clip.face as Buffer))).json).toMatchObject({ state: "verifying", attempt: 2 });
    expect(runner.started).toHaveLength(2);
  });

  it("number mode: uploads answering the same digits all at once: one is verified, the others refused VERIFICATION_IN_PROGRESS", async () => {
    const { base, created, browser } = await freshOrder(NUMBER);
    const forms = await Promise.all([clip.pattern, clip.face, clip.faceSilence].map((bytes) => uploadForm(bytes as Buffer)));
    const answers = await Promise.all(forms.map((form) => browser.upload(form)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.status !== 200)) expect(errorCode(refused)).toBe("VERIFICATION_IN_PROGRESS");
    const job = await runner.nth(base);
    expect(job.input.orderNo).toBe(created.orderNo);
    job.resolve({ passed: false, code: "1021", liveRate: 80, willCode: null, faceCode: "0", similarity: null, checks: [{ name: "voice", passed: false, detail: "no voice" }] });
    const accepted = answers.find((a) => a.status === 200);
    expect((await awaitVerdict(browser, accepted?.json)).outcome).toMatchObject({ passed: false, code: "1021", attemptsLeft: 2 });
    expect(runner.started).toHaveLength(base + 1);
  });

  /** Two uploads of the same digits, in two containers (two recording keys), sent at once; the accepted one's job. */
  async function raceTwoContainers(extra: UploadFormOptions) {
    const { base, created, browser } = await freshOrder(NUMBER);
    const forms = await Promise.all([uploadForm(clip.face as Buffer, extra), uploadForm(clip.faceMp4 as Buffer, { ...extra, mimeType: "video/mp4" })]);
    const answers = await Promise.all(forms.map((form) => browser.upload(form)));
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.json))).toEqual([200, 409]);
    const job = await runner.nth(base);
    const finish = async () => {
      job.resolve({ passed: false, code: "1021", liveRate: 80, willCode: null, faceCode: "0", similarity: null, checks: [{ name: "voice", passed: false, detail: "no voice" }] });
      expect((await awaitVerdict(browser, answers.find((a) => a.status === 200)?.json)).outcome).toMatchObject({ passed: false, code: "1021", attemptsLeft: 2 });
    };
    return { created, finish };
  }

  it("number mode: of two uploads of the same digits in two containers, the refused one does not close the queued one's attempt", async () => {
    const { created, finish } = await raceTwoContainers({});
    const state = await inspectStore(held, async (store) => {
      const attempt = await store.attempts.bySeq(created.orderNo, 1);
      return { status: attempt?.status, job: attempt ? (await store.verifyJobs.get(attempt.id))?.state : undefined };
    });
    expect(state).toEqual({ status: "pending", job: "running" });
    await finish();
  });

  it("number mode: of two uploads of the same digits with evidence frames, the refused one leaves the queued one's frames alone", async () => {
    const evidence = Array.from({ length: 3 }, (_, i) => faceJpeg({ offsetX: i }, 75));
    const { created, finish } = await raceTwoContainers({ guidance: guidanceReport({ evidenceAtMs: [200, 400, 600] }), frames: evidence });
    for (const name of ["00.jpg", "01.jpg", "02.jpg"]) expect(existsSync(join(held.mediaDir, created.orderNo, "1-evidence", name))).toBe(true);
    await finish();
  });

  it("uploads sent all at once: one is verified, the others are refused VERIFICATION_IN_PROGRESS and use up nothing", async () => {
    const { base, created, browser } = await freshOrder(SILENT);
    const forms = await Promise.all([clip.pattern, clip.face, clip.faceSilence].map((bytes) => uploadForm(bytes as Buffer)));
    const answers = await Promise.all(forms.map((form) => browser.upload(form)));
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(errorCode(refused)).toBe("VERIFICATION_IN_PROGRESS");
    }
    const [only] = accepted;
    const jobs = await inspectStore(held, async (store) => {
      const withJob = [];
      for (const a of await store.attempts.list(created.orderNo)) if ((await store.verifyJobs.get(a.id)) !== null) withJob.push(a);
      return withJob;
    });
    expect(jobs.map((a) => a.seq)).toEqual([(only?.json as { attempt: number }).attempt]);
    const job = await runner.nth(base);
    expect(job.input.orderNo).toBe(created.orderNo);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runner.started).toHaveLength(base + 1);
    job.resolve({ passed: true, code: "0", liveRate: 90, willCode: null, faceCode: "0", similarity: null, checks: [{ name: "face", passed: true, detail: "one face" }] });
    expect((await awaitVerdict(browser, only?.json)).outcome).toMatchObject({ passed: true, code: "0", finished: true });
    const view = await held.partner.getOrder(created.orderNo);
    expect(view.attempts.filter((a) => a.status === "passed")).toHaveLength(1);
    expect(view.attempts.filter((a) => a.status === "pending")).toEqual([]);
  });
});
