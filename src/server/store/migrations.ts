/**
 * Numbered schema migrations, applied in order and recorded in SQLite's user_version.
 * Never edit a shipped migration: add the next number. Times are Unix milliseconds.
 * Recordings live as files under FACEFLOW_MEDIA; the database keeps only their metadata.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "initial",
    sql: `
      CREATE TABLE apps (
        app_id TEXT PRIMARY KEY,
        secret TEXT NOT NULL,
        allowed_origins TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE orders (
        order_no TEXT PRIMARY KEY,
        app_id TEXT NOT NULL REFERENCES apps(app_id),
        h5_face_id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL,
        live_type TEXT NOT NULL,
        actions TEXT NOT NULL,
        will_question TEXT,
        will_type TEXT,
        theme TEXT NOT NULL,
        return_url TEXT NOT NULL,
        launch_options TEXT NOT NULL,
        max_attempts INTEGER NOT NULL,
        state TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        finished_at INTEGER
      );
      CREATE INDEX orders_by_app ON orders(app_id, created_at);
      CREATE TABLE launches (
        nonce TEXT PRIMARY KEY,
        order_no TEXT NOT NULL REFERENCES orders(order_no),
        params TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        used_at INTEGER,
        used_by_session TEXT
      );
      CREATE INDEX launches_by_order ON launches(order_no);
      CREATE TABLE sessions (
        session_hash TEXT PRIMARY KEY,
        order_no TEXT NOT NULL REFERENCES orders(order_no),
        launch_nonce TEXT NOT NULL REFERENCES launches(nonce),
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE TABLE attempts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        order_no TEXT NOT NULL REFERENCES orders(order_no),
        seq INTEGER NOT NULL,
        channel TEXT NOT NULL,
        status TEXT NOT NULL,
        digits TEXT,
        code TEXT,
        live_rate REAL,
        will_code TEXT,
        face_code TEXT,
        similarity REAL,
        verifier TEXT,
        checks TEXT NOT NULL DEFAULT '[]',
        created_at INTEGER NOT NULL,
        finished_at INTEGER,
        UNIQUE (order_no, seq)
      );
      CREATE TABLE recordings (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        attempt_id INTEGER NOT NULL UNIQUE REFERENCES attempts(id),
        path TEXT NOT NULL,
        container TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        duration_ms INTEGER,
        sha256 TEXT NOT NULL,
        message_id TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX recordings_by_message_id ON recordings(message_id);
      CREATE TABLE results (
        order_no TEXT PRIMARY KEY REFERENCES orders(order_no),
        attempt_id INTEGER REFERENCES attempts(id),
        passed INTEGER NOT NULL,
        payload TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE partner_nonces (
        app_id TEXT NOT NULL,
        nonce TEXT NOT NULL,
        seen_at INTEGER NOT NULL,
        PRIMARY KEY (app_id, nonce)
      );
      CREATE INDEX partner_nonces_by_time ON partner_nonces(seen_at);
      CREATE TABLE analytics_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        app_id TEXT,
        order_no TEXT,
        payload TEXT NOT NULL,
        received_at INTEGER NOT NULL
      );
      CREATE INDEX analytics_events_by_time ON analytics_events(received_at);
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: "analytics event columns",
    // The ingest stores one row per reported event; the dashboard groups by these columns,
    // so they are real columns rather than fields inside the payload JSON.
    sql: `
      ALTER TABLE analytics_events ADD COLUMN name TEXT;
      ALTER TABLE analytics_events ADD COLUMN trace_id TEXT;
      ALTER TABLE analytics_events ADD COLUMN route TEXT;
      ALTER TABLE analytics_events ADD COLUMN page_id TEXT;
      ALTER TABLE analytics_events ADD COLUMN open_id TEXT;
      ALTER TABLE analytics_events ADD COLUMN event_at INTEGER;
      CREATE INDEX analytics_events_by_name ON analytics_events(name, received_at);
    `,
  },
  {
    version: 3,
    name: "face guidance",
    // orders.guidance: the partner's option (1 on, 0 off); orders made before it had no
    // guidance to turn off, and on is the default for new ones. attempts.guidance: the
    // device's guidance report (JSON) sent with the recording, NULL when none came.
    sql: `
      ALTER TABLE orders ADD COLUMN guidance INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE attempts ADD COLUMN guidance TEXT;
    `,
  },
  {
    version: 4,
    name: "service-side verification",
    // verify_jobs: one job per accepted attempt, run by the worker pool; a job left 'running'
    // by a process that died is queued again at start, and the verdict is recorded in the
    // same transaction that marks the job done, so no attempt is judged twice.
    // orders.reference_photo: the partner's reference photo (a path under FACEFLOW_MEDIA);
    // orders.require_speech: speech must be recognised, not only heard.
    // recordings.attempt_id may now point at a frame stream's spooled frames (container 'jpeg-frames').
    sql: `
      CREATE TABLE verify_jobs (
        attempt_id INTEGER PRIMARY KEY REFERENCES attempts(id),
        order_no TEXT NOT NULL,
        app_id TEXT NOT NULL,
        input TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done')),
        tries INTEGER NOT NULL DEFAULT 0,
        enqueued_at INTEGER NOT NULL,
        started_at INTEGER,
        finished_at INTEGER,
        error TEXT
      );
      CREATE INDEX verify_jobs_by_state ON verify_jobs(state, enqueued_at);
      ALTER TABLE orders ADD COLUMN reference_photo TEXT;
      ALTER TABLE orders ADD COLUMN require_speech INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 5,
    name: "app revocation and secret rotation",
    // apps.disabled_at: set at start for an app missing from the configuration (the row stays,
    // its orders reference it); cleared when the app is configured again.
    // apps.previous_secret, previous_secret_until: the secret being rotated out, accepted until then.
    sql: `
      ALTER TABLE apps ADD COLUMN disabled_at INTEGER;
      ALTER TABLE apps ADD COLUMN previous_secret TEXT;
      ALTER TABLE apps ADD COLUMN previous_secret_until INTEGER;
    `,
  },
  {
    version: 6,
    name: "analytics counters and retention",
    // The dashboard reads counters kept up to date at insert (store/analyticsRollups.ts) instead
    // of loading events: per day, app, metric and label; distinct users per funnel step; page-load
    // samples. analytics_events.counted: 1 once a row's facts are in the counters; rows stored
    // before this migration are 0 and the maintenance job counts them in batches (the partial
    // index holds only those, so it is empty once they are done).
    // analytics_events_by_app serves the dashboard's raw-event list of one app; the retention job
    // deletes by analytics_events_by_time. analytics_events_by_name was read by nothing.
    // orders_by_time: the dashboard's order funnel of all apps.
    sql: `
      CREATE TABLE analytics_counts (
        day TEXT NOT NULL,
        app_id TEXT NOT NULL,
        metric TEXT NOT NULL,
        label TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (day, app_id, metric, label)
      ) WITHOUT ROWID;
      CREATE TABLE analytics_funnel_users (
        day TEXT NOT NULL,
        app_id TEXT NOT NULL,
        step TEXT NOT NULL,
        user_key TEXT NOT NULL,
        PRIMARY KEY (day, app_id, step, user_key)
      ) WITHOUT ROWID;
      CREATE TABLE analytics_load_times (
        day TEXT NOT NULL,
        app_id TEXT NOT NULL,
        ms REAL NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (day, app_id, ms)
      ) WITHOUT ROWID;
      ALTER TABLE analytics_events ADD COLUMN counted INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX analytics_events_uncounted ON analytics_events(id) WHERE counted = 0;
      CREATE INDEX analytics_events_by_app ON analytics_events(app_id, received_at);
      DROP INDEX analytics_events_by_name;
      CREATE INDEX orders_by_time ON orders(created_at);
    `,
  },
  {
    version: 7,
    name: "analytics order funnel counters",
    // The dashboard's service-side funnel (orders launched, recorded, uploaded, passed, failed per
    // UTC day and app) kept by triggers as orders, attempts, recordings and results change, so a
    // dashboard request reads one row per day and app instead of looking up every order.
    // analytics_order_facts holds each order's current facts; its triggers apply the difference
    // to analytics_order_counts. A fact is recomputed from its source whenever that source changes,
    // so the counters stay exact whatever order the service writes in. Existing orders are counted
    // here once.
    sql: `
      CREATE TABLE analytics_order_facts (
        order_no TEXT PRIMARY KEY,
        day TEXT NOT NULL,
        app_id TEXT NOT NULL,
        recorded INTEGER NOT NULL DEFAULT 0,
        uploaded INTEGER NOT NULL DEFAULT 0,
        passed INTEGER
      ) WITHOUT ROWID;
      CREATE TABLE analytics_order_counts (
        day TEXT NOT NULL,
        app_id TEXT NOT NULL,
        launched INTEGER NOT NULL DEFAULT 0,
        recorded INTEGER NOT NULL DEFAULT 0,
        uploaded INTEGER NOT NULL DEFAULT 0,
        passed INTEGER NOT NULL DEFAULT 0,
        failed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (day, app_id)
      ) WITHOUT ROWID;

      CREATE TRIGGER analytics_order_facts_added AFTER INSERT ON analytics_order_facts BEGIN
        INSERT OR IGNORE INTO analytics_order_counts (day, app_id) VALUES (NEW.day, NEW.app_id);
        UPDATE analytics_order_counts SET launched = launched + 1, recorded = recorded + NEW.recorded, uploaded = uploaded + NEW.uploaded,
          passed = passed + (NEW.passed IS 1), failed = failed + (NEW.passed IS 0)
        WHERE day = NEW.day AND app_id = NEW.app_id;
      END;
      CREATE TRIGGER analytics_order_facts_changed AFTER UPDATE ON analytics_order_facts BEGIN
        UPDATE analytics_order_counts SET recorded = recorded + NEW.recorded - OLD.recorded, uploaded = uploaded + NEW.uploaded - OLD.uploaded,
          passed = passed + (NEW.passed IS 1) - (OLD.passed IS 1), failed = failed + (NEW.passed IS 0) - (OLD.passed IS 0)
        WHERE day = NEW.day AND app_id = NEW.app_id;
      END;
      CREATE TRIGGER analytics_order_facts_removed AFTER DELETE ON analytics_order_facts BEGIN
        UPDATE analytics_order_counts SET launched = launched - 1, recorded = recorded - OLD.recorded, uploaded = uploaded - OLD.uploaded,
          passed = passed - (OLD.passed IS 1), failed = failed - (OLD.passed IS 0)
        WHERE day = OLD.day AND app_id = OLD.app_id;
      END;

      INSERT INTO analytics_order_facts (order_no, day, app_id, recorded, uploaded, passed)
        SELECT o.order_no, date(o.created_at / 1000, 'unixepoch'), o.app_id,
          EXISTS (SELECT 1 FROM attempts a WHERE a.order_no = o.order_no AND a.status NOT IN ('pending', 'abandoned')),
          EXISTS (SELECT 1 FROM recordings r JOIN attempts a ON a.id = r.attempt_id WHERE a.order_no = o.order_no),
          (SELECT passed FROM results s WHERE s.order_no = o.order_no)
        FROM orders o;

      CREATE TRIGGER analytics_orders_added AFTER INSERT ON orders BEGIN
        INSERT INTO analytics_order_facts (order_no, day, app_id) VALUES (NEW.order_no, date(NEW.created_at / 1000, 'unixepoch'), NEW.app_id);
      END;
      CREATE TRIGGER analytics_orders_removed AFTER DELETE ON orders BEGIN
        DELETE FROM analytics_order_facts WHERE order_no = OLD.order_no;
      END;
      CREATE TRIGGER analytics_attempts_added AFTER INSERT ON attempts BEGIN
        UPDATE analytics_order_facts SET recorded = EXISTS (SELECT 1 FROM attempts a WHERE a.order_no = NEW.order_no AND a.status NOT IN ('pending', 'abandoned'))
        WHERE order_no = NEW.order_no;
      END;
      CREATE TRIGGER analytics_attempts_changed AFTER UPDATE OF status ON attempts BEGIN
        UPDATE analytics_order_facts SET recorded = EXISTS (SELECT 1 FROM attempts a WHERE a.order_no = NEW.order_no AND a.status NOT IN ('pending', 'abandoned'))
        WHERE order_no = NEW.order_no;
      END;
      CREATE TRIGGER analytics_attempts_removed AFTER DELETE ON attempts BEGIN
        UPDATE analytics_order_facts SET recorded = EXISTS (SELECT 1 FROM attempts a WHERE a.order_no = OLD.order_no AND a.status NOT IN ('pending', 'abandoned'))
        WHERE order_no = OLD.order_no;
      END;
      CREATE TRIGGER analytics_recordings_added AFTER INSERT ON recordings BEGIN
        UPDATE analytics_order_facts SET uploaded = 1 WHERE order_no = (SELECT order_no FROM attempts WHERE id = NEW.attempt_id);
      END;
      CREATE TRIGGER analytics_recordings_removed AFTER DELETE ON recordings BEGIN
        UPDATE analytics_order_facts
        SET uploaded = EXISTS (SELECT 1 FROM recordings r JOIN attempts a ON a.id = r.attempt_id WHERE a.order_no = analytics_order_facts.order_no)
        WHERE order_no = (SELECT order_no FROM attempts WHERE id = OLD.attempt_id);
      END;
      CREATE TRIGGER analytics_results_added AFTER INSERT ON results BEGIN
        UPDATE analytics_order_facts SET passed = NEW.passed WHERE order_no = NEW.order_no;
      END;
      CREATE TRIGGER analytics_results_changed AFTER UPDATE OF passed ON results BEGIN
        UPDATE analytics_order_facts SET passed = NEW.passed WHERE order_no = NEW.order_no;
      END;
      CREATE TRIGGER analytics_results_removed AFTER DELETE ON results BEGIN
        UPDATE analytics_order_facts SET passed = NULL WHERE order_no = OLD.order_no;
      END;
    `,
  },
  {
    version: 8,
    name: "rate counters",
    // Fixed-window counts shared by every process on this store (store/rateCounters.ts): the
    // rate limits and analytics quotas. expires_at is the window's end, for the purge.
    sql: `
      CREATE TABLE rate_counters (
        key TEXT PRIMARY KEY,
        window_start INTEGER NOT NULL,
        count INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX rate_counters_expires ON rate_counters (expires_at);
    `,
  },
  {
    version: 9,
    name: "media retention",
    // orders.media_purged_at: when the retention job (media/retentionJob.ts,
    // FACEFLOW_MEDIA_RETENTION_DAYS) deleted the order's media; the rows stay. The partial index
    // holds only orders not purged yet, by the time their media falls due.
    sql: `
      ALTER TABLE orders ADD COLUMN media_purged_at INTEGER;
      CREATE INDEX orders_media_due ON orders ((COALESCE(finished_at, created_at))) WHERE media_purged_at IS NULL;
    `,
  },
  {
    version: 10,
    name: "one passed attempt per order",
    // The verdict's transaction already locks the order and judges only a pending attempt of an
    // unfinished order; this makes "one passed attempt per order" the database's own rule too,
    // whatever instance or bug writes next.
    sql: `
      CREATE UNIQUE INDEX attempts_one_passed ON attempts (order_no) WHERE status = 'passed';
    `,
  },
  {
    version: 11,
    name: "device info of an attempt",
    // attempts.device_info: the page's device-info string (spec §3: device, browser, modes and
    // downgrade codes) sent with the recording, already parsed by the service; for staff.
    sql: `
      ALTER TABLE attempts ADD COLUMN device_info TEXT;
    `,
  },
  {
    version: 12,
    name: "will question by language",
    // orders.will_questions: the will question's texts by language tag (JSON), when the partner
    // sent one per language (issue 17); will_question keeps the default language's text, so
    // orders written before stay readable as they are (null here: one text for every language).
    sql: `
      ALTER TABLE orders ADD COLUMN will_questions TEXT;
    `,
  },
  {
    version: 13,
    name: "media fingerprints",
    // A perceptual fingerprint of each judged recording (store/fingerprints.ts) and its band
    // keys, the index a new recording is looked up in to find an earlier one it replays
    // (verify/fingerprint/replayCheck.ts). Keys go with their fingerprint; fingerprints with their
    // attempt, and are purged by judged_at with the media (media/retentionJob.ts).
    sql: `
      CREATE TABLE media_fingerprints (
        attempt_id INTEGER PRIMARY KEY REFERENCES attempts(id) ON DELETE CASCADE,
        order_no TEXT NOT NULL,
        judged_at INTEGER NOT NULL,
        fingerprint TEXT NOT NULL
      );
      CREATE INDEX media_fingerprints_judged ON media_fingerprints (judged_at);
      CREATE TABLE media_fingerprint_keys (
        band_key INTEGER NOT NULL,
        attempt_id INTEGER NOT NULL REFERENCES media_fingerprints(attempt_id) ON DELETE CASCADE,
        PRIMARY KEY (band_key, attempt_id)
      ) WITHOUT ROWID;
      CREATE INDEX media_fingerprint_keys_attempt ON media_fingerprint_keys (attempt_id);
    `,
  },
  {
    version: 14,
    name: "light challenge of an attempt",
    // attempts.light: the colour sequence drawn for the attempt (JSON, schemas/lightChallenge.ts),
    // what its recording must answer. attempts.live_type: the live type the attempt is judged in
    // when it is not the order's (a light mode's order taken in number mode by a user who must
    // not see flashing light); null: the order's.
    sql: `
      ALTER TABLE attempts ADD COLUMN light TEXT;
      ALTER TABLE attempts ADD COLUMN live_type TEXT;
    `,
  },
  {
    version: 15,
    name: "orders by partner user",
    // The staff order search finds a partner's user's orders, newest first (admin/orders/).
    sql: `
      CREATE INDEX orders_by_user ON orders(user_id, created_at);
    `,
  },
  {
    version: 16,
    name: "webhook outbox",
    // Signed events to each app's webhook URL (src/server/webhooks/): an event is
    // written in the transaction that finishes its order, so none is lost and none is sent for a
    // verdict that rolled back; delivery state and every attempt's answer are kept for staff.
    sql: `
      ALTER TABLE apps ADD COLUMN webhook_url TEXT;
      CREATE TABLE webhook_events (
        id TEXT PRIMARY KEY,
        app_id TEXT NOT NULL,
        order_no TEXT NOT NULL,
        type TEXT NOT NULL,
        body TEXT NOT NULL,
        url TEXT NOT NULL,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at INTEGER NOT NULL,
        lease_until INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        delivered_at INTEGER
      );
      CREATE INDEX webhook_events_due ON webhook_events (state, next_at);
      CREATE INDEX webhook_events_by_order ON webhook_events (order_no);
      CREATE TABLE webhook_attempts (
        event_id TEXT NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        at INTEGER NOT NULL,
        status INTEGER,
        error TEXT,
        answer TEXT,
        ms INTEGER NOT NULL,
        PRIMARY KEY (event_id, n)
      );
    `,
  },
  {
    version: 17,
    name: "phone handoff",
    // A desktop without a usable camera hands the capture to a phone (issue 32,
    // store/handoffs.ts). The phone's session is a session of the same order marked with its
    // handoff, so the routes that would show it the return address or the signed result refuse it.
    sql: `
      CREATE TABLE handoffs (
        id TEXT PRIMARY KEY,
        order_no TEXT NOT NULL REFERENCES orders(order_no),
        desktop_session TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        code_hash TEXT NOT NULL,
        state TEXT NOT NULL,
        phone_session TEXT,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        opened_at INTEGER,
        finished_at INTEGER
      );
      CREATE INDEX handoffs_by_code ON handoffs (code_hash, state);
      CREATE INDEX handoffs_by_desktop ON handoffs (desktop_session, state);
      ALTER TABLE sessions ADD COLUMN handoff_id TEXT;
    `,
  },
  {
    version: 18,
    name: "launch used cookie-less",
    // Whether the login that used a launch was cookie-less (issue 33): the service renders a
    // launch's first page, and a launch used by a browser that keeps cookies, asked for without
    // that browser's session, is shown its "used" screen; a cookie-less browser reloading it
    // carries no session, so its launch is left to the page. Null: used before this was kept.
    sql: `
      ALTER TABLE launches ADD COLUMN used_cookieless INTEGER;
    `,
  },
];
