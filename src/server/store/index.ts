/**
 * The store: one SQLite database and a repository per table.
 */
import { createAnalyticsEventsRepo, type AnalyticsEventsRepo } from "./analyticsEvents";
import { createAppsRepo, type AppsRepo } from "./apps";
import { createAttemptsRepo, type AttemptsRepo } from "./attempts";
import { openDatabase, type Db } from "./database";
import { createLaunchesRepo, type LaunchesRepo } from "./launches";
import { createOrdersRepo, type OrdersRepo } from "./orders";
import { createPartnerNoncesRepo, type PartnerNoncesRepo } from "./partnerNonces";
import { createRecordingsRepo, type RecordingsRepo } from "./recordings";
import { createResultsRepo, type ResultsRepo } from "./results";
import { createSessionsRepo, type SessionsRepo } from "./sessions";
import { createSettingsRepo, type SettingsRepo } from "./settings";
import { createVerifyJobsRepo, type VerifyJobsRepo } from "./verifyJobs";

export interface Store {
  db: Db;
  apps: AppsRepo;
  orders: OrdersRepo;
  launches: LaunchesRepo;
  sessions: SessionsRepo;
  attempts: AttemptsRepo;
  recordings: RecordingsRepo;
  results: ResultsRepo;
  partnerNonces: PartnerNoncesRepo;
  settings: SettingsRepo;
  analyticsEvents: AnalyticsEventsRepo;
  verifyJobs: VerifyJobsRepo;
  /** Run `fn` in one SQLite transaction (all or nothing). */
  transaction<T>(fn: () => T): T;
  close(): void;
}

export function createStore(path: string): Store {
  const db = openDatabase(path);
  return {
    db,
    apps: createAppsRepo(db),
    orders: createOrdersRepo(db),
    launches: createLaunchesRepo(db),
    sessions: createSessionsRepo(db),
    attempts: createAttemptsRepo(db),
    recordings: createRecordingsRepo(db),
    results: createResultsRepo(db),
    partnerNonces: createPartnerNoncesRepo(db),
    settings: createSettingsRepo(db),
    analyticsEvents: createAnalyticsEventsRepo(db),
    verifyJobs: createVerifyJobsRepo(db),
    transaction: (fn) => db.transaction(fn)(),
    close: () => db.close(),
  };
}
