/**
 * A job whose every run ended with its process (a recording that crashes it, say) is not run
 * forever: once it has been taken after its lease more often than it may be tried, the queue
 * judges it "the check could not run" (1026) without running it again, and the order is free.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { attemptStateSchema } from "../../schemas/api";
import { makeClip, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { awaitVerdict, Browser, inspectStore, launchParams, manualRunner, orderRequest, startService, type Service, uploadForm } from "./harness";

let service: Service;
let dir: string;
let recording: Buffer;
const runner = manualRunner(2);

beforeAll(async () => {
  dir = await makeTempDir();
  recording = await readFile(await makeClip({ dir, video: "testsrc", audio: "sine", seconds: 2, container: "webm-vp8", fps: 20 }));
  service = await startService({ verificationRunner: runner });
}, 60_000);
afterAll(async () => {
  await service?.close();
  await removeTempDir(dir);
});

it("judges a job not run once it has died with its process more times than it may be tried", async () => {
  const created = await service.partner.createOrder(orderRequest(service, { liveType: "3", actions: undefined }));
  const browser = new Browser(service.baseUrl);
  await browser.login(launchParams(created.launchUrl));
  await browser.light(); // silent mode shows light: the page fetches it before recording
  const state = attemptStateSchema.parse((await browser.upload(await uploadForm(recording))).json);
  await runner.nth(0); // its first run, which never answers: the process "died" in it
  // As if it had died in its third run too, long ago: the lease has run out.
  await inspectStore(service, (store) => store.sql.run("UPDATE verify_jobs SET tries = 3, started_at = 0 WHERE order_no = ?", [created.orderNo]));
  const judged = await awaitVerdict(browser, state, { timeoutMs: 15_000 });
  expect(judged.outcome).toMatchObject({ passed: false, code: "1026" });
  // Not run a fourth time.
  expect(runner.started).toHaveLength(1);
  const job = await inspectStore(service, (store) => store.sql.get("SELECT state, error FROM verify_jobs WHERE order_no = ?", [created.orderNo]));
  expect(job).toMatchObject({ state: "done", error: expect.stringMatching(/^given up/) });
});
