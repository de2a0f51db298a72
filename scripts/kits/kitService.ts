/**
 * A real faceflow service for the partner kits' end-to-end tests (packages/partner-python,
 * packages/partner-java), driven over stdin and stdout so a test in any language can use it:
 *
 *   node --import tsx scripts/kits/kitService.ts <port> <appId> <secret> <webhookUrl>
 *
 * It starts the service's own entry point (src/server/main.ts) configured as a deployment is,
 * from the environment: one app with `secret`, allowedOrigins ["self"] and `webhookUrl`, and
 * FACEFLOW_WEBHOOK_ALLOW_PRIVATE=1 because the test's receiver listens on 127.0.0.1. Once the
 * service listens it prints one line, {"baseUrl": "http://127.0.0.1:<port>"}, then answers each
 * line it reads:
 *
 *   {"verdict": {"orderNo": "…", "passed": true}}  →  {"recorded": {orderNo, passed, code, liveRate, checks}}
 *
 * A verdict is written the way tests/server/webhooks/webhookDelivery.test.ts writes one: an
 * attempt opened on the order and judged through recordVerdict (orders/verdict.ts), the same
 * transaction a verification worker's verdict goes through, which also writes the webhook
 * event to the outbox. No recording is decoded (so the service runs as FACEFLOW_ROLE=api,
 * without the model-loading worker threads); the event is then sent by the running service's
 * own dispatcher, signed with the app's secret. When stdin closes (the test ended or died)
 * the service is stopped and its data removed.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import * as z from "zod";
import checksJson from "../../flows/checks.json";
import { checksFileSchema } from "../../schemas/checks";
import { recordVerdict, type Verdict } from "../../src/server/orders/verdict";
import { createStore } from "../../src/server/store";

const [portText, appId, secret, webhookUrl] = process.argv.slice(2);
if (!portText || !appId || !secret || !webhookUrl) {
  console.error("usage: kitService.ts <port> <appId> <secret> <webhookUrl>");
  process.exit(2);
}

const commandSchema = z.strictObject({ verdict: z.strictObject({ orderNo: z.string(), passed: z.boolean() }) });

/** What the verification would have found: a pass, or a liveness failure. */
function verdictOf(passed: boolean): Verdict {
  const detail = "recorded by the kits' end-to-end driver (scripts/kits/kitService.ts)";
  return passed
    ? { passed: true, code: "0", liveRate: 97, verifier: "kit-e2e", checks: [{ name: "face", passed: true, detail }, { name: "liveness", passed: true, detail }] }
    : { passed: false, code: "1017", liveRate: 41, verifier: "kit-e2e", checks: [{ name: "face", passed: true, detail }, { name: "liveness", passed: false, detail }] };
}

const dir = mkdtempSync(join(tmpdir(), "faceflow-kit-e2e-"));
const dbPath = join(dir, "faceflow.sqlite");
const service = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  env: {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: portText,
    FACEFLOW_DB: dbPath,
    FACEFLOW_MEDIA: join(dir, "media"),
    FACEFLOW_ENV: "local",
    FACEFLOW_ROLE: "api",
    FACEFLOW_LOG_LEVEL: "warn",
    FACEFLOW_CONFIG: "",
    FACEFLOW_APP_SECRETS: JSON.stringify({ [appId]: { secret, allowedOrigins: ["self"], webhookUrl } }),
    FACEFLOW_WEBHOOK_ALLOW_PRIVATE: "1",
  },
  // The service's own output goes to stderr: stdout is this driver's answers only.
  stdio: ["ignore", "pipe", "inherit"],
});

let stopping = false;
const exited = new Promise<void>((resolve) => service.once("exit", () => resolve()));
void exited.then(() => {
  if (stopping) return;
  console.log(JSON.stringify({ error: "the service exited" }));
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
});

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  // SIGINT: main.ts closes the app (the dispatcher, then the store) and exits.
  service.kill("SIGINT");
  const killer = setTimeout(() => service.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(killer);
  rmSync(dir, { recursive: true, force: true });
}

async function record(orderNo: string, passed: boolean): Promise<unknown> {
  const store = createStore(dbPath);
  try {
    const attempt = await store.attempts.open(orderNo, "upload", null, Date.now());
    const verdict = verdictOf(passed);
    await recordVerdict({ store, clock: { now: Date.now }, checks: checksFileSchema.parse(checksJson) }, orderNo, attempt.id, verdict, null);
    return { orderNo, passed, code: verdict.code, liveRate: verdict.liveRate, checks: verdict.checks.map((c) => c.name) };
  } finally {
    await store.close();
  }
}

let output = "";
const listening = new Promise<string>((resolve) => {
  service.stdout.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    output += chunk.toString();
    // main.ts prints this line once it listens (tests/server/verifyRestart.test.ts reads it too).
    const found = /faceflow \(\w+\) listening on (http:\/\/[\d.]+:\d+)/.exec(output);
    if (found?.[1]) resolve(found[1]);
  });
});

for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop().then(() => process.exit(1)));

const baseUrl = await listening;
console.log(JSON.stringify({ baseUrl }));
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === "") continue;
  try {
    const command = commandSchema.parse(JSON.parse(line));
    console.log(JSON.stringify({ recorded: await record(command.verdict.orderNo, command.verdict.passed) }));
  } catch (error) {
    console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  }
}
await stop();
