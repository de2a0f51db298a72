/**
 * The device-info string (spec §3) is kept for staff in its canonical form: whatever a modified
 * client sends that the parser reads (raw markup, quotes) is stored URL-encoded, as the page's
 * own formatter writes it, and control characters (CR/LF, raw or encoded) are refused with
 * DEVICE_INFO_INVALID, on the upload, the messaging-app upload and the stream's start alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateOrderRequest } from "../../schemas/api";
import { formatDeviceInfo } from "../../src/domain/deviceInfo";
import { acceptDeviceInfo } from "../../src/server/orders/deviceInfo";
import { Browser, connectStream, errorCode, launchParams, orderRequest, startService, uploadForm, type Service } from "./harness";

const canonical = formatDeviceInfo({
  deviceType: "mobile", version: "Android 12", model: "Pixel", networkType: "WIFI", browser: "Chrome/120", engine: "Blink/120",
  theme: "", grayVersion: "1", browserKind: "other", trtc: null, h5conf: [], h5downgrade: [],
});
const MARKUP = '<img src=x onerror=alert(document.domain)>"';
/** Parses (decodeURIComponent leaves raw characters alone) but is not what the page writes. */
const withMarkup = canonical.replace("model=Pixel", `model=${MARKUP}`);
/** What the page's formatter writes for the same fields. */
const reencoded = canonical.replace("model=Pixel", `model=${encodeURIComponent(MARKUP)}`);
const withRawCrLf = canonical.replace("model=Pixel", "model=Pixel\r\nX-Injected: 1");
const withEncodedCrLf = canonical.replace("model=Pixel", "model=Pixel%0D%0AX-Injected%3A%201");

function codeOf(run: () => unknown): string {
  try {
    run();
    return "accepted";
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe("acceptDeviceInfo", () => {
  it("keeps the page's own string unchanged, and any other readable one re-encoded as the page would write it", () => {
    expect(acceptDeviceInfo(canonical)).toBe(canonical);
    expect(withMarkup).not.toBe(canonical);
    const kept = acceptDeviceInfo(withMarkup);
    expect(kept).toBe(reencoded);
    expect(kept).not.toMatch(/[<>"]/);
  });

  it("refuses control characters, raw or URL-encoded", () => {
    expect([codeOf(() => acceptDeviceInfo(withRawCrLf)), codeOf(() => acceptDeviceInfo(withEncodedCrLf))]).toEqual(["DEVICE_INFO_INVALID", "DEVICE_INFO_INVALID"]);
  });
});

describe("device info through the service", () => {
  const SILENT: Partial<CreateOrderRequest> = { liveType: "3", actions: undefined };
  let service: Service;
  beforeAll(async () => {
    service = await startService({ verifyWorkers: 1 });
  });
  afterAll(() => service.close());

  async function loggedIn(extra: Partial<CreateOrderRequest>) {
    const created = await service.partner.createOrder(orderRequest(service, extra));
    const browser = new Browser(service.baseUrl);
    expect((await browser.login(launchParams(created.launchUrl))).status).toBe(200);
    return { created, browser };
  }

  it("the stream's start keeps the canonical form, never the raw markup", async () => {
    const { created, browser } = await loggedIn({ ...SILENT, launch: { ws_mode_switch: "1" } });
    await browser.light(); // silent mode shows light: the page fetches it before streaming
    const c = await connectStream(service, browser);
    c.send({ type: "start", orderNo: created.orderNo, deviceInfo: withMarkup });
    expect(await c.next("progress")).toMatchObject({ type: "progress" });
    c.close();
    const view = await service.partner.getOrder(created.orderNo);
    // The light's attempt (taken over by the stream's) had no device info; the stream's keeps the canonical form.
    expect(view.attempts.map((a) => a.deviceInfo)).toEqual([null, reencoded]);
  });

  it("the stream's start refuses CR/LF with DEVICE_INFO_INVALID and opens no attempt", async () => {
    const { created, browser } = await loggedIn({ ...SILENT, launch: { ws_mode_switch: "1" } });
    const c = await connectStream(service, browser);
    c.send({ type: "start", orderNo: created.orderNo, deviceInfo: withRawCrLf });
    expect(await c.next("progress")).toMatchObject({ type: "error", code: "DEVICE_INFO_INVALID" });
    c.close();
    expect((await service.partner.getOrder(created.orderNo)).attempts).toEqual([]);
  });

  it("the upload and the messaging-app upload refuse CR/LF with 400 DEVICE_INFO_INVALID", async () => {
    const { created, browser } = await loggedIn(SILENT);
    await browser.light();
    const upload = await browser.upload(await uploadForm(Buffer.alloc(2048, 1), { tamper: (parts) => void (parts.meta.deviceInfo = withEncodedCrLf) }));
    expect([upload.status, errorCode(upload)]).toEqual([400, "DEVICE_INFO_INVALID"]);
    const wx = await browser.request("POST", "/api/v1/upload/wx", { serverId: "media-1", deviceInfo: withRawCrLf });
    expect([wx.status, errorCode(wx)]).toEqual([400, "DEVICE_INFO_INVALID"]);
    // Nothing kept: only the light's attempt, still waiting for its recording, without the refused device info.
    const { attempts } = await service.partner.getOrder(created.orderNo);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ seq: 1, status: "pending", recording: null, deviceInfo: null });
  });
});
