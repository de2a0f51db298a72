/**
 * Orders: one verification a partner asked for, with everything its launch URL carries.
 */
import * as z from "zod";
import {
  actionCodeSchema,
  liveTypeSchema,
  orderStateSchema,
  partnerLaunchOptionsSchema,
  themeSchema,
  type ActionCode,
  type LiveType,
  type OrderState,
  type PartnerLaunchOptions,
} from "../../../schemas/api";
import { judgedLiveType } from "../../domain/modes";
import type { StoredWillQuestion } from "../orders/willQuestion";
import type { Sql } from "./sql";
import { jsonColumn, parseRow } from "./json";
import { inList } from "./sql";

export interface OrderRecord {
  orderNo: string;
  appId: string;
  h5FaceId: string;
  userId: string;
  /**
   * The live type the service judges: the partner's, except that theme 02 turns action and
   * silent off (spec §4, judgedLiveType: the page's rule too). Derived, never stored.
   */
  liveType: LiveType;
  /** The live type the partner asked for: what is stored, shown to the partner and carried by the launch. */
  requestedLiveType: LiveType;
  actions: ActionCode[];
  /**
   * Will (consent) mode: the question (the default language's text, and the texts by language
   * when the partner sent several: orders/willQuestion.ts) and will_type ("2" = nod); null when
   * not will mode.
   */
  will: (StoredWillQuestion & { willType: string }) | null;
  theme: z.infer<typeof themeSchema>;
  returnUrl: string;
  launchOptions: PartnerLaunchOptions;
  maxAttempts: number;
  /** On-device face guidance and the service's face checks (the partner's `guidance` option). */
  guidance: boolean;
  /** The partner's reference photo, its media store key; null when none was sent. */
  referencePhoto: string | null;
  /** Speech must be recognised (number and will modes), not only heard. */
  requireSpeech: boolean;
  state: OrderState;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
  /** When the retention job deleted the order's media (FACEFLOW_MEDIA_RETENTION_DAYS); null while kept. Not written by insert. */
  mediaPurgedAt: number | null;
}

const orderRow = z
  .object({
    order_no: z.string(),
    app_id: z.string(),
    h5_face_id: z.string(),
    user_id: z.string(),
    live_type: liveTypeSchema,
    actions: z.string().transform((s) => (s === "" ? [] : s.split(","))).pipe(z.array(actionCodeSchema)),
    will_question: z.string().nullable(),
    will_type: z.string().nullable(),
    // Added by migration 12 (PostgreSQL 6): null on older orders and on one-text questions.
    will_questions: jsonColumn(z.record(z.string(), z.string())).nullable(),
    theme: themeSchema,
    return_url: z.string(),
    launch_options: jsonColumn(partnerLaunchOptionsSchema),
    max_attempts: z.number().int(),
    guidance: z.union([z.literal(0), z.literal(1)]),
    reference_photo: z.string().nullable(),
    require_speech: z.union([z.literal(0), z.literal(1)]),
    state: orderStateSchema,
    created_at: z.number().int(),
    updated_at: z.number().int(),
    finished_at: z.number().int().nullable(),
    media_purged_at: z.number().int().nullable(),
  })
  .transform((r): OrderRecord => ({
    orderNo: r.order_no,
    appId: r.app_id,
    h5FaceId: r.h5_face_id,
    userId: r.user_id,
    liveType: judgedLiveType(r.live_type, r.theme),
    requestedLiveType: r.live_type,
    actions: r.actions,
    will: r.will_question === null ? null : { question: r.will_question, questions: r.will_questions ?? null, willType: r.will_type ?? "1" },
    theme: r.theme,
    returnUrl: r.return_url,
    launchOptions: r.launch_options,
    maxAttempts: r.max_attempts,
    guidance: r.guidance === 1,
    referencePhoto: r.reference_photo,
    requireSpeech: r.require_speech === 1,
    state: r.state,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    finishedAt: r.finished_at,
    mediaPurgedAt: r.media_purged_at,
  }));

export interface OrdersRepo {
  insert(order: OrderRecord): Promise<void>;
  get(orderNo: string): Promise<OrderRecord | null>;
  /**
   * The order, its row locked until the transaction ends (inside a transaction only): what
   * every transaction that decides from an order's state and then changes it reads first, so
   * two instances deciding for the same order take turns. SQLite's IMMEDIATE transactions
   * already take turns, so there it is a plain read.
   */
  lock(orderNo: string): Promise<OrderRecord | null>;
  /** Move to `state`; finishing states also stamp finished_at. Returns false when `from` did not match. */
  transition(orderNo: string, from: readonly OrderState[], to: OrderState, now: number): Promise<boolean>;
}

export function createOrdersRepo(sql: Sql): OrdersRepo {
  const insert = `
    INSERT INTO orders (order_no, app_id, h5_face_id, user_id, live_type, actions, will_question, will_questions, will_type, theme,
      return_url, launch_options, max_attempts, guidance, reference_photo, require_speech, state, created_at, updated_at, finished_at)
    VALUES (@orderNo, @appId, @h5FaceId, @userId, @liveType, @actions, @willQuestion, @willQuestions, @willType, @theme,
      @returnUrl, @launchOptions, @maxAttempts, @guidance, @referencePhoto, @requireSpeech, @state, @createdAt, @updatedAt, @finishedAt)`;
  return {
    async insert(order) {
      await sql.run(insert, {
        orderNo: order.orderNo,
        appId: order.appId,
        h5FaceId: order.h5FaceId,
        userId: order.userId,
        liveType: order.requestedLiveType,
        actions: order.actions.join(","),
        willQuestion: order.will?.question ?? null,
        willQuestions: order.will?.questions ? JSON.stringify(order.will.questions) : null,
        willType: order.will?.willType ?? null,
        theme: order.theme,
        returnUrl: order.returnUrl,
        launchOptions: JSON.stringify(order.launchOptions),
        maxAttempts: order.maxAttempts,
        guidance: order.guidance ? 1 : 0,
        referencePhoto: order.referencePhoto,
        requireSpeech: order.requireSpeech ? 1 : 0,
        state: order.state,
        createdAt: order.createdAt,
        updatedAt: order.updatedAt,
        finishedAt: order.finishedAt,
      });
    },
    get: async (orderNo) => parseRow("orders", orderRow, await sql.get("SELECT * FROM orders WHERE order_no = ?", [orderNo])),
    lock: async (orderNo) =>
      parseRow("orders", orderRow, await sql.get(`SELECT * FROM orders WHERE order_no = ?${sql.dialect === "postgres" ? " FOR UPDATE" : ""}`, [orderNo])),
    async transition(orderNo, from, to, now) {
      const finished = to === "passed" || to === "failed" ? now : null;
      const result = await sql.run(
        `UPDATE orders SET state = ?, updated_at = ?, finished_at = COALESCE(?, finished_at)
         WHERE order_no = ? AND ${inList("state", from.length)}`,
        [to, now, finished, orderNo, ...from],
      );
      return result.changes === 1;
    },
  };
}
