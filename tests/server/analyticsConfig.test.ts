/**
 * The analytics service configuration (schemas/analyticsService.ts) from the environment:
 * its defaults (a 90-day retention window among them), and refusals that name the variable.
 */
import { describe, expect, it } from "vitest";
import { analyticsOptionsFromEnv } from "../../src/server/analytics";

describe("analytics configuration", () => {
  it("defaults to a 90-day retention and per-session and per-app quotas per hour", () => {
    expect(analyticsOptionsFromEnv({}).service).toEqual({
      quota: { perSession: 1000, perApp: 200_000, windowMs: 3_600_000 },
      retentionDays: 90,
      maintenance: { intervalMs: 3_600_000, batchRows: 2000 },
    });
  });

  it("reads every variable", () => {
    const options = analyticsOptionsFromEnv({
      FACEFLOW_ADMIN_TOKEN: "t",
      FACEFLOW_ANALYTICS_SESSION_QUOTA: "50",
      FACEFLOW_ANALYTICS_APP_QUOTA: "5000",
      FACEFLOW_ANALYTICS_QUOTA_WINDOW_SEC: "600",
      FACEFLOW_ANALYTICS_RETENTION_DAYS: "30",
    });
    expect(options).toMatchObject({ adminToken: "t", service: { quota: { perSession: 50, perApp: 5000, windowMs: 600_000 }, retentionDays: 30 } });
  });

  it("refuses malformed and out-of-range values, naming the variable", () => {
    expect(() => analyticsOptionsFromEnv({ FACEFLOW_ANALYTICS_RETENTION_DAYS: "ninety" })).toThrow(/FACEFLOW_ANALYTICS_RETENTION_DAYS/);
    expect(() => analyticsOptionsFromEnv({ FACEFLOW_ANALYTICS_RETENTION_DAYS: "0" })).toThrow(/FACEFLOW_ANALYTICS_RETENTION_DAYS is out of range \(at least 1\)/);
    expect(() => analyticsOptionsFromEnv({ FACEFLOW_ANALYTICS_SESSION_QUOTA: "-5" })).toThrow(/FACEFLOW_ANALYTICS_SESSION_QUOTA/);
    expect(() => analyticsOptionsFromEnv({ FACEFLOW_ANALYTICS_QUOTA_WINDOW_SEC: "0" })).toThrow(/FACEFLOW_ANALYTICS_QUOTA_WINDOW_SEC/);
  });
});
