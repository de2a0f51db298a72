/**
 * Playwright against the real service in Debian's Chromium (never a downloaded browser),
 * one worker on this 2-core machine, with a fake camera whose permission each test grants
 * or withholds itself.
 *
 * The service judges the media it receives (faces, voice), so what the fake devices play
 * decides the verdict; each project is one camera and microphone:
 *
 * | project         | camera                    | microphone       | specs                  |
 * |-----------------|---------------------------|------------------|------------------------|
 * | pattern         | Chromium's pattern        | Chromium's beep  | all but face*, synth*  |
 * | face            | a face photo              | Chromium's beep  | face.spec.ts           |
 * | synthetic       | a SYNTHETIC live subject  | its WAV, or none | synth*.spec.ts         |
 *
 * A still photo now fails the service's presence checks (frozen, light), as it should: the
 * tests that expect a pass use the synthetic subject e2e/synthCamera.ts installs in the page
 * (getUserMedia replaced by an init script, so that project has no fake-device flags at all).
 *
 * The photo and the sounds are made by e2e/fakeMedia.setup.ts at run time (ffmpeg, espeak-ng).
 */
import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FACE_CAMERA_FILE } from "./e2e/fakeMediaFiles";

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = mkdtempSync(join(tmpdir(), "faceflow-e2e-"));
const BROWSER_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--disable-dev-shm-usage", "--use-fake-device-for-media-stream",
];
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Launch options of a browser whose fake devices play these files. */
function fakeDevices(files: { video?: string; audio?: string }) {
  const args = [...BROWSER_ARGS];
  if (files.video) args.push(`--use-file-for-fake-video-capture=${files.video}`);
  if (files.audio) args.push(`--use-file-for-fake-audio-capture=${files.audio}`);
  return { launchOptions: { executablePath, args } };
}

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
  // The face photo and the synthetic subject's speech are made at run time.
  globalSetup: "./e2e/fakeMedia.setup.ts",
  projects: [
    // The fake camera's own moving pattern: no face in it, so every verdict is a failure.
    { name: "pattern", testIgnore: /\/(face|synth)[^/]*\.spec\.ts$/ },
    // A face photo: on-device guidance finds it, and the service refuses it (it does not answer the light, 1030).
    { name: "face", testMatch: /\/face\.spec\.ts$/, use: fakeDevices({ video: FACE_CAMERA_FILE }) },
    // The synthetic live subject, rendered in the page: the verdicts that pass. No fake device,
    // so a page reaching past the synthetic camera finds no camera at all.
    {
      name: "synthetic",
      testMatch: /\/synth[^/]*\.spec\.ts$/,
      use: { launchOptions: { executablePath, args: BROWSER_ARGS.filter((arg) => arg !== "--use-fake-device-for-media-stream") } },
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
