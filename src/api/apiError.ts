/**
 * The one error type of the front-end API client: the HTTP status (0 when no answer came),
 * the service's error code (schemas/api.ts API_ERROR_CODES) or one of the client's own, and
 * the message. ./screenForApiError.ts says which error screen (spec §8) the flow shows for it.
 */

/** Failures that happen before or instead of a service answer. */
export const CLIENT_ERROR_CODES = {
  /** No answer: offline, DNS, connection reset, CORS. */
  network: "NETWORK_ERROR",
  /** An answer that is not the JSON the contract promises. */
  badResponse: "BAD_RESPONSE",
  /** The caller aborted the request. */
  aborted: "ABORTED",
} as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];

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
