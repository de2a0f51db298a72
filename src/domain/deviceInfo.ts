/**
 * The device-info string of spec §3, sent with uploads and read by the verification service:
 * its grammar, shared by both (the page collects the fields in src/device/buildDeviceInfo.ts).
 *
 * Format: `key=value` pairs joined by `;`, always all eleven keys in this order:
 *
 *   deviceType;version;model;networkType;browser;engine;wv;browserKind;trtc;h5conf;h5downgrade
 *
 * Every value is URL-encoded (encodeURIComponent), so `;`, `=` and `,` inside a value never
 * clash with the separators. An unknown value (null) is written empty. `wv` is the theme and
 * the grayscale version joined by `_` (the theme is '' or two digits, so the first `_` splits
 * them). `trtc` is the device-mode code; `h5conf` and `h5downgrade` are comma-separated codes.
 *
 * @example deviceType=mobile;version=iOS%2017.4;model=iPhone;networkType=WIFI;browser=WeChat%2F8.0.42;engine=WebKit%2F605.1.15;wv=03_g2;browserKind=wechat;trtc=1;h5conf=1%2C-2;h5downgrade=
 */
import * as z from "zod/mini";
import { deviceInfoFieldsSchema, type DeviceInfoFields } from "../../schemas/device";

const KEYS = [
  "deviceType", "version", "model", "networkType", "browser", "engine", "wv", "browserKind", "trtc", "h5conf", "h5downgrade",
] as const;
type WireKey = (typeof KEYS)[number];

function wireValues(info: DeviceInfoFields): Record<WireKey, string> {
  return {
    deviceType: info.deviceType,
    version: info.version ?? "",
    model: info.model ?? "",
    networkType: info.networkType ?? "",
    browser: info.browser ?? "",
    engine: info.engine ?? "",
    wv: `${info.theme}_${info.grayVersion}`,
    browserKind: info.browserKind,
    trtc: info.trtc === null ? "" : String(info.trtc),
    h5conf: info.h5conf.join(","),
    h5downgrade: info.h5downgrade.join(","),
  };
}

/** Write the device-info string (format in the file comment). */
export function formatDeviceInfo(info: DeviceInfoFields): string {
  const values = wireValues(info);
  return KEYS.map((key) => `${key}=${encodeURIComponent(values[key])}`).join(";");
}

export class DeviceInfoParseError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid device-info string:\n- ${problems.join("\n- ")}`);
    this.name = "DeviceInfoParseError";
  }
}

const codes = (text: string): number[] => (text === "" ? [] : text.split(",").map((c) => (/^-?\d+$/.test(c) ? Number(c) : Number.NaN)));

function decode(key: string, raw: string, problems: string[]): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    problems.push(`${key}: not URL-encoded`);
    return raw;
  }
}

/** Read a device-info string back; throws DeviceInfoParseError listing every problem. */
export function parseDeviceInfo(text: string): DeviceInfoFields {
  const problems: string[] = [];
  const found = new Map<string, string>();
  for (const pair of text.split(";")) {
    const eq = pair.indexOf("=");
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (!(KEYS as readonly string[]).includes(key)) {
      problems.push(`unknown key "${key}"; known keys: ${KEYS.join(", ")}`);
    } else if (eq < 0) {
      problems.push(`${key}: missing "="`);
    } else if (found.has(key)) {
      problems.push(`${key}: given twice`);
    } else {
      found.set(key, decode(key, pair.slice(eq + 1), problems));
    }
  }
  for (const key of KEYS) if (!found.has(key) && !problems.some((p) => p.startsWith(`${key}:`))) problems.push(`${key}: missing`);
  if (problems.length) throw new DeviceInfoParseError(problems);

  const get = (key: WireKey): string => found.get(key) ?? "";
  const orNull = (key: WireKey): string | null => (get(key) === "" ? null : get(key));
  const wv = get("wv");
  const split = wv.indexOf("_");
  const candidate = {
    deviceType: get("deviceType"),
    version: orNull("version"),
    model: orNull("model"),
    networkType: orNull("networkType"),
    browser: orNull("browser"),
    engine: orNull("engine"),
    theme: split < 0 ? wv : wv.slice(0, split),
    grayVersion: split < 0 ? "" : wv.slice(split + 1),
    browserKind: get("browserKind"),
    trtc: get("trtc") === "" ? null : codes(get("trtc"))[0],
    h5conf: codes(get("h5conf")),
    h5downgrade: codes(get("h5downgrade")),
  };
  if (split < 0) problems.push(`wv: expected "<theme>_<grayVersion>", got "${wv}"`);
  const parsed = z.safeParse(deviceInfoFieldsSchema, candidate);
  if (!parsed.success) for (const issue of parsed.error.issues) problems.push(`${issue.path.join(".")}: ${issue.message}`);
  if (problems.length || !parsed.success) throw new DeviceInfoParseError(problems);
  return parsed.data;
}
