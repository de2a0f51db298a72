// @vitest-environment jsdom
/**
 * The device-info string of spec §3 as the flow builds it at a hand-over: this browser's
 * parsed device, the theme and grayscale release, and the run-time codes the session holds
 * (device mode, h5conf, downgrade reasons), which change as the flow downgrades.
 */
import { describe, expect, it } from "vitest";
import { DEVICE_MODES, DOWNGRADE_REASONS, H5CONF_CODES } from "../../schemas/session";
import { recordDowngrade, recordH5conf, setDeviceMode } from "../../src/capture/downgrade";
import { parseDeviceInfo } from "../../src/domain/deviceInfo";
import { describeThisDevice } from "../../src/flow/deviceInfo";
import { setupFlow, UA } from "../ui/screens/harness";

const WECHAT = `${UA.android} MicroMessenger/8.0.42.2460(0x28002A35) NetType/WIFI Language/zh_CN`;

describe("the device-info string at a hand-over", () => {
  it("names this device, the theme and release, and the codes the session holds now", async () => {
    const flow = setupFlow({ url: "/?theme=03#/vertify", userAgent: WECHAT });
    const store = await flow.rt.sessionState();
    store.update((draft) => {
      recordH5conf(draft, H5CONF_CODES.trtcClose);
      recordDowngrade(draft, DOWNGRADE_REASONS.webcamNoPermissionTimeout);
      setDeviceMode(draft, DEVICE_MODES.video);
    });
    const info = parseDeviceInfo(await describeThisDevice(flow.rt));
    expect(info).toMatchObject({
      deviceType: "mobile",
      version: "Android 13",
      networkType: "WIFI",
      browserKind: "wechat",
      theme: "03",
      grayVersion: "0",
      trtc: DEVICE_MODES.video,
      h5conf: [H5CONF_CODES.trtcClose],
      h5downgrade: [DOWNGRADE_REASONS.webcamNoPermissionTimeout],
    });
  });

  it("a browser outside the messaging app, before any mode was chosen, has empty codes", async () => {
    const flow = setupFlow({ url: "/#/vertify", userAgent: UA.iPhone });
    const info = parseDeviceInfo(await describeThisDevice(flow.rt));
    expect(info).toMatchObject({ version: "iOS 17.4", browserKind: "other", theme: "", h5conf: [], h5downgrade: [], networkType: null });
  });
});
