/**
 * The configuration as the source of truth for partner apps (src/server/apps.ts): what a start
 * does to the store's apps, the rotation settings as configured, and which secrets are
 * accepted when. The service-level paths are in appRevocation.test.ts and secretRotation.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acceptedSecrets, activeApp, BUILT_IN_DEMO_SECRET, ensureApps } from "../../src/server/apps";
import { ConfigError, loadServerConfig } from "../../src/server/config";
import { createStore, type Store } from "../../src/server/store";
import { orderRecord } from "./store/engines";

async function withStore(fn: (store: Store) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "faceflow-apps-config-"));
  const store = createStore(join(dir, "db.sqlite"));
  try {
    await fn(store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const P2 = { secret: "p2-secret-0123456789abcdef" };

describe("ensureApps", () => {
  it("disables an app the configuration no longer has, keeps its row, and enables it when configured again", async () => {
    await withStore(async (store) => {
      expect(await ensureApps(store, { environment: "local", apps: { P2 }, now: 1 })).toEqual({ disabled: [] });
      expect(await ensureApps(store, { environment: "local", apps: {}, now: 2 })).toEqual({ disabled: ["P2"] });
      // Reported once, when it happens; the row stays with its secret for the orders that name it.
      expect(await ensureApps(store, { environment: "local", apps: {}, now: 3 })).toEqual({ disabled: [] });
      expect(await store.apps.get("P2")).toMatchObject({ secret: P2.secret, disabledAt: 2 });
      expect(await activeApp(store, "P2")).toBeNull();
      expect(await activeApp(store, "TIDA0001")).not.toBeNull();
      await ensureApps(store, { environment: "local", apps: { P2 }, now: 4 });
      expect(await activeApp(store, "P2")).toMatchObject({ secret: P2.secret, disabledAt: null });
    });
  });

  it("ends the sessions of a disabled app's orders and no other", async () => {
    await withStore(async (store) => {
      await ensureApps(store, { environment: "local", apps: { P2 }, now: 1 });
      for (const [orderNo, appId] of [["ord_p2", "P2"], ["ord_demo", "TIDA0001"]] as const) {
        await store.orders.insert(orderRecord(orderNo, appId, { createdAt: 1, updatedAt: 1 }));
        await store.launches.insert({ nonce: `n_${orderNo}`, orderNo, params: {}, expiresAt: 10_000, createdAt: 1 });
        await store.sessions.insert({ sessionHash: `s_${orderNo}`, orderNo, launchNonce: `n_${orderNo}`, createdAt: 1, expiresAt: 10_000, handoffId: null });
      }
      await ensureApps(store, { environment: "local", apps: {}, now: 2 });
      expect(await store.sessions.get("s_ord_p2")).toBeNull();
      expect(await store.sessions.get("s_ord_demo")).not.toBeNull();
      expect(await store.orders.get("ord_p2")).toMatchObject({ appId: "P2", state: "in_progress" });
    });
  });

  it("puts the demo app back to the built-in one outside release when its configured secret is removed", async () => {
    await withStore(async (store) => {
      await ensureApps(store, { environment: "local", apps: { TIDA0001: { secret: "configured-demo-secret-0123456789" } }, now: 1 });
      await ensureApps(store, { environment: "local", apps: {}, now: 2 });
      expect(await activeApp(store, "TIDA0001")).toMatchObject({ secret: BUILT_IN_DEMO_SECRET, allowedOrigins: ["self"] });
    });
  });

  it("in release does not fall back to a demo secret stored by an earlier start", async () => {
    await withStore(async (store) => {
      await ensureApps(store, { environment: "release", apps: { TIDA0001: { secret: "configured-demo-secret-0123456789" } }, now: 1 });
      await expect(ensureApps(store, { environment: "release", apps: {}, now: 2 })).rejects.toThrow(ConfigError);
    });
  });

  it("stores a rotation and refuses one that is no rotation, or that keeps the demo secret in release", async () => {
    await withStore(async (store) => {
      const until = "2030-01-01T01:00:00Z";
      await ensureApps(store, { environment: "local", apps: { P2: { secret: "next-secret-0123456789", previousSecret: { secret: P2.secret, until } } }, now: 1 });
      expect((await store.apps.get("P2"))?.previousSecret).toEqual({ secret: P2.secret, until: Date.parse(until) });
      // Configured without it again: the previous secret is gone at once.
      await ensureApps(store, { environment: "local", apps: { P2: { secret: "next-secret-0123456789" } }, now: 2 });
      expect((await store.apps.get("P2"))?.previousSecret).toBeNull();
      await expect(ensureApps(store, { environment: "local", apps: { P2: { ...P2, previousSecret: { secret: P2.secret, until } } }, now: 3 })).rejects.toThrow(
        /same as secret/,
      );
      const demo = { TIDA0001: { secret: "a-real-secret-0123456789", previousSecret: { secret: BUILT_IN_DEMO_SECRET, until } } };
      await expect(ensureApps(store, { environment: "release", apps: demo, now: 3 })).rejects.toThrow(/built-in demo secret/);
    });
  });
});

describe("acceptedSecrets", () => {
  const app = { secret: "next", previousSecret: { secret: "old", until: 1000 } };
  it("accepts the previous secret until its end and only the current one from then on", () => {
    expect(acceptedSecrets(app, 999)).toEqual(["next", "old"]);
    expect(acceptedSecrets(app, 1000)).toEqual(["next"]);
    expect(acceptedSecrets({ secret: "only", previousSecret: null }, 0)).toEqual(["only"]);
  });
});

describe("previousSecret in the configuration", () => {
  const env = (app: unknown) => ({ FACEFLOW_APP_SECRETS: JSON.stringify({ P2: app }) });
  it("is read from FACEFLOW_APP_SECRETS", () => {
    const previousSecret = { secret: "old-secret-0123456789", until: "2030-01-08T08:00:00+08:00" };
    expect(loadServerConfig(env({ secret: "new-secret-0123456789", previousSecret })).apps.P2).toEqual({ secret: "new-secret-0123456789", previousSecret });
  });

  it("needs a long enough secret and an end with its time zone", () => {
    const bad = [
      { secret: "short", until: "2030-01-08T00:00:00Z" },
      { secret: "old-secret-0123456789" },
      { secret: "old-secret-0123456789", until: "2030-01-08T00:00:00" },
      { secret: "old-secret-0123456789", until: "next week" },
      { secret: "old-secret-0123456789", until: "2030-01-08T00:00:00Z", extra: 1 },
    ];
    for (const previousSecret of bad) {
      expect(() => loadServerConfig(env({ secret: "new-secret-0123456789", previousSecret })), JSON.stringify(previousSecret)).toThrow(ConfigError);
    }
  });
});
