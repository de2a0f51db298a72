import { describe, expect, it } from "vitest";
import apps from "../../flows/apps.json";
import { appsFileSchema } from "../../schemas/apps";
import { isValidVersionSpec } from "../../schemas/versionSpec";
import { canChangeCamera, isWxCameraDowngraded, type WxCameraPolicy } from "../../src/device/wxCameraPolicy";

const policy: WxCameraPolicy = {
  wxCameraDowngrade: { "*": ["8.0.40-8.0.42"], APP_ALL: ["*"], APP_SOME: ["7.0.20", "8.0.1-8.0.5"] },
  unchangeableCameraAppIds: ["APP_FIXED"],
};

describe("isWxCameraDowngraded", () => {
  it('applies the "*" versions to every app', () => {
    expect(isWxCameraDowngraded("ANY_APP", "8.0.41", policy)).toBe(true);
    expect(isWxCameraDowngraded("ANY_APP", "8.0.42.2380", policy)).toBe(true);
    expect(isWxCameraDowngraded("APP_SOME", "8.0.40", policy)).toBe(true);
  });

  it("leaves other versions of an unlisted app alone", () => {
    expect(isWxCameraDowngraded("ANY_APP", "8.0.43", policy)).toBe(false);
    expect(isWxCameraDowngraded("ANY_APP", "8.0.39", policy)).toBe(false);
  });

  it("downgrades every version for an app listed with *", () => {
    expect(isWxCameraDowngraded("APP_ALL", "8.0.50", policy)).toBe(true);
    expect(isWxCameraDowngraded("APP_ALL", null, policy)).toBe(true);
  });

  it("downgrades an app's single versions and ranges, and nothing else", () => {
    expect(isWxCameraDowngraded("APP_SOME", "7.0.20", policy)).toBe(true);
    expect(isWxCameraDowngraded("APP_SOME", "8.0.3", policy)).toBe(true);
    expect(isWxCameraDowngraded("APP_SOME", "7.0.21", policy)).toBe(false);
    expect(isWxCameraDowngraded("APP_SOME", "8.0.6", policy)).toBe(false);
  });

  it("an unknown messaging-app version is only downgraded by *", () => {
    expect(isWxCameraDowngraded("APP_SOME", null, policy)).toBe(false);
  });

  it("works without a * entry", () => {
    const onlyOne: WxCameraPolicy = { wxCameraDowngrade: { APP_SOME: ["8.0.1"] }, unchangeableCameraAppIds: [] };
    expect(isWxCameraDowngraded("OTHER", "8.0.1", onlyOne)).toBe(false);
    expect(isWxCameraDowngraded("APP_SOME", "8.0.1", onlyOne)).toBe(true);
  });
});

describe("canChangeCamera", () => {
  it("forbids switching cameras only for apps on the unchangeable list", () => {
    expect(canChangeCamera("APP_FIXED", policy)).toBe(false);
    expect(canChangeCamera("APP_SOME", policy)).toBe(true);
  });
});

describe("the shipped flows/apps.json camera policy", () => {
  const file = appsFileSchema.parse(apps);

  it("has only well-formed, ordered version specs", () => {
    for (const [appId, specs] of Object.entries(file.wxCameraDowngrade)) {
      for (const spec of specs) expect(isValidVersionSpec(spec), `${appId}: ${spec}`).toBe(true);
    }
  });

  it("downgrades messaging app 8.0.41 for the default app and keeps TIDA0030 on one camera", () => {
    expect(isWxCameraDowngraded(file.defaultAppId, "8.0.41", file)).toBe(true);
    expect(canChangeCamera("TIDA0030", file)).toBe(false);
  });

  it("has well-formed allowed origins (scheme, host, optional port, no path)", () => {
    for (const origin of file.wxCameraAllowedOrigins) expect(origin).toMatch(/^https?:\/\/[^/\s]+$/);
  });
});
