import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILT_IN_DEMO_SECRET, ensureApps } from "../../src/server/apps";
import { secretWeakness } from "../../src/server/auth/secretStrength";
import { ConfigError, loadServerConfig } from "../../src/server/config";
import { createStore } from "../../src/server/store";
import { migrate, openDatabase } from "../../src/server/store/database";
import { MIGRATIONS } from "../../src/server/store/migrations";

describe("loadServerConfig", () => {
  it("has the documented defaults", () => {
    expect(loadServerConfig({})).toEqual({
      host: "127.0.0.1",
      port: 8080,
      dbPath: "./data/faceflow.sqlite",
      databaseUrl: undefined,
      role: "all",
      drainDelayMs: 0,
      drainTimeoutMs: 120_000,
      verifyTimeoutMs: undefined,
      mediaDir: "./data/media",
      appDir: undefined,
      environment: "local",
      publicOrigin: undefined,
      apps: {},
      cspConnectSrc: [],
      demo: true,
      trustProxy: false,
    });
  });

  it("reads the scale-out settings, and refuses a role, database URL or drain time it does not know", () => {
    const config = loadServerConfig({
      FACEFLOW_DATABASE_URL: "postgres://faceflow:pw@db.internal:5432/faceflow",
      FACEFLOW_ROLE: "worker",
      FACEFLOW_DRAIN_DELAY_MS: "5000",
      FACEFLOW_DRAIN_TIMEOUT_MS: "60000",
    });
    expect(config).toMatchObject({ databaseUrl: "postgres://faceflow:pw@db.internal:5432/faceflow", role: "worker", drainDelayMs: 5000, drainTimeoutMs: 60000 });
    expect(() => loadServerConfig({ FACEFLOW_ROLE: "both" })).toThrow(/FACEFLOW_ROLE/);
    expect(() => loadServerConfig({ FACEFLOW_DATABASE_URL: "mysql://x@y/z" })).toThrow(/FACEFLOW_DATABASE_URL/);
    // The password in a refused URL is not repeated in the message.
    expect(() => loadServerConfig({ FACEFLOW_DATABASE_URL: "postgres://u:s3cret pw@h/d" })).toThrow(/^(?!.*s3cret)/s);
    expect(() => loadServerConfig({ FACEFLOW_DRAIN_TIMEOUT_MS: "-1" })).toThrow(/FACEFLOW_DRAIN_TIMEOUT_MS/);
  });

  it("reads secrets from FACEFLOW_APP_SECRETS (plain or detailed) over the config file", () => {
    const file = JSON.stringify({
      apps: { TIDA0001: "file-secret-0123456789", P2: { secret: "p2-secret-0123456789", allowedOrigins: ["https://p2.example"] } },
      publicOrigin: "https://faceflow.example",
      cspConnectSrc: ["wss://rtc.example"],
    });
    const config = loadServerConfig(
      {
        FACEFLOW_CONFIG: "/etc/faceflow.json",
        FACEFLOW_APP_SECRETS: JSON.stringify({ TIDA0001: "env-secret-0123456789" }),
        FACEFLOW_CSP_CONNECT_SRC: "https://log.example",
        PORT: "9000",
        FACEFLOW_DEMO: "off",
      },
      (path) => (path === "/etc/faceflow.json" ? file : ""),
    );
    expect(config.apps).toEqual({
      TIDA0001: { secret: "env-secret-0123456789" },
      P2: { secret: "p2-secret-0123456789", allowedOrigins: ["https://p2.example"] },
    });
    expect(config).toMatchObject({ port: 9000, publicOrigin: "https://faceflow.example", demo: false, cspConnectSrc: ["wss://rtc.example", "https://log.example"] });
  });

  it("names the variable when a value is wrong", () => {
    expect(() => loadServerConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadServerConfig({ FACEFLOW_APP_SECRETS: "{" })).toThrow(/FACEFLOW_APP_SECRETS is not valid JSON/);
    expect(() => loadServerConfig({ FACEFLOW_APP_SECRETS: JSON.stringify({ A: "short" }) })).toThrow(/at least 16/);
    expect(() => loadServerConfig({ FACEFLOW_APP_SECRETS: JSON.stringify({ A: { secret: "x".repeat(20), allowedOrigins: ["https://a.example/path"] } }) })).toThrow(
      /origin/,
    );
    expect(() => loadServerConfig({ FACEFLOW_PUBLIC_ORIGIN: "ftp://x" })).toThrow(ConfigError);
  });
});

