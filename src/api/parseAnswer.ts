/**
 * Reading the service's answers: every answer is parsed by its schema of the contract
 * (schemas/api.ts), every refusal becomes the same ApiError. The API client loads this module
 * with its first request (src/api/client.ts), so a page that shows before its first answer does
 * not build the contract's schemas first.
 */
import { lightResponseSchema } from "../../schemas/lightChallenge";
import * as z from "zod/mini";
import {
  apiErrorSchema,
  attemptStateSchema,
  demoVerifyResponseSchema,
  digitsResponseSchema,
  launchResponseSchema,
  loginResponseSchema,
  orderConfigSchema,
  resultResponseSchema,
  returnUrlCheckResponseSchema,
} from "../../schemas/api";
import { ApiError, CLIENT_ERROR_CODES } from "./apiError";
import type { RawResponse } from "./xhrUpload";

/** The schema of each answer the client reads. */
export const ANSWER_SCHEMAS = {
  attemptState: attemptStateSchema,
  demoVerify: demoVerifyResponseSchema,
  digits: digitsResponseSchema,
  light: lightResponseSchema,
  launch: launchResponseSchema,
  login: loginResponseSchema,
  orderConfig: orderConfigSchema,
  result: resultResponseSchema,
  returnUrlCheck: returnUrlCheckResponseSchema,
} as const;

/** An answer of the service parsed by `schema`; a refusal or a malformed answer throws ApiError. */
export function parseAnswer<T>(schema: z.ZodMiniType<T>, raw: RawResponse): T {
  let json: unknown;
  try {
    json = raw.text === "" ? undefined : JSON.parse(raw.text);
  } catch {
    throw new ApiError(raw.status, CLIENT_ERROR_CODES.badResponse, `HTTP ${raw.status}: answer is not JSON`);
  }
  if (raw.status < 200 || raw.status >= 300) {
    const error = apiErrorSchema.safeParse(json);
    if (error.success) throw new ApiError(raw.status, error.data.code, error.data.message, error.data.returnUrl);
    throw new ApiError(raw.status, CLIENT_ERROR_CODES.badResponse, `HTTP ${raw.status} without an error body`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(raw.status, CLIENT_ERROR_CODES.badResponse, `unexpected answer: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
