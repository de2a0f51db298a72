/**
 * The built service (dist/server/main.mjs) started for the demo walk-through: on the port asked
 * for, or a free one (PORT=0, read back from the line the service prints when it listens), with
 * a fresh store and media folder in a temporary directory, the demo partner page on, and an
 * admin token made for this run so the staff order view opens. None of the caller's FACEFLOW_*
 * settings reach it (a configured PostgreSQL or partner secret would not be the demo's).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface DemoService {
  base: string;
  adminToken: string;
  /** The temporary directory holding the store, the media and the service's log. */
  dir: string;
  /** Stops the service and removes its directory (safe to call twice). */
  stop(): Promise<void>;
}

/** Matches main.ts's "faceflow (all) listening on http://127.0.0.1:PORT, …". */
const LISTENING = /listening on (http:\/\/[^\s,]+)/;
const START_TIMEOUT_MS = 60_000;

export async function startDemoService(options: { root: string; port: number }): Promise<DemoService> {
  const dir = mkdtempSync(join(tmpdir(), "faceflow-demo-"));
  const adminToken = randomBytes(24).toString("base64url");
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("FACEFLOW_")));
  Object.assign(env, {
    HOST: "127.0.0.1",
    PORT: String(options.port),
    FACEFLOW_ENV: "local",
    FACEFLOW_DEMO: "on",
    FACEFLOW_DB: join(dir, "demo.sqlite"),
    FACEFLOW_MEDIA: join(dir, "media"),
    FACEFLOW_ADMIN_TOKEN: adminToken,
  });
  const logFile = join(dir, "service.log");
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [join(options.root, "dist/server/main.mjs")], { cwd: options.root, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stderr.pipe(log);

  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= new Promise<void>((resolve) => {
      const done = () => {
        log.end();
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", done);
      // SIGINT: the service stops at once (main.ts); SIGKILL if it has not within 5 s.
      child.kill("SIGINT");
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    });
    return stopped;
  };

  const base = await new Promise<string>((resolve, reject) => {
    let out = "";
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      const tail = readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n");
      reject(new Error(`the service did not start: ${why}\n${out}${tail}`));
    };
    const timer = setTimeout(() => fail(`no "listening on" line within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    child.stdout.on("data", (chunk: Buffer) => {
      log.write(chunk);
      out += chunk.toString("utf8");
      const match = LISTENING.exec(out);
      if (match?.[1] && !settled) {
        settled = true;
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      fail(`it exited (${signal ?? `code ${code}`})`);
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { base, adminToken, dir, stop };
}