describe("FACEFLOW_TRUST_PROXY (issue 18, finding 2)", () => {
  const trust = (value: string) => loadServerConfig({ FACEFLOW_TRUST_PROXY: value }).trustProxy;

  it("takes a number of proxy hops or the proxies' addresses, and off", () => {
    expect(trust("1")).toBe(1);
    expect(trust("2")).toBe(2);
    expect(trust("10.0.0.0/8, 192.168.1.7,fd00::/8,loopback")).toEqual(["10.0.0.0/8", "192.168.1.7", "fd00::/8", "loopback"]);
    for (const off of ["off", "0", "false"]) expect(trust(off)).toBe(false);
  });

  it('refuses "on" (every hop trusted: a client would choose its own address) and what is no address', () => {
    for (const every of ["on", "true", "ON"]) expect(() => trust(every)).toThrow(/FACEFLOW_TRUST_PROXY.*every hop/s);
    expect(() => trust("10.0.0.0/33")).toThrow(/"10.0.0.0\/33" is not an IP address/);
    expect(() => trust("proxy.internal")).toThrow(ConfigError);
    expect(() => trust("99")).toThrow(/at most 16/);
  });
});

describe("release secrets (issue 18, finding 8)", () => {
  const release = (secret: string, appId = "P2") =>
    loadServerConfig({ FACEFLOW_ENV: "release", FACEFLOW_APP_SECRETS: JSON.stringify({ TIDA0001: randomBytes(16).toString("hex"), [appId]: secret }) });

  it("refuses short, repeated, patterned, low-variety and dictionary-like secrets, naming the app", () => {
    const weak = [
      "a".repeat(16),
      "a".repeat(32),
      "ab".repeat(16),
      "0123456789abcdef0123456789abcdef",
      "abcdefghijklmnopqrstuvwxyz012345",
      "aaaabbbbccccddddeeeeffffgggghhhh",
      "Aa1!".repeat(8),
      "qwertyuiopasdfghjklzxcvbnm123456",
      "my-app-secret-for-the-partner-42",
      "Password-Password-Password-2024!",
      "changeme-changeme-changeme-12345",
      "x9x9x9x9y8y8y8y8z7z7z7z7w6w6w6w6",
      "partner-P2MERCHANT-key-7Hq!zR4&w",
    ];
    for (const secret of weak) expect(() => release(secret, "P2MERCHANT"), secret).toThrow(/release: app P2MERCHANT: secret is too weak/);
    expect(() =>
      loadServerConfig({
        FACEFLOW_ENV: "release",
        FACEFLOW_APP_SECRETS: JSON.stringify({ TIDA0001: { secret: randomBytes(16).toString("hex"), previousSecret: { secret: "z".repeat(32), until: "2030-01-01T00:00:00Z" } } }),
      }),
    ).toThrow(/previousSecret.secret is too weak/);
  });

  it("accepts random secrets of 32 hex or base64 characters and longer, and leaves other environments alone", () => {
    for (let i = 0; i < 200; i++) {
      for (const secret of [randomBytes(16).toString("hex"), randomBytes(24).toString("base64"), randomBytes(24).toString("base64url"), randomBytes(32).toString("hex")]) {
        expect(secretWeakness(secret, ["P2"]), secret).toBeNull();
      }
    }
    expect(release(randomBytes(16).toString("hex")).apps.P2?.secret).toMatch(/^[0-9a-f]{32}$/);
    expect(loadServerConfig({ FACEFLOW_APP_SECRETS: JSON.stringify({ P2: "a".repeat(16) }) }).apps.P2?.secret).toBe("a".repeat(16));
  });

  it("holds the dashboard's admin token to the same rule in release, and leaves it alone elsewhere", () => {
    const apps = JSON.stringify({ TIDA0001: randomBytes(16).toString("hex") });
    const withAdmin = (token: string, env = "release") => loadServerConfig({ FACEFLOW_ENV: env, FACEFLOW_APP_SECRETS: apps, FACEFLOW_ADMIN_TOKEN: token });
    for (const token of ["admin", "admin-token-please-change-me-now!", "0".repeat(40)]) {
      expect(() => withAdmin(token), token).toThrow(/FACEFLOW_ADMIN_TOKEN is too weak/);
    }
    expect(() => withAdmin(randomBytes(32).toString("hex"))).not.toThrow();
    expect(() => withAdmin("admin", "local")).not.toThrow();
  });
});

