/**
 * Where the flow keeps the session token the login answered with. It is kept only when the
 * browser dropped the session cookie (in-app browsers, cookie-less mode of spec §3); the API
 * client then sends it as a header (schemas/api.ts SESSION_HEADER).
 */
import * as z from "zod/mini";

/** Storage key, camelCase like every non-launch value (schemas/session.ts). */
export const SESSION_TOKEN_KEY = "sessionToken";
export const sessionTokenSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/));
