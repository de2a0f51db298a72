/**
 * The cross-device handoff's contract (issue 32): a desktop without a usable camera hands the
 * capture to a phone. The desktop asks for a handoff (a QR code, a link, a short code), follows
 * the phone's progress with a long poll, and finishes with the order's signed result as if it
 * had recorded itself. The phone opens the link (or types the code) and gets a session of its
 * own on the same order, which never sees the return address.
 *
 * zod/mini: the desktop's handoff screen parses these in the browser.
 */
import * as z from "zod/mini";

export { HANDOFF_PHONE_COOKIE } from "./apiCodes";

export { HANDOFF_POLICIES, handoffPolicySchema, type HandoffPolicy } from "./handoffPolicy";

/** The short code's alphabet: no 0/O, 1/I/L, so it can be read off a screen and typed. */
export const HANDOFF_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** Characters in a short code (31^8 ≈ 8.5e11 codes, shown as two groups of four). */
export const HANDOFF_CODE_LENGTH = 8;
/** A code as typed: its characters in any case, with or without the dash and spaces. */
export const handoffCodeSchema = z.pipe(
  z.string().check(z.maxLength(32)),
  z.transform((typed) => typed.toUpperCase().replace(/[\s-]/g, "")),
);

/** A handoff's public id (never the phone's token): 32 hex digits. */
export const handoffIdSchema = z.string().check(z.regex(/^[0-9a-f]{32}$/, "expected a handoff id"));

/** `POST /api/v1/handoff`: a new handoff for the desktop's session (any open one is cancelled). */
export const handoffOfferSchema = z.object({
  id: handoffIdSchema,
  /** The link the QR code holds: the service's origin, `/m/`, and the single-use token. */
  link: z.string(),
  /** The short code, grouped for reading ("K7QD-M2XP"). */
  code: z.string(),
  /** Where a phone types the code (the service's origin and `/m`). */
  codeUrl: z.string(),
  /** The QR code of `link` as an SVG document, drawn by the service. */
  qrSvg: z.string().check(z.maxLength(64 * 1024)),
  expiresAt: z.string(),
});
export type HandoffOffer = z.infer<typeof handoffOfferSchema>;

/**
 * What the desktop shows of the phone: waiting (nobody opened the link), connected (a phone
 * did), recording (it drew a challenge), verifying (its recording is being judged), done (the
 * order has its result); or over without a result: cancelled (by the desktop, or replaced by a
 * newer handoff) and expired (nobody opened it in time, or the phone's session ran out).
 */
export const HANDOFF_STATES = ["waiting", "connected", "recording", "verifying", "done", "cancelled", "expired"] as const;
export const handoffStateSchema = z.enum(HANDOFF_STATES);
export type HandoffState = z.infer<typeof handoffStateSchema>;

/** `GET /api/v1/handoff/:id` (a long poll) and `POST /api/v1/handoff/:id/cancel`. */
export const handoffStatusSchema = z.object({
  id: handoffIdSchema,
  state: handoffStateSchema,
  /** The order's result once done; then the desktop reads the signed result (GET /api/v1/result). */
  result: z.nullable(z.enum(["passed", "failed"])),
  expiresAt: z.string(),
});
export type HandoffStatus = z.infer<typeof handoffStatusSchema>;

/** `GET /api/v1/handoff/:id` query: wait up to waitMs for a state other than `state`. */
export const handoffStatusQuerySchema = z.object({
  waitMs: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,5}$/)), z.transform(Number))),
  state: z.optional(handoffStateSchema),
});

/** `POST /api/v1/handoff/code`: a phone typed the short code. */
export const handoffCodeRequestSchema = z.object({ code: handoffCodeSchema });
/**
 * `POST /api/v1/handoff/open`: the phone's page opens the link's handoff. The link's GET only
 * leads to that page (a messaging app's link preview fetches links: a GET must not use one up).
 */
export const handoffOpenRequestSchema = z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/)) });
/** Where the phone goes next: its start page, or (a link that opens no handoff) its error screen. */
export const handoffClaimSchema = z.object({ next: z.string().check(z.regex(/^\/(\?|#\/error\?status=handoff(Used|Expired)$)/)) });
export type HandoffClaim = z.infer<typeof handoffClaimSchema>;

/** The analytics event the service records at each step of a handoff (the staff dashboard counts them). */
export const HANDOFF_EVENT = "handoff";
export const HANDOFF_STEPS = ["offered", "opened", "completed", "abandoned"] as const;
export type HandoffStep = (typeof HANDOFF_STEPS)[number];

