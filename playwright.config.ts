/**
 * Playwright against the real service in Debian's Chromium (never a downloaded browser),
 * one worker on this 2-core machine, with a fake camera whose permission each test grants
 * or withholds itself (../shared/TESTING.md).
 *
 * The service judges the media it receives (faces, voice), so what the fake devices play
 * decides the verdict; each project is one camera and microphone:
 *
 * | project         | camera             | microphone       | specs                  |
 * |-----------------|--------------------|------------------|------------------------|
 * | pattern         | Chromium's pattern | Chromium's beep  | all but face*.spec.ts  |
 * | face            | a face photo       | Chromium's beep  | face.spec.ts, faceKeyboard.spec.ts |
 * | face-silent-mic | a face photo       | silence          | faceSilentMic.spec.ts  |
 * | face-speech     | a face photo       | Mandarin digits  | faceSpeech.spec.ts     |
 *
 * The photo and the sounds are made by e2e/fakeMedia.setup.ts at run time (ffmpeg, espeak-ng).
 */
import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FACE_CAMERA_FILE, SILENCE_WAV_FILE, SPEECH_WAV_FILE } from "./e2e/fakeMediaFiles";

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
  // The face photo and the microphones' sounds are made at run time.
  globalSetup: "./e2e/fakeMedia.setup.ts",
  projects: [
    // The fake camera's own moving pattern: no face in it, so every verdict is a failure.
    { name: "pattern", testIgnore: /\/face[^/]*\.spec\.ts$/ },
    // A face photo: on-device guidance, and the service's face checks passing (which the keyboard-only verification needs too).
    { name: "face", testMatch: /\/face(Keyboard)?\.spec\.ts$/, use: fakeDevices({ video: FACE_CAMERA_FILE }) },
    // A face and a working microphone that hears nothing: number mode's voice check fails.
    { name: "face-silent-mic", testMatch: /\/faceSilentMic\.spec\.ts$/, use: fakeDevices({ video: FACE_CAMERA_FILE, audio: SILENCE_WAV_FILE }) },
    // A face reading Mandarin digits: number mode passes.
    { name: "face-speech", testMatch: /\/faceSpeech\.spec\.ts$/, use: fakeDevices({ video: FACE_CAMERA_FILE, audio: SPEECH_WAV_FILE }) },
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
