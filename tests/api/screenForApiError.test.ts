import { describe, expect, it } from "vitest";
import errorsJson from "../../flows/errors.json";
import { API_ERROR_CODES, API_ERROR_SCREEN, type ApiErrorCode } from "../../schemas/apiCodes";
import { ERROR_STATUSES } from "../../schemas/errors";
import { createStatsRecorder } from "../../src/analytics/statsRecorder";
import { ApiError, CLIENT_ERROR_CODES } from "../../src/api/apiError";
import { CLIENT_ERROR_SCREEN, screenForApiError, UNMAPPED_API_ERROR_STAT, UNMAPPED_CODE_SCREEN } from "../../src/api/screenForApiError";

/**
 * The codes only a partner's server receives (the partner API). A code added to the catalogue
 * without a screen must be added here on purpose, or this list fails the test.
 */
const PARTNER_ONLY: readonly ApiErrorCode[] = [
  "AUTH_MISSING",
  "AUTH_APP_UNKNOWN",
  "AUTH_STALE",
  "AUTH_SIGNATURE",
  "AUTH_REPLAY",
  "RETURN_URL_NOT_ALLOWED",
  "ORDER_NOT_FOUND",
  "REFERENCE_PHOTO_INVALID",
];

function shown(error: ApiError, fallback?: (typeof ERROR_STATUSES)[number]) {
  const stats = createStatsRecorder(() => 0);
  const status = screenForApiError(error, { stats, ...(fallback ? { fallback } : {}) });
  return { status, counted: stats.pending().filter((e) => e.name === UNMAPPED_API_ERROR_STAT) };
}

describe("screenForApiError", () => {
  it("gives every code the service sends to a page its own screen, one the error catalogue has, and counts nothing", () => {
    const codes = Object.values(API_ERROR_CODES);
    expect(codes.filter((code) => API_ERROR_SCREEN[code] === null).sort()).toEqual([...PARTNER_ONLY].sort());
    const catalogue = Object.keys(errorsJson.statuses);
    for (const code of codes.filter((c) => !PARTNER_ONLY.includes(c))) {
      const { status, counted } = shown(new ApiError(400, code, "refused"), "lipsException");
      expect(status, code).toBe(API_ERROR_SCREEN[code]);
      expect(catalogue, code).toContain(status);
      expect(counted, code).toEqual([]);
    }
  });

  it("maps the client's own codes: no answer is the weak-network screen, a bad answer the general error", () => {
    expect(shown(new ApiError(0, CLIENT_ERROR_CODES.network, "offline"))).toEqual({ status: "seniorException", counted: [] });
    expect(shown(new ApiError(502, CLIENT_ERROR_CODES.badResponse, "html"))).toEqual({ status: "exception", counted: [] });
    expect(Object.keys(CLIENT_ERROR_SCREEN).sort()).toEqual(Object.values(CLIENT_ERROR_CODES).sort());
  });

  it("shows an unknown code the chosen screen and records it as a statistic", () => {
    const { status, counted } = shown(new ApiError(503, "SOMETHING_NEWER", "from a newer service"));
    expect(UNMAPPED_CODE_SCREEN).toBe("exception");
    expect(status).toBe(UNMAPPED_CODE_SCREEN);
    expect(counted.map((e) => e.data)).toEqual([{ code: "SOMETHING_NEWER", unknown: true, httpStatus: 503, shown: "exception" }]);
  });

  it("shows an unknown code the call site's own fallback when it has one, and still records it", () => {
    const { status, counted } = shown(new ApiError(409, "SOMETHING_NEWER", "x"), "uploadVideoOtherException");
    expect(status).toBe("uploadVideoOtherException");
    expect(counted.map((e) => e.data.shown)).toEqual(["uploadVideoOtherException"]);
  });

  it("counts a partner-only code that reached a page as known but without a screen", () => {
    for (const code of PARTNER_ONLY) {
      const { status, counted } = shown(new ApiError(401, code, "x"));
      expect(status, code).toBe(UNMAPPED_CODE_SCREEN);
      expect(counted.map((e) => e.data), code).toEqual([{ code, unknown: false, httpStatus: 401, shown: "exception" }]);
    }
  });

  it("gives an abort the call site's fallback without counting it: the caller cancelled", () => {
    expect(shown(new ApiError(0, CLIENT_ERROR_CODES.aborted, "aborted"), "lipsException")).toEqual({ status: "lipsException", counted: [] });
    expect(shown(new ApiError(0, CLIENT_ERROR_CODES.aborted, "aborted"))).toEqual({ status: UNMAPPED_CODE_SCREEN, counted: [] });
  });

  it("takes a stream's code without an HTTP status", () => {
    const stats = createStatsRecorder(() => 0);
    expect(screenForApiError({ code: "STREAM_FRAME_TOO_SMALL" }, { stats })).toBe(API_ERROR_SCREEN.STREAM_FRAME_TOO_SMALL);
    expect(screenForApiError({ code: "NEW_STREAM_CODE" }, { stats })).toBe("exception");
    expect(stats.pending().map((e) => e.data)).toEqual([{ code: "NEW_STREAM_CODE", unknown: true, shown: "exception" }]);
  });
});
