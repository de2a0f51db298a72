/**
 * Spec §3: the device-info string (device type, version, model, network type, browser, engine,
 * wv, browser kind, trtc, h5conf, h5downgrade). The page builds it at the hand-over and sends it
 * with the upload; the service parses it, refuses a malformed one, keeps it with the attempt,
 * and staff see it in the partner's order view.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDeviceInfo } from "../../src/device/buildDeviceInfo";
import { formatDeviceInfo } from "../../src/domain/deviceInfo";
import { detectMessagingApp } from "../../src/device/messagingApp";
import { parseDevice } from "../../src/device/parseDevice";
import { faceFrameRgba } from "../fixtures/faceImage";
import { makeClip, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { Browser, errorCode, launchParams, orderRequest, startService, uploadForm, type Service } from "../server/harness";

const WECHAT_ANDROID =
  "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.42.2460(0x28002A35) NetType/WIFI Language/zh_CN";

let service: Service;
let dir: string;
let clip: Buffer;

beforeAll(async () => {
  dir = await makeTempDir();
  const face = { imageRgba: faceFrameRgba({ width: 640, height: 480 }) };
  clip = await readFile(await makeClip({ dir, name: "face", video: face, audio: "sine", seconds: 3, container: "webm-vp8", fps: 20 }));
  service = await startService({ verifyWorkers: 1 });
}, 180_000);
afterAll(async () => {
  await service?.close();
  await removeTempDir(dir);
});

/** What the page builds at the hand-over (src/flow/deviceInfo.ts), for a downgraded real-time launch. */
const pageBuilt = formatDeviceInfo(
  buildDeviceInfo({
    device: parseDevice(WECHAT_ANDROID),
    messagingApp: detectMessagingApp(WECHAT_ANDROID, { inIframe: false }),
    networkType: "WIFI",
    theme: "03",
    grayVersion: "g2",
    runtime: { trtc: 3, h5conf: [1, -2, 3], h5downgrade: [1, 9] },
  }),
);

async function loggedIn() {
  const created = await service.partner.createOrder(orderRequest(service, { liveType: "3", actions: undefined }));
  const browser = new Browser(service.baseUrl, WECHAT_ANDROID);
  expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
  return { created, browser };
}

describe("spec §3: the device-info string reaches the service", () => {
  it("is kept with the uploaded attempt, as the page built it, and shown in the partner's order view", async () => {
    expect(pageBuilt).toContain("h5downgrade=1%2C9");
    const { created, browser } = await loggedIn();
    await browser.light(); // silent mode shows light: the page fetches it before recording
    const form = await uploadForm(clip, { tamper: (parts) => void (parts.meta.deviceInfo = pageBuilt) });
    const res = await browser.upload(form);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const view = await service.partner.getOrder(created.orderNo);
    expect(view.attempts.map((a) => a.deviceInfo)).toEqual([pageBuilt]);
  }, 90_000);

  it("a malformed one is refused with 400 DEVICE_INFO_INVALID, and nothing is kept", async () => {
    const { created, browser } = await loggedIn();
    await browser.light();
    const broken = pageBuilt.replace("browserKind=wechat", "browserKind=fax");
    const res = await browser.upload(await uploadForm(clip, { tamper: (parts) => void (parts.meta.deviceInfo = broken) }));
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe("DEVICE_INFO_INVALID");
    const missingKey = await browser.upload(await uploadForm(clip, { tamper: (parts) => void (parts.meta.deviceInfo = "deviceType=mobile") }));
    expect(errorCode(missingKey)).toBe("DEVICE_INFO_INVALID");
    // Nothing kept: only the light's attempt, still waiting for its recording, without the refused device info.
    const { attempts } = await service.partner.getOrder(created.orderNo);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ seq: 1, status: "pending", recording: null, deviceInfo: null });
  }, 90_000);
});
