/**
 * The one error type of the front-end API client: the HTTP status (0 when no answer came),
 * the service's error code (schemas/api.ts API_ERROR_CODES) or one of the client's own, and
 * the message. `errorScreenOf` says which error screen (spec §8) the flow shows for it.
 */
import { API_ERROR_SCREEN, type ApiErrorCode } from "../../schemas/apiCodes";
import type { ErrorStatus } from "../../schemas/errors";

/** Failures that happen before or instead of a service answer. */
export const CLIENT_ERROR_CODES = {
  /** No answer: offline, DNS, connection reset, CORS. */
  network: "NETWORK_ERROR",
  /** An answer that is not the JSON the contract promises. */
  badResponse: "BAD_RESPONSE",
  /** The caller aborted the request. */
  aborted: "ABORTED",
} as const;
type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The verified return address some login refusals carry (schemas/apiErrors.ts). */
  readonly returnUrl: string | undefined;
  constructor(status: number, code: string, message: string, returnUrl?: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.returnUrl = returnUrl;
  }
}

const CLIENT_ERROR_SCREEN = {
  NETWORK_ERROR: "seniorException",
  BAD_RESPONSE: "exception",
  ABORTED: null,
} as const satisfies Record<ClientErrorCode, ErrorStatus | null>;

function isKey<T extends object>(record: T, key: string): key is Extract<keyof T, string> {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/**
 * The error screen for an API failure; null when the flow should not show one (aborted,
 * partner-only codes) or when the code is unknown to this build (the caller decides).
 * @example errorScreenOf(new ApiError(409, "LAUNCH_USED", "…")) === "exitException"
 */
export function errorScreenOf(error: ApiError): ErrorStatus | null {
  if (isKey(API_ERROR_SCREEN, error.code)) return API_ERROR_SCREEN[error.code satisfies ApiErrorCode];
  if (isKey(CLIENT_ERROR_SCREEN, error.code)) return CLIENT_ERROR_SCREEN[error.code];
  return null;
}
