/**
 * The phone handoff's routes (issue 32, contract in schemas/handoff.ts):
 * - `POST /api/v1/handoff` (the desktop's session): a new handoff, any open one of the session
 *   cancelled; a QR code of the link drawn here as SVG, so the page carries no QR library.
 * - `GET /api/v1/handoff/:id?waitMs=&state=` (the desktop): a long poll of the phone's progress.
 * - `POST /api/v1/handoff/:id/cancel` (the desktop): the handoff ends, and so does its phone's session.
 * - `GET /m/:token`: the phone's link, leading to the page, which opens it with
 *   `POST /api/v1/handoff/open` (a GET uses nothing up). `GET /m`: where a phone types the code.
 * - `POST /api/v1/handoff/code`: the phone typed the code.
 *
 * Refused: a phone's session asking for a handoff, a launch or app that does not offer it, a
 * finished or purged order (an expired session is refused as any is, 401), more handoffs than
 * `offersPerSession` a session in a link's lifetime, and more code tries than
 * `codeTriesPerAddress` from one address or `codeTriesOverall` from all in that time.
 */
import type { FastifyInstance } from "fastify";
import QRCode from "qrcode";
import { API_ERROR_CODES } from "../../../schemas/api";
import type { DevicesFile } from "../../../schemas/devices";
import { handoffCodeRequestSchema, handoffIdSchema, handoffOpenRequestSchema, handoffStatusQuerySchema, type HandoffClaim, type HandoffOffer, type HandoffStatus } from "../../../schemas/handoff";
import { handoffPolicyOf } from "../../domain/handoffPolicy";
import { requireSession } from "../auth/session";
import type { ServiceContext } from "../context";
import { HttpError, parseOr400 } from "../http/errors";
import type { RateLimitHooks } from "../http/security";
import type { RecordHandoffStep } from "./handoffEvents";
import { handoffStatusOf, isOrderOver } from "./handoffProgress";
import { groupedCode, hashSecret, newHandoffSecrets, TOKEN_PATTERN } from "./handoffSecrets";
import { enterPhone, phoneRefusalPath } from "./phoneEntry";

export type HandoffSettings = DevicesFile["phoneHandoff"];

