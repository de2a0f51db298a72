import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILT_IN_DEMO_SECRET, ensureApps } from "../../src/server/apps";
import { ConfigError, loadServerConfig } from "../../src/server/config";
import { createStore } from "../../src/server/store";
import { migrate } from "../../src/server/store/database";
import { MIGRATIONS } from "../../src/server/store/migrations";

describe("loadServerConfig", () => {
  it("has the documented defaults", () => {
    expect(loadServerConfig({})).toEqual({
      host: "127.0.0.1",
      port: 8080,
      dbPath: "./data/faceflow.sqlite",
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

describe("ensureApps", () => {
  const withStore = (fn: (store: ReturnType<typeof createStore>) => void) => {
    const dir = mkdtempSync(join(tmpdir(), "faceflow-apps-"));
    const store = createStore(join(dir, "db.sqlite"));
    try {
      fn(store);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("creates the demo app with the built-in secret and the service's own origin outside release", () => {
    withStore((store) => {
      ensureApps(store, { environment: "local", apps: {}, now: 1 });
      expect(store.apps.get("TIDA0001")).toMatchObject({ secret: BUILT_IN_DEMO_SECRET, allowedOrigins: ["self"] });
    });
  });

  it("in release refuses to start without a configured demo secret, and refuses the built-in one", () => {
    withStore((store) => {
      expect(() => ensureApps(store, { environment: "release", apps: {}, now: 1 })).toThrow(/FACEFLOW_APP_SECRETS/);
      ensureApps(store, { environment: "local", apps: {}, now: 1 });
      expect(() => ensureApps(store, { environment: "release", apps: {}, now: 2 })).toThrow(ConfigError);
      expect(() => ensureApps(store, { environment: "release", apps: { TIDA0001: { secret: BUILT_IN_DEMO_SECRET } }, now: 2 })).toThrow(
        /built-in demo secret/,
      );
      ensureApps(store, { environment: "release", apps: { TIDA0001: { secret: "a-real-secret-0123456789" } }, now: 3 });
      expect(store.apps.get("TIDA0001")?.secret).toBe("a-real-secret-0123456789");
    });
  });

  it("updates a configured app's secret and origins on every start", () => {
    withStore((store) => {
      ensureApps(store, { environment: "local", apps: { P2: { secret: "first-secret-0123456789", allowedOrigins: ["https://a.example"] } }, now: 1 });
      ensureApps(store, { environment: "local", apps: { P2: { secret: "second-secret-0123456789", allowedOrigins: ["https://b.example"] } }, now: 2 });
      expect(store.apps.get("P2")).toMatchObject({ secret: "second-secret-0123456789", allowedOrigins: ["https://b.example"] });
    });
  });
});

describe("migrations", () => {
  it("are applied once and refuse a newer database", () => {
    const dir = mkdtempSync(join(tmpdir(), "faceflow-migrate-"));
    try {
      const store = createStore(join(dir, "db.sqlite"));
      const newest = Math.max(...MIGRATIONS.map((m) => m.version));
      expect(store.db.pragma("user_version", { simple: true })).toBe(newest);
      // Already applied: re-running the newest number must not execute its SQL again.
      migrate(store.db, [{ version: newest, name: "already applied", sql: "SELECT no_such_column FROM no_such_table" }]);
      expect(() => migrate(store.db, [])).toThrow(/newer than this service knows/);
      store.close();
      const reopened = createStore(join(dir, "db.sqlite"));
      expect(reopened.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all()).toEqual(
        ["analytics_counts", "analytics_events", "analytics_funnel_users", "analytics_load_times", "apps", "attempts", "launches", "orders", "partner_nonces", "recordings", "results", "sessions", "settings", "sqlite_sequence", "verify_jobs"].map((name) => ({ name })),
      );
      reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
