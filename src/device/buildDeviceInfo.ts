/**
 * The fields of the device-info string (spec §3; its grammar is src/domain/deviceInfo.ts),
 * collected in the page from the parsed user-agent, the messaging app and the session state.
 * Browser-only: the service reads the string, it never collects one.
 */
import type { BrowserKind, DeviceInfoFields, NameVersion, ParsedDevice } from "../../schemas/device";
import type { ThemeId } from "../../schemas/themes";
import type { DeviceInfo } from "../../schemas/session";
import type { MessagingApp } from "./messagingApp";

export interface DeviceInfoInput {
  device: ParsedDevice;
  messagingApp: MessagingApp;
  /** From `networkTypeFromUserAgent` or the Network Information API; null when unknown. */
  networkType: string | null;
  theme: ThemeId;
  /** Grayscale (canary) release the page was served from; '' for the main release. */
  grayVersion: string;
  /** The run-time part kept in the session state (trtc, h5conf, h5downgrade). */
  runtime: DeviceInfo;
}

/** The browser kind of the device-info string; the work variant counts as another browser. */
export function browserKindOf(app: MessagingApp): BrowserKind {
  if (app.kind === "wechat") return "wechat";
  if (app.kind === "miniprogram") return "wechatmp";
  return "other";
}

/** The network type the messaging app writes into its user-agent ("NetType/WIFI"), or null. */
export function networkTypeFromUserAgent(ua: string): string | null {
  return /\bNetType\/([\w.-]+)/i.exec(ua)?.[1] ?? null;
}

function signature(part: NameVersion): string | null {
  if (part.name === null) return null;
  return part.version === null ? part.name : `${part.name}/${part.version}`;
}

/** Collect the device-info fields from the parsed device, the messaging app and the session. */
export function buildDeviceInfo(input: DeviceInfoInput): DeviceInfoFields {
  const { device, runtime } = input;
  const osName = device.os.name;
  return {
    deviceType: device.type,
    version: osName === null ? null : device.os.version === null ? osName : `${osName} ${device.os.version}`,
    model: device.model,
    networkType: input.networkType,
    browser: signature(device.browser),
    engine: signature(device.engine),
    theme: input.theme,
    grayVersion: input.grayVersion,
    browserKind: browserKindOf(input.messagingApp),
    trtc: runtime.trtc,
    h5conf: [...runtime.h5conf],
    h5downgrade: [...runtime.h5downgrade],
  };
}
