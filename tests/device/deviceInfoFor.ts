// The device-info fields the page collects for a user-agent, with fixed theme and session parts:
// realistic values for the grammar's tests (tests/domain/deviceInfo.test.ts) and the collection's.
import type { DeviceInfoFields } from "../../schemas/device";
import { buildDeviceInfo, networkTypeFromUserAgent } from "../../src/device/buildDeviceInfo";
import { detectMessagingApp, type MessagingAppEnv } from "../../src/device/messagingApp";
import { parseDevice } from "../../src/device/parseDevice";

const top: MessagingAppEnv = { inIframe: false };

export function infoFor(ua: string, env = top): DeviceInfoFields {
  return buildDeviceInfo({
    device: parseDevice(ua),
    messagingApp: detectMessagingApp(ua, env),
    networkType: networkTypeFromUserAgent(ua),
    theme: "03",
    grayVersion: "g2",
    runtime: { trtc: 1, h5conf: [1, -2, 5], h5downgrade: [2, 11] },
  });
}
