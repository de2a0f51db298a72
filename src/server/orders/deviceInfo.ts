/**
 * The device-info string of spec §3 as the service receives it (upload meta, the stream's
 * start): parsed with the page's own parser (src/device/deviceInfo.ts) so a malformed one is
 * refused rather than kept, then kept as sent with the attempt for staff (the partner's order view).
 */
import { API_ERROR_CODES } from "../../../schemas/api";
import { DeviceInfoParseError, parseDeviceInfo } from "../../device/deviceInfo";
import { HttpError } from "../http/errors";

/** The string to keep, or null when none was sent; a malformed one is a 400 DEVICE_INFO_INVALID naming its problems. */
export function acceptDeviceInfo(text: string | undefined): string | null {
  if (text === undefined) return null;
  try {
    parseDeviceInfo(text);
  } catch (error) {
    if (!(error instanceof DeviceInfoParseError)) throw error;
    throw new HttpError(400, API_ERROR_CODES.deviceInfoInvalid, `invalid deviceInfo: ${error.problems.slice(0, 5).join("; ")}`);
  }
  return text;
}
