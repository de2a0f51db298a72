/**
 * Which store the environment chooses, and the values it refuses at start rather than run
 * with: no network here, so S3 stores are only built and described.
 */
import { describe, expect, it } from "vitest";
import { mediaStoreConfigFromEnv, mediaStoreFromEnv } from "../../../src/server/media/store/mediaStoreFromEnv";

const LOCAL = "/var/lib/faceflow/media";

describe("mediaStoreFromEnv", () => {
  it("keeps media in the local directory when no bucket is set (empty counts as unset)", () => {
    expect(mediaStoreConfigFromEnv({}, LOCAL)).toEqual({ kind: "local", dir: LOCAL });
    expect(mediaStoreConfigFromEnv({ FACEFLOW_S3_BUCKET: "", FACEFLOW_S3_PREFIX: "" }, LOCAL)).toEqual({ kind: "local", dir: LOCAL });
    expect(mediaStoreFromEnv({}, LOCAL).describe()).toBe(`local ${LOCAL}`);
  });

  it("does not read AWS_REGION for a local store, so another tool's value cannot stop the start", () => {
    expect(mediaStoreConfigFromEnv({ AWS_REGION: "not a region" }, LOCAL)).toEqual({ kind: "local", dir: LOCAL });
  });

  it("chooses S3 when a bucket is set, with AWS's defaults", () => {
    expect(mediaStoreConfigFromEnv({ FACEFLOW_S3_BUCKET: "faceflow-media" }, LOCAL)).toEqual({
      kind: "s3",
      bucket: "faceflow-media",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
      prefix: undefined,
    });
    expect(mediaStoreConfigFromEnv({ FACEFLOW_S3_BUCKET: "faceflow-media", AWS_REGION: "eu-west-3" }, LOCAL)).toMatchObject({ region: "eu-west-3" });
    expect(mediaStoreFromEnv({ FACEFLOW_S3_BUCKET: "faceflow-media", AWS_REGION: "eu-west-3" }, LOCAL).describe()).toBe("s3 faceflow-media@s3.eu-west-3.amazonaws.com");
  });

  it("reads an S3-compatible server's endpoint, region, path style and prefix", () => {
    const env = {
      FACEFLOW_S3_BUCKET: "media.example",
      FACEFLOW_S3_ENDPOINT: "http://minio:9000",
      FACEFLOW_S3_REGION: "garage",
      AWS_REGION: "eu-west-3",
      FACEFLOW_S3_PATH_STYLE: "true",
      FACEFLOW_S3_PREFIX: "prod/media/",
    };
    expect(mediaStoreConfigFromEnv(env, LOCAL)).toEqual({ kind: "s3", bucket: "media.example", endpoint: "http://minio:9000", region: "garage", forcePathStyle: true, prefix: "prod/media" });
    expect(mediaStoreFromEnv(env, LOCAL).describe()).toBe("s3 media.example@minio:9000 prefix prod/media/");
    for (const [value, expected] of [["1", true], ["true", true], ["0", false], ["false", false]] as const) {
      expect(mediaStoreConfigFromEnv({ FACEFLOW_S3_BUCKET: "b-1", FACEFLOW_S3_PATH_STYLE: value }, LOCAL)).toMatchObject({ forcePathStyle: expected });
    }
  });

  it.each([
    ["FACEFLOW_S3_BUCKET", { FACEFLOW_S3_BUCKET: "Media_Bucket" }],
    ["FACEFLOW_S3_BUCKET", { FACEFLOW_S3_BUCKET: "ab" }],
    ["FACEFLOW_S3_ENDPOINT", { FACEFLOW_S3_BUCKET: "b-1", FACEFLOW_S3_ENDPOINT: "minio:9000" }],
    ["FACEFLOW_S3_ENDPOINT", { FACEFLOW_S3_BUCKET: "b-1", FACEFLOW_S3_ENDPOINT: "ftp://minio" }],
    ["FACEFLOW_S3_ENDPOINT", { FACEFLOW_S3_BUCKET: "b-1", FACEFLOW_S3_ENDPOINT: "http://key:secret@minio:9000" }],
    ["FACEFLOW_S3_ENDPOINT", { FACEFLOW_S3_BUCKET: "b-1", FACEFLOW_S3_ENDPOINT: "http://minio:9000/bucket" }],
    ["FACEFLOW_S3_REGION", { FACEFLOW_S3_BUCKET: "b-1", FACEFLOW_S3_REGION: "eu west" }],
    ["AWS_REGION", { FACEFLOW_S3_BUCKET: "b-1", AWS_REGION: "eu/west" }],
    ["FACEFLOW_S3_PATH_STYLE", { FACEFLOW_S3_BUCKET: "b-1", FACEFLOW_S3_PATH_STYLE: "yes" }],
    ["FACEFLOW_S3_PREFIX", { FACEFLOW_S3_BUCKET: "b-1", FACEFLOW_S3_PREFIX: "../other" }],
    ["FACEFLOW_S3_PREFIX", { FACEFLOW_S3_BUCKET: "b-1", FACEFLOW_S3_PREFIX: "/abs" }],
    ["FACEFLOW_S3_PREFIX", { FACEFLOW_S3_BUCKET: "b-1", FACEFLOW_S3_PREFIX: "a//b" }],
  ])("refuses a bad %s, naming it", (variable, env) => {
    expect(() => mediaStoreConfigFromEnv(env, LOCAL)).toThrow(new RegExp(`^media store configuration refused: ${variable}: expected `));
  });

  it("refuses S3 settings without a bucket instead of quietly keeping media on this machine", () => {
    expect(() => mediaStoreConfigFromEnv({ FACEFLOW_S3_ENDPOINT: "http://minio:9000", FACEFLOW_S3_PATH_STYLE: "1" }, LOCAL)).toThrow(
      "FACEFLOW_S3_ENDPOINT, FACEFLOW_S3_PATH_STYLE set without FACEFLOW_S3_BUCKET",
    );
  });

  it("never puts an endpoint's credentials in an error message", () => {
    expect(() => mediaStoreConfigFromEnv({ FACEFLOW_S3_BUCKET: "b-1", FACEFLOW_S3_ENDPOINT: "http://key:secret@minio:9000" }, LOCAL)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("secret") }),
    );
  });
});
