/**
 * Cookie-less mode (spec §3): a page that cannot keep cookies (some in-app browsers, blocked
 * cookies) asks the login for its session token (LoginRequest.cookieless), keeps it here, and
 * the API client sends it as a header (schemas/api.ts SESSION_HEADER) and in the stream's start
 * message. A page that keeps cookies never asks, so no script-readable bearer token exists.
 */
import * as z from "zod/mini";

/** Storage key, camelCase like every non-launch value (schemas/session.ts). */
export const SESSION_TOKEN_KEY = "sessionToken";
export const sessionTokenSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/));
