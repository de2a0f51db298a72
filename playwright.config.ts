/**
 * Playwright against the real service in Debian's Chromium (never a downloaded browser),
 * one worker on this 2-core machine, with a fake camera whose permission each test grants
 * or withholds itself (../shared/TESTING.md).
 */
import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FACE_CAMERA_FILE } from "./e2e/faceCameraFile";

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = mkdtempSync(join(tmpdir(), "faceflow-e2e-"));
const BROWSER_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--disable-dev-shm-usage", "--use-fake-device-for-media-stream",
];
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "zh-CN",
    trace: "off",
    launchOptions: { executablePath, args: BROWSER_ARGS },
  },
  // The face photo for the fake camera is made from an npm package's demo picture at run time.
  globalSetup: "./e2e/faceCamera.setup.ts",
  projects: [
    // The fake camera's own moving pattern: no face in it.
    { name: "pattern", testIgnore: /face\.spec\.ts/ },
    // A real face photo fed to the fake camera (on-device guidance and the service's face checks).
    {
      name: "face",
      testMatch: /face\.spec\.ts/,
      use: { launchOptions: { executablePath, args: [...BROWSER_ARGS, `--use-file-for-fake-video-capture=${FACE_CAMERA_FILE}`] } },
    },
  ],
  webServer: {
    command: "node dist/server/main.mjs",
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      HOST: "127.0.0.1",
      PORT: String(port),
      FACEFLOW_DB: join(dataDir, "e2e.sqlite"),
      FACEFLOW_MEDIA: join(dataDir, "media"),
      FACEFLOW_ENV: "test",
      FACEFLOW_ADMIN_TOKEN: "e2e-admin-token-0123456789",
    },
  },
});