describe("ensureApps", () => {
  const withStore = async (fn: (store: ReturnType<typeof createStore>) => Promise<void>) => {
    const dir = mkdtempSync(join(tmpdir(), "faceflow-apps-"));
    const store = createStore(join(dir, "db.sqlite"));
    try {
      await fn(store);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("creates the demo app with the built-in secret and the service's own origin outside release", async () => {
    await withStore(async (store) => {
      await ensureApps(store, { environment: "local", apps: {}, now: 1 });
      expect(await store.apps.get("TIDA0001")).toMatchObject({ secret: BUILT_IN_DEMO_SECRET, allowedOrigins: ["self"] });
    });
  });

  it("in release refuses to start without a configured demo secret, and refuses the built-in one", async () => {
    await withStore(async (store) => {
      await expect(ensureApps(store, { environment: "release", apps: {}, now: 1 })).rejects.toThrow(/FACEFLOW_APP_SECRETS/);
      await ensureApps(store, { environment: "local", apps: {}, now: 1 });
      await expect(ensureApps(store, { environment: "release", apps: {}, now: 2 })).rejects.toThrow(ConfigError);
      await expect(ensureApps(store, { environment: "release", apps: { TIDA0001: { secret: BUILT_IN_DEMO_SECRET } }, now: 2 })).rejects.toThrow(
        /built-in demo secret/,
      );
      await ensureApps(store, { environment: "release", apps: { TIDA0001: { secret: "a-real-secret-0123456789" } }, now: 3 });
      expect((await store.apps.get("TIDA0001"))?.secret).toBe("a-real-secret-0123456789");
    });
  });

  it("updates a configured app's secret and origins on every start", async () => {
    await withStore(async (store) => {
      await ensureApps(store, { environment: "local", apps: { P2: { secret: "first-secret-0123456789", allowedOrigins: ["https://a.example"] } }, now: 1 });
      await ensureApps(store, { environment: "local", apps: { P2: { secret: "second-secret-0123456789", allowedOrigins: ["https://b.example"] } }, now: 2 });
      expect(await store.apps.get("P2")).toMatchObject({ secret: "second-secret-0123456789", allowedOrigins: ["https://b.example"] });
    });
  });
});

describe("migrations", () => {
  it("are applied once and refuse a newer database", async () => {
    const dir = mkdtempSync(join(tmpdir(), "faceflow-migrate-"));
    try {
      // Migrations are SQLite's own (better-sqlite3, synchronous): the file as the store opens it.
      const db = openDatabase(join(dir, "db.sqlite"));
      const newest = Math.max(...MIGRATIONS.map((m) => m.version));
      expect(db.pragma("user_version", { simple: true })).toBe(newest);
      // Already applied: re-running the newest number must not execute its SQL again.
      migrate(db, [{ version: newest, name: "already applied", sql: "SELECT no_such_column FROM no_such_table" }]);
      expect(() => migrate(db, [])).toThrow(/newer than this service knows/);
      db.close();
      const reopened = createStore(join(dir, "db.sqlite"));
      expect(await reopened.sql.all("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")).toEqual(
        ["analytics_counts", "analytics_events", "analytics_funnel_users", "analytics_load_times", "analytics_order_counts", "analytics_order_facts", "apps", "attempts", "handoffs", "launches", "media_fingerprint_keys", "media_fingerprints", "orders", "partner_nonces", "rate_counters", "recordings", "results", "sessions", "settings", "sqlite_sequence", "verify_jobs", "webhook_attempts", "webhook_events"].map((name) => ({ name })),
      );
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
