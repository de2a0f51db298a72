/**
 * The store: a repository per table over one Sql handle (sql.ts), on the embedded SQLite file
 * (createStore, the default) or on PostgreSQL (openPostgresStore, FACEFLOW_DATABASE_URL) when
 * several instances share it. Every repository method is asynchronous on both.
 */
import { createAnalyticsEventsRepo, type AnalyticsEventsRepo } from "./analyticsEvents";
import { createAppsRepo, type AppsRepo } from "./apps";
import { createAttemptsRepo, type AttemptsRepo } from "./attempts";
import { openDatabase } from "./database";
import { createHandoffsRepo, type HandoffsRepo } from "./handoffs";
import { createFingerprintsRepo, type FingerprintsRepo } from "./fingerprints";
import { createLaunchesRepo, type LaunchesRepo } from "./launches";
import { createMediaRetentionRepo, type MediaRetentionRepo } from "./mediaRetention";
import { createOrdersRepo, type OrdersRepo } from "./orders";
import { createOrderSearchRepo, type OrderSearchRepo } from "./orderSearch";
import { createWebhooksRepo, type WebhooksRepo } from "./webhooks";
import { createPartnerNoncesRepo, type PartnerNoncesRepo } from "./partnerNonces";
import { createRateCountersRepo, type RateCountersRepo } from "./rateCounters";
import { createRecordingsRepo, type RecordingsRepo } from "./recordings";
import { createResultsRepo, type ResultsRepo } from "./results";
import { createSessionsRepo, type SessionsRepo } from "./sessions";
import { createSettingsRepo, type SettingsRepo } from "./settings";
import type { Sql, TransactionOptions } from "./sql";
import { createSqliteSql } from "./sqliteSql";
import { createVerifyJobsRepo, type VerifyJobsRepo } from "./verifyJobs";

export interface Store {
  /** The handle the repositories run on (tests and maintenance read through it too). */
  sql: Sql;
  apps: AppsRepo;
  orders: OrdersRepo;
  /** The staff order search (admin/orders/). */
  orderSearch: OrderSearchRepo;
  /** The webhook outbox and its delivery log (webhooks/). */
  webhooks: WebhooksRepo;
  launches: LaunchesRepo;
  sessions: SessionsRepo;
  attempts: AttemptsRepo;
  recordings: RecordingsRepo;
  results: ResultsRepo;
  partnerNonces: PartnerNoncesRepo;
  settings: SettingsRepo;
  analyticsEvents: AnalyticsEventsRepo;
  verifyJobs: VerifyJobsRepo;
  /** Fixed-window counters of the rate limits and quotas, shared by every instance on this store. */
  rateCounters: RateCountersRepo;
  /** Which orders' media the retention job deletes, and its mark once they are gone. */
  mediaRetention: MediaRetentionRepo;
  /** Judged recordings' perceptual fingerprints, looked up for replays (verify/fingerprint/replayCheck.ts). */
  fingerprints: FingerprintsRepo;
  /** Desktops handing their order's capture to a phone (handoff/, issue 32). */
  handoffs: HandoffsRepo;
  /**
   * Run `fn` all or nothing, with a store whose every repository is inside the transaction.
   * Use only `tx` inside: the outer store refuses to run there (sql.ts says why).
   */
  transaction<T>(fn: (tx: Store) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Throws when the database cannot be reached (the readiness probe). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The repositories over `sql`; a transaction's store is the same over the transaction's handle. */
export function storeOn(sql: Sql): Store {
  return {
    sql,
    apps: createAppsRepo(sql),
    orders: createOrdersRepo(sql),
    orderSearch: createOrderSearchRepo(sql),
    webhooks: createWebhooksRepo(sql),
    launches: createLaunchesRepo(sql),
    sessions: createSessionsRepo(sql),
    attempts: createAttemptsRepo(sql),
    recordings: createRecordingsRepo(sql),
    results: createResultsRepo(sql),
    partnerNonces: createPartnerNoncesRepo(sql),
    settings: createSettingsRepo(sql),
    analyticsEvents: createAnalyticsEventsRepo(sql),
    verifyJobs: createVerifyJobsRepo(sql),
    rateCounters: createRateCountersRepo(sql),
    mediaRetention: createMediaRetentionRepo(sql),
    fingerprints: createFingerprintsRepo(sql),
    handoffs: createHandoffsRepo(sql),
    transaction: (fn, options) => sql.transaction((tx) => fn(storeOn(tx)), options),
    async ping() {
      await sql.get("SELECT 1 AS ok");
    },
    close: () => sql.close(),
  };
}

/** The embedded store: a SQLite file (created and migrated if needed), or ":memory:" for tests. */
export function createStore(path: string): Store {
  return storeOn(createSqliteSql(openDatabase(path)));
}
