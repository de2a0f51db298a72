/**
 * Staff see the verification jobs that needed a second look (GET /admin/jobs.json, behind the
 * admin token): a job tried again and passed, and one given up on after its tries (judged
 * "could not run"), with the worker's error that the page never shows.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { attemptStateSchema } from "../../schemas/api";
import { staffJobsAnswerSchema } from "../../schemas/jobQueue";
import { makeClip, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { awaitVerdict, Browser, launchParams, manualRunner, orderRequest, startService, uploadForm, verdict, type Service } from "./harness";

const TOKEN = "jobs-admin-token-0123456789abcdef";
const previous = process.env.FACEFLOW_ADMIN_TOKEN;
let service: Service;
let dir: string;
let recording: Buffer;
let calls = 0;

beforeAll(async () => {
  dir = await makeTempDir();
  recording = await readFile(await makeClip({ dir, video: "testsrc", audio: "sine", seconds: 2, container: "webm-vp8", fps: 20 }));
  process.env.FACEFLOW_ADMIN_TOKEN = TOKEN;
  // The first order's job fails once then passes; the second's fails every try.
  const runner = manualRunner(1, (input) => {
    calls += 1;
    if (input.orderNo === failing || calls === 1) throw new Error(`decoder crashed (call ${calls})`);
    return verdict("0");
  });
  service = await startService({ verificationRunner: runner });
}, 60_000);
afterAll(async () => {
  if (previous === undefined) delete process.env.FACEFLOW_ADMIN_TOKEN;
  else process.env.FACEFLOW_ADMIN_TOKEN = previous;
  await service?.close();
  await removeTempDir(dir);
});

let failing = "";

async function verifyOne(onCreated: (orderNo: string) => void = () => undefined) {
  const created = await service.partner.createOrder(orderRequest(service, { liveType: "3", actions: undefined }));
  onCreated(created.orderNo);
  const browser = new Browser(service.baseUrl);
  await browser.login(launchParams(created.launchUrl));
  await browser.light(); // silent mode shows light: the page fetches it before recording
  const res = await browser.upload(await uploadForm(recording));
  return { orderNo: created.orderNo, judged: await awaitVerdict(browser, attemptStateSchema.parse(res.json), { timeoutMs: 30_000 }) };
}

it("lists jobs tried again and jobs given up on, with their errors, to staff only", async () => {
  const retried = await verifyOne();
  expect(retried.judged.outcome.passed).toBe(true);
  const gaveUp = await verifyOne((orderNo) => (failing = orderNo));
  expect(gaveUp.judged.outcome).toMatchObject({ passed: false, code: "1026" });

  expect((await fetch(`${service.baseUrl}/admin/jobs.json`)).status).toBe(401);
  const res = await fetch(`${service.baseUrl}/admin/jobs.json`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  const body = staffJobsAnswerSchema.parse(await res.json());
  expect(body.counts).toEqual({ queued: 0, running: 0, done: 2 });
  const byOrder = new Map(body.troubled.map((j) => [j.orderNo, j]));
  expect(byOrder.get(retried.orderNo)).toMatchObject({ tries: 2, givenUp: false, error: expect.stringContaining("decoder crashed") });
  expect(byOrder.get(gaveUp.orderNo)).toMatchObject({ tries: 3, givenUp: true, state: "done", error: expect.stringContaining("decoder crashed") });
}, 60_000);
