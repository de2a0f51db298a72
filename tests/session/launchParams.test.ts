import { describe, expect, it, vi } from "vitest";
import { LAUNCH_KEYS, type LaunchKey, launchParamsSchema, PERSISTENT_LAUNCH_KEYS } from "../../schemas/launch";
import { storedValueSchemas } from "../../schemas/session";
import {
  clearLaunchFields,
  FINISHED_URL,
  isCookieLessMode,
  isFinished,
  parseQuery,
  readLaunch,
} from "../../src/session/launchParams";
import { createKycStorage, createMemoryBackend, type KycStorage } from "../../src/session/storage";

function newStorage(onCorrupt?: (key: string, issue: string) => void): KycStorage {
  return createKycStorage({ backend: createMemoryBackend(), cacheId: "face-1", onCorrupt });
}

function expectOk(result: ReturnType<typeof readLaunch>) {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.issues)}`);
  return result.params;
}

/** A valid value for every launch key. */
const FULL_LAUNCH: Record<LaunchKey, string> = {
  live_type: "2", grade_type: "1", traditional_action: "2,3", will_type: "2", live_inter_type: "0",
  csrf_token: "csrf", rtc_mode_switch: "1", ws_mode_switch: "0", user_id: "U1", wb_token: "T1",
  h5_face_id: "face-1", lips: "1234", signature: "jssig", nonce_str: "n1", time_stamp: "1700000000",
  url: "https://partner.example/back", wb_app_id: "TIDA0001", order_no: "O1", result_type: "1",
  redirect_mode: "1", redirect_type: "1", auth_type: "1", auth_tick_switch: "0", need_auth: "0", theme: "02",
  live_service: "1", turing_switch: "0", rtc_resolution: "480p", popup_context: "请本人操作", from: "app",
  auth_protocol_version: "v1", protocol_corp_name: "某公司", debug_msg: "d", wb_dcn: "dcn",
  priori_mode_switch: "0", splash_page: "1", web_log_report: "1", high_light: "a|b", lang: "en", phone_handoff: "on", sign: "S1",
};

describe("parseQuery", () => {
  it("decodes values, keeps the first of repeated names and accepts a leading ?", () => {
    const query = parseQuery("?live_type=2&live_type=1&theme=&popup_context=%E8%AF%B7%E6%9C%AC%E4%BA%BA+%E6%93%8D%E4%BD%9C");
    expect({ ...query }).toEqual({ live_type: "2", theme: "", popup_context: "请本人 操作" });
  });

  it("does not throw on malformed escapes", () => {
    expect(parseQuery("msg=100%&x=%zz").msg).toBe("100%");
  });

  it("cannot pollute prototypes", () => {
    const query = parseQuery("__proto__=polluted&constructor=c&toString=t");
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(query["__proto__"]).toBe("polluted");
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(Object.keys(query).sort()).toEqual(["__proto__", "constructor", "toString"]);
  });
});

describe("readLaunch", () => {
  it("lets the URL win over stored values and keeps stored ones the URL omits", () => {
    const storage = newStorage();
    expectOk(readLaunch({ query: parseQuery("live_type=1&theme=02&url=https%3A%2F%2Fa.example%2F"), storage }));
    const params = expectOk(readLaunch({ query: parseQuery("live_type=3"), storage }));
    expect(params).toMatchObject({ live_type: "3", theme: "02", url: "https://a.example/" });
    // And what the URL brought is what a later page without query sees.
    expect(expectOk(readLaunch({ query: {}, storage })).live_type).toBe("3");
  });

  it("rejects values outside the spec's enums with one issue per key and stores nothing", () => {
    const storage = newStorage();
    const result = readLaunch({ query: parseQuery("live_type=4&theme=13&redirect_mode=3&url=https%3A%2F%2Fa.example%2F"), storage });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => issue.key).sort()).toEqual(["live_type", "redirect_mode", "theme"]);
    expect(result.issues.find((issue) => issue.key === "live_type")?.message).toContain('"1", "2", "3"');
    expect(storage.keys()).toEqual([]);
  });

  it("ignores query names that are not launch parameters", () => {
    const params = expectOk(readLaunch({ query: parseQuery("code=wxcode123&status=x&live_type=2"), storage: newStorage() }));
    expect(params).toEqual({ live_type: "2" });
  });

  it("cuts popup_context to 70 characters, also in storage", () => {
    const storage = newStorage();
    const long = "请".repeat(50) + "确认".repeat(25);
    const params = expectOk(readLaunch({ query: { popup_context: long }, storage }));
    expect(params.popup_context).toBe(long.slice(0, 70));
    expect(params.popup_context).toHaveLength(70);
    expect(expectOk(readLaunch({ query: {}, storage })).popup_context).toHaveLength(70);
  });

  it("treats a corrupt stored field as absent and reports it, instead of failing the launch", () => {
    const onCorrupt = vi.fn();
    const storage = newStorage(onCorrupt);
    storage.setJSON("live_type", "9");
    storage.setJSON("theme", "02");
    const params = expectOk(readLaunch({ query: {}, storage }));
    expect(params).toEqual({ theme: "02" });
    expect(onCorrupt).toHaveBeenCalledWith("live_type", expect.any(String));
  });

  describe("sign rule", () => {
    it("a sign in the URL selects cookie-less mode", () => {
      expect(isCookieLessMode(parseQuery("sign=S1"))).toBe(true);
      expect(isCookieLessMode(parseQuery("sign="))).toBe(false);
      expect(isCookieLessMode(parseQuery("order_no=O1"))).toBe(false);
    });

    it("clears the stored login sign when the URL sign differs", () => {
      const storage = newStorage();
      storage.setJSON("loginSign", "OLD");
      expectOk(readLaunch({ query: parseQuery("sign=NEW"), storage }));
      expect(storage.getParsed("loginSign", storedValueSchemas.loginSign)).toBeUndefined();
    });

    it("keeps the stored login sign when the URL sign is the same, or absent", () => {
      const storage = newStorage();
      storage.setJSON("loginSign", "SAME");
      expectOk(readLaunch({ query: parseQuery("sign=SAME"), storage }));
      expect(storage.getParsed("loginSign", storedValueSchemas.loginSign)).toBe("SAME");
      expectOk(readLaunch({ query: parseQuery("live_type=1"), storage }));
      expect(storage.getParsed("loginSign", storedValueSchemas.loginSign)).toBe("SAME");
    });
  });
});

describe("clearLaunchFields", () => {
  it("keeps exactly the persistent launch fields, sets url to the text null and leaves other values", () => {
    const storage = newStorage();
    expectOk(readLaunch({ query: FULL_LAUNCH, storage }));
    storage.setJSON("noRetry", true);
    expect(new Set(storage.keys())).toEqual(new Set([...LAUNCH_KEYS, "noRetry"]));
    expect(isFinished(storage)).toBe(false);

    clearLaunchFields(storage);

    expect(new Set(storage.keys())).toEqual(new Set([...PERSISTENT_LAUNCH_KEYS, "noRetry"]));
    expect(storage.getParsed("url", launchParamsSchema.shape.url)).toBe(FINISHED_URL);
    expect(FINISHED_URL).toBe("null");
    expect(isFinished(storage)).toBe(true);
    const after = expectOk(readLaunch({ query: {}, storage }));
    expect(after).toEqual({
      url: "null", order_no: "O1", wb_app_id: "TIDA0001", h5_face_id: "face-1", signature: "jssig",
      nonce_str: "n1", time_stamp: "1700000000", user_id: "U1", from: "app", theme: "02",
    });
  });
});
