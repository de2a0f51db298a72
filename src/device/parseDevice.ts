/**
 * User-agent → ParsedDevice (spec §3 "Parsed device", §5 "Parser"), on ua-parser-js 1.x
 * (MIT; 2.x is AGPL and must not be used).
 *
 * Device type, in order:
 * 1. ereader: a Kindle, Kobo, Nook, PocketBook or Onyx device (the parser calls them tablets);
 * 2. emulator: an Android SDK emulator model (sdk_gphone..., "Android SDK built for x86", ...);
 * 3. the parser's own type: mobile (but Android 3 is a tablet, spec §5), tablet, smarttv → television, console → gaming,
 *    wearable → mobile (watches and headsets are personal handhelds as far as camera
 *    capture goes), embedded → media (smart speakers, car and IoT screens);
 * 4. spec §5 for Android that the parser could not place: Android 3 or higher is a tablet,
 *    unless the user-agent says Mobile (or Opera's "Mobi") and Android is 4 or higher; below
 *    Android 3, or with no version, it is a phone (there were no Android tablets before 3);
 * 5. anything else is a desktop.
 */
import UAParser from "ua-parser-js";
import type { DeviceType, NameVersion, ParsedDevice } from "../../schemas/device";
import { findCamouflage } from "./camouflage";
import { compareParts, parseVersion } from "./versionRange";

const EREADER_VENDORS = new Set(["kindle", "kobo", "nook", "pocketbook", "onyx"]);
const EMULATOR_MODEL = /^(android sdk( built for \w+)?|sdk_gphone\w*|google_sdk|sdk|emulator|generic_x86\w*)$/i;
const SAYS_MOBILE = /\bMobi(le)?\b/;

const PARSER_TYPES: Record<string, DeviceType> = {
  mobile: "mobile",
  tablet: "tablet",
  smarttv: "television",
  console: "gaming",
  wearable: "mobile",
  embedded: "media",
};

function clean(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function nameVersion(part: { name: string | undefined; version: string | undefined }): NameVersion {
  return { name: clean(part.name), version: clean(part.version) };
}

function isAndroid3(osVersion: string | null): boolean {
  const version = parseVersion(osVersion);
  return version !== null && compareParts(version, [3]) >= 0 && compareParts(version, [4]) < 0;
}

/** Spec §5 rule for an Android device the parser gave no type. */
function androidType(ua: string, osVersion: string | null): DeviceType {
  const version = parseVersion(osVersion);
  if (version === null || compareParts(version, [3]) < 0) return "mobile";
  return SAYS_MOBILE.test(ua) && compareParts(version, [4]) >= 0 ? "mobile" : "tablet";
}

function deviceType(ua: string, parserType: string | null, vendor: string | null, model: string | null, os: NameVersion): DeviceType {
  if (vendor !== null && EREADER_VENDORS.has(vendor.toLowerCase())) return "ereader";
  if (model !== null && EMULATOR_MODEL.test(model)) return "emulator";
  // Spec §5: "Mobile" makes an Android a phone from version 4 only. The parser calls any agent
  // saying "Mobile Safari" mobile, Android 3 (Honeycomb, which ran on tablets alone) included.
  if (parserType === "mobile" && os.name === "Android" && isAndroid3(os.version)) return "tablet";
  if (parserType !== null) {
    const mapped = PARSER_TYPES[parserType];
    if (mapped === undefined) {
      throw new Error(`ua-parser-js reported device type "${parserType}"; known types: ${Object.keys(PARSER_TYPES).join(", ")}`);
    }
    return mapped;
  }
  if (os.name === "Android") return androidType(ua, os.version);
  return "desktop";
}

/** Parse a user-agent into the device faceflow reasons about. */
export function parseDevice(userAgent: string): ParsedDevice {
  const r = new UAParser(userAgent).getResult();
  const browser = nameVersion(r.browser);
  const engine = nameVersion(r.engine);
  const os = nameVersion(r.os);
  // The parser names an unidentified Android maker "Generic"; that is no manufacturer.
  const vendor = clean(r.device.vendor);
  const manufacturer = vendor === "Generic" ? null : vendor;
  const model = clean(r.device.model);
  return {
    type: deviceType(userAgent, clean(r.device.type), manufacturer, model, os),
    manufacturer,
    model,
    browser,
    engine,
    os,
    camouflage: findCamouflage({ browser, engine, os }) !== null,
  };
}
