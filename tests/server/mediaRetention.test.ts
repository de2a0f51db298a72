/**
 * The media retention job on the embedded store (its contract: mediaRetentionContract.ts), and
 * the FACEFLOW_MEDIA_RETENTION_DAYS setting.
 */
import { describe, expect, it } from "vitest";
import { mediaRetentionConfigOf } from "../../schemas/mediaRetention";
import { mediaRetentionFromEnv } from "../../src/server/media/retentionJob";
import { mediaRetentionContract } from "./mediaRetentionContract";
import { sqliteEngine } from "./store/engines";

mediaRetentionContract(sqliteEngine);

describe("FACEFLOW_MEDIA_RETENTION_DAYS", () => {
  it("is off when unset or empty, a number of days otherwise", () => {
    expect(mediaRetentionFromEnv({})).toBeNull();
    expect(mediaRetentionFromEnv({ FACEFLOW_MEDIA_RETENTION_DAYS: "" })).toBeNull();
    expect(mediaRetentionConfigOf({ FACEFLOW_MEDIA_RETENTION_DAYS: "30" })).toEqual({ days: 30, maintenance: { intervalMs: 3_600_000, batchOrders: 100 } });
  });

  it.each(["0", "-1", "thirty", "1.5", "36501"])("refuses %j, naming the variable", (value) => {
    expect(() => mediaRetentionFromEnv({ FACEFLOW_MEDIA_RETENTION_DAYS: value })).toThrow(/FACEFLOW_MEDIA_RETENTION_DAYS/);
  });
});