/** The longest a status poll is held (under common proxies' 30 s idle timeout). */
const MAX_WAIT_MS = 25_000;
const POLL_STEP_MS = 400;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function registerHandoffRoutes(app: FastifyInstance, ctx: ServiceContext, limiters: RateLimitHooks, settings: HandoffSettings, recordStep: RecordHandoffStep): void {
  const ttlMs = settings.ttlSec * 1000;

  /** End a handoff not over yet; a phone that had opened it abandoned it, and loses its session. */
  async function cancelHandoff(id: string, order: { appId: string; orderNo: string }, wasOpened: boolean): Promise<void> {
    if (!(await ctx.store.handoffs.cancel(id, ctx.clock.now()))) return;
    await ctx.store.sessions.deleteOfHandoff(id);
    if (wasOpened) await recordStep(order, "abandoned");
  }

  async function ownHandoff(request: Parameters<typeof requireSession>[1], rawId: unknown) {
    const active = await requireSession(ctx, request);
    const id = handoffIdSchema.safeParse(rawId);
    const handoff = id.success ? await ctx.store.handoffs.get(id.data) : null;
    // Another session's handoff is as unknown as a made-up one.
    if (handoff === null || handoff.desktopSession !== active.session.sessionHash) throw new HttpError(404, API_ERROR_CODES.notFound, "no such handoff for this session");
    return { ...active, handoff };
  }

  app.post("/api/v1/handoff", { preHandler: limiters.session }, async (request): Promise<HandoffOffer> => {
    const { session, order } = await requireSession(ctx, request);
    if (session.handoffId !== null) throw new HttpError(403, API_ERROR_CODES.handoffNotAllowed, "a phone continuing a handoff cannot hand it on");
    if (handoffPolicyOf(settings, order.appId, order.launchOptions.phone_handoff) === "off") {
      throw new HttpError(403, API_ERROR_CODES.handoffNotAllowed, `continuing on a phone is off for this launch (app ${order.appId})`);
    }
    if (isOrderOver(order)) throw new HttpError(409, API_ERROR_CODES.orderFinished, "this verification is already finished");
    if (order.mediaPurgedAt !== null) throw new HttpError(410, API_ERROR_CODES.launchExpired, "this verification's data is gone");
    const now = ctx.clock.now();
    const offers = await ctx.store.rateCounters.hit(`handoffOffer|${session.sessionHash}`, 1, ttlMs, now);
    if (offers.count > settings.offersPerSession) throw new HttpError(429, API_ERROR_CODES.rateLimited, "too many phone links for this session: wait a few minutes");
    for (const open of await ctx.store.handoffs.openOf(session.sessionHash)) await cancelHandoff(open.id, order, open.state === "opened");

    let secrets = newHandoffSecrets(ctx.randomBytes);
    // Codes are drawn from 8.5e11: a clash with one still offered is all but impossible, and is drawn again.
    while ((await ctx.store.handoffs.offeredByCode(hashSecret(secrets.code), now)) !== null) secrets = newHandoffSecrets(ctx.randomBytes);
    const expiresAt = Math.min(now + ttlMs, session.expiresAt);
    await ctx.store.handoffs.insert({
      id: secrets.id, orderNo: order.orderNo, desktopSession: session.sessionHash, tokenHash: hashSecret(secrets.token), codeHash: hashSecret(secrets.code), createdAt: now, expiresAt,
    });
    const link = `${ctx.publicOrigin()}/m/${secrets.token}`;
    await recordStep(order, "offered");
    return {
      id: secrets.id,
      link,
      code: groupedCode(secrets.code),
      codeUrl: `${ctx.publicOrigin()}/m`,
      // The SVG paints its own white ground and the 4-module quiet zone scanners expect
      // (ISO/IEC 18004), whatever the page's theme: a dark theme must not reach the code.
      qrSvg: await QRCode.toString(link, { type: "svg", errorCorrectionLevel: "M", margin: 4, color: { dark: "#000000", light: "#ffffff" } }),
      expiresAt: new Date(expiresAt).toISOString(),
    };
  });

  app.get<{ Params: { id: string } }>("/api/v1/handoff/:id", { preHandler: limiters.session }, async (request): Promise<HandoffStatus> => {
    const { waitMs = 0, state: shown } = parseOr400(handoffStatusQuerySchema, request.query, "query");
    const deadline = Date.now() + Math.min(waitMs, MAX_WAIT_MS);
    for (;;) {
      const { handoff } = await ownHandoff(request, request.params.id);
      const order = await ctx.store.orders.get(handoff.orderNo);
      if (order === null) throw new Error(`handoff ${handoff.id}: its order ${handoff.orderNo} is missing`);
      const status = await handoffStatusOf(ctx, handoff, order);
      // Counted once, by whichever poll first sees the result.
      if (status.state === "done" && (await ctx.store.handoffs.complete(handoff.id, ctx.clock.now()))) await recordStep(order, "completed");
      if (status.state !== shown || Date.now() >= deadline || request.raw.destroyed) return status;
      await sleep(POLL_STEP_MS);
    }
  });

  app.post<{ Params: { id: string } }>("/api/v1/handoff/:id/cancel", { preHandler: limiters.session }, async (request): Promise<HandoffStatus> => {
    const { handoff, order } = await ownHandoff(request, request.params.id);
    await cancelHandoff(handoff.id, order, handoff.state === "opened");
    const fresh = (await ctx.store.handoffs.get(handoff.id)) ?? handoff;
    return handoffStatusOf(ctx, fresh, (await ctx.store.orders.get(order.orderNo)) ?? order);
  });

  // The link only leads to the page that opens it: link previews in messaging apps GET the
  // links people send, and a GET that claimed the handoff would leave the phone a used link.
  app.get<{ Params: { token: string } }>("/m/:token", { preHandler: limiters.login }, async (request, reply) => {
    const token = request.params.token;
    return reply.redirect(TOKEN_PATTERN.test(token) ? `/#/handoff?open=${token}` : phoneRefusalPath("handoffExpired"), 303);
  });

  app.post("/api/v1/handoff/open", { preHandler: limiters.login }, async (request, reply): Promise<HandoffClaim> => {
    const { token } = parseOr400(handoffOpenRequestSchema, request.body, "token");
    const entry = await enterPhone(ctx, request, reply, await ctx.store.handoffs.byTokenHash(hashSecret(token)), recordStep);
    return { next: entry.ok ? entry.next : phoneRefusalPath(entry.status) };
  });

  app.get("/m", { preHandler: limiters.login }, async (_request, reply) => reply.redirect("/#/handoff", 303));

  app.post("/api/v1/handoff/code", { preHandler: limiters.login }, async (request, reply): Promise<HandoffClaim> => {
    const { code } = parseOr400(handoffCodeRequestSchema, request.body, "code");
    const now = ctx.clock.now();
    // Every try counts, right or wrong: a guesser learns nothing from which were counted.
    const fromHere = await ctx.store.rateCounters.hit(`handoffCode|${request.ip}`, 1, ttlMs, now);
    const overall = await ctx.store.rateCounters.hit("handoffCode|*", 1, ttlMs, now);
    if (fromHere.count > settings.codeTriesPerAddress || overall.count > settings.codeTriesOverall) {
      throw new HttpError(429, API_ERROR_CODES.rateLimited, "too many codes tried: wait a few minutes");
    }
    const entry = await enterPhone(ctx, request, reply, await ctx.store.handoffs.offeredByCode(hashSecret(code), now), recordStep);
    if (!entry.ok) throw new HttpError(404, API_ERROR_CODES.handoffExpired, "no phone link has this code: it is wrong, used or expired");
    return { next: entry.next };
  });
}
