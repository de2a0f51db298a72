/**
 * The built service started for a benchmark: its own port, a fresh store and media folder
 * in a temporary directory (removed on stop), the test environment (demo endpoints on), and
 * the Chromium arguments every bench uses.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"];

interface BenchService {
  base: string;
  stop(): void;
}

export async function startBenchService(port: number): Promise<BenchService> {
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), "faceflow-bench-"));
  const child = spawn("node", ["dist/server/main.mjs"], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), FACEFLOW_DB: join(dir, "db.sqlite"), FACEFLOW_MEDIA: join(dir, "media"), FACEFLOW_ENV: "test" },
    stdio: "ignore",
  });
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(base + "/")).ok) return { base, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error(`bench: the service did not start on port ${port}`);
}
