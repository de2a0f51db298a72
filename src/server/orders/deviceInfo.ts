/**
 * The device-info string of spec §3 as the service receives it (upload meta, the messaging-app
 * upload, the stream's start): parsed by the grammar the page writes it with (src/domain/deviceInfo.ts) so
 * a malformed one is refused rather than kept, and kept for staff (the partner's order view) in
 * its canonical form, written again by the page's own formatter: every value URL-encoded, so
 * markup, quotes or line breaks a modified client sends never reach a view or a log as such.
 * Control characters are no part of any device's description: refused, not re-encoded.
 */
import { API_ERROR_CODES } from "../../../schemas/api";
import { DeviceInfoParseError, formatDeviceInfo, parseDeviceInfo } from "../../domain/deviceInfo";
import { HttpError } from "../http/errors";

const CONTROL = /\p{Cc}/u;

function invalid(problems: string[]): HttpError {
  return new HttpError(400, API_ERROR_CODES.deviceInfoInvalid, `invalid deviceInfo: ${problems.slice(0, 5).join("; ")}`);
}

/** The canonical string to keep, or null when none was sent; a malformed one is a 400 DEVICE_INFO_INVALID naming its problems. */
export function acceptDeviceInfo(text: string | undefined): string | null {
  if (text === undefined) return null;
  let fields: ReturnType<typeof parseDeviceInfo>;
  try {
    fields = parseDeviceInfo(text);
  } catch (error) {
    if (!(error instanceof DeviceInfoParseError)) throw error;
    throw invalid(error.problems);
  }
  // Raw or URL-encoded (%0D%0A): what the values read back as is what staff would see.
  const withControls = Object.entries(fields).filter(([, value]) => typeof value === "string" && CONTROL.test(value)).map(([key]) => `${key}: control characters`);
  if (CONTROL.test(text) && withControls.length === 0) withControls.push("control characters");
  if (withControls.length > 0) throw invalid(withControls);
  return formatDeviceInfo(fields);
}
