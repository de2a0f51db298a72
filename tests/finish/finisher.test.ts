import { describe, expect, it, vi } from "vitest";
import { createFinisher, REDIRECT_DEBOUNCE_MS, type FinisherDeps, type StoredLaunchKey } from "../../src/finish/finisher";
import type { WxFacade } from "../../src/finish/wx";

const PROCESSING = "处理中，请稍候";

function setup(options: { launch?: Partial<Record<StoredLaunchKey, string>>; miniProgram?: boolean; iOS?: boolean; paths?: [string, string?] } = {}) {
  const launch: Partial<Record<StoredLaunchKey, string>> = {
    url: "https://partner.example/done?from=kyc#/r",
    order_no: "ORDER1",
    h5_face_id: "FACE1",
    ...options.launch,
  };
  let now = 1_000_000;
  const wx: WxFacade = { miniProgram: { postMessage: vi.fn(), navigateBack: vi.fn() } };
  const deps = {
    location: { replace: vi.fn(), assign: vi.fn(), reload: vi.fn() },
    storage: { get: vi.fn((key: StoredLaunchKey) => launch[key]) },
    clearLaunchFields: vi.fn(),
    isReturnUrlUnsigned: () => false,
    checkReturnUrl: vi.fn(async () => "notAllowed" as const),
    clock: { now: () => now },
    toast: { show: vi.fn() },
    loadWx: vi.fn(async () => wx),
    isMiniProgram: () => options.miniProgram ?? false,
    isIOS: () => options.iOS ?? false,
    navigate: vi.fn(),
    currentPath: () => options.paths?.[0] ?? "/error",
    previousPath: () => options.paths?.[1],
    report: vi.fn(),
    busyText: PROCESSING,
    notAllowedText: "返回地址未获合作方授权",
  } satisfies FinisherDeps;
  return { deps, wx, finisher: createFinisher(deps), advance: (ms: number) => (now += ms) };
}

describe("finish", () => {
  it("redirects with assign by default, with the payload and launch ids, then clears the launch", async () => {
    const { deps, finisher } = setup();
    const outcome = await finisher.finish({ code: "0", signature: "SIG", newSignature: "", liveRate: "98" });
    const expected = "https://partner.example/done?from=kyc&orderNo=ORDER1&code=0&signature=SIG&liveRate=98&h5faceId=FACE1#/r";
    expect(outcome).toEqual({ kind: "redirected", url: expected, method: "assign" });
    expect(deps.location.assign).toHaveBeenCalledWith(expected);
    expect(deps.location.replace).not.toHaveBeenCalled();
    expect(deps.clearLaunchFields).toHaveBeenCalledTimes(1);
    expect(deps.location.assign.mock.invocationCallOrder[0]).toBeLessThan(deps.clearLaunchFields.mock.invocationCallOrder[0]!);
    expect(deps.toast.show).not.toHaveBeenCalled();
  });

  it("redirects with replace when redirect_type is 1", async () => {
    const { deps, finisher } = setup({ launch: { redirect_type: "1" } });
    await finisher.finish({ code: "0" });
    expect(deps.location.replace).toHaveBeenCalledTimes(1);
    expect(deps.location.assign).not.toHaveBeenCalled();
  });

  it("lets given values win over the stored launch ids", async () => {
    const { deps, finisher } = setup();
    await finisher.finish({ orderNo: "OTHER", code: "0" });
    expect(deps.location.assign.mock.calls[0]?.[0]).toContain("orderNo=OTHER");
  });

  it("debounces: a second finish at 4999 ms shows the processing toast, at 5001 ms redirects again", async () => {
    const { deps, finisher, advance } = setup();
    await finisher.finish({ code: "0" });
    advance(REDIRECT_DEBOUNCE_MS - 1);
    expect(await finisher.finish({ code: "0" })).toEqual({ kind: "busy" });
    expect(deps.toast.show).toHaveBeenCalledWith({ msg: PROCESSING });
    expect(deps.location.assign).toHaveBeenCalledTimes(1);
    advance(2); // 5001 ms after the first
    expect((await finisher.finish({ code: "0" })).kind).toBe("redirected");
    expect(deps.location.assign).toHaveBeenCalledTimes(2);
  });

  it.each([undefined, "", "null"])("with return address %j shows the processing toast and stays", async (url) => {
    const { deps, finisher } = setup({ launch: { url } });
    expect(await finisher.finish({ code: "0" })).toEqual({ kind: "noReturnAddress" });
    expect(deps.toast.show).toHaveBeenCalledWith({ msg: PROCESSING });
    expect(deps.location.assign).not.toHaveBeenCalled();
    expect(deps.location.replace).not.toHaveBeenCalled();
    expect(deps.clearLaunchFields).not.toHaveBeenCalled();
  });

  it("refuses and reports a non-http return address", async () => {
    const { deps, finisher } = setup({ launch: { url: "javascript:alert(1)" } });
    expect(await finisher.finish({ code: "0" })).toEqual({ kind: "refused", reason: "protocolNotAllowed" });
    expect(deps.report).toHaveBeenCalledWith(expect.objectContaining({ type: "returnUrlRefused", reason: "protocolNotAllowed" }));
    expect(deps.toast.show).toHaveBeenCalledWith({ msg: PROCESSING });
    expect(deps.location.assign).not.toHaveBeenCalled();
    expect(deps.clearLaunchFields).not.toHaveBeenCalled();
  });
});

describe("finish in a mini-program", () => {
  it("posts a returnData message, navigates back and clears the launch, without redirecting", async () => {
    const { deps, wx, finisher } = setup({ miniProgram: true, launch: { url: undefined } });
    const outcome = await finisher.finish({ code: "0", signature: "SIG", liveRate: "null" });
    const payload = { orderNo: "ORDER1", code: "0", signature: "SIG", h5faceId: "FACE1" };
    expect(outcome).toEqual({ kind: "posted", payload });
    expect(wx.miniProgram.postMessage).toHaveBeenCalledWith({ data: { returnData: payload } });
    expect(wx.miniProgram.navigateBack).toHaveBeenCalledWith({ delta: 1 });
    expect(deps.clearLaunchFields).toHaveBeenCalledTimes(1);
    expect(deps.location.assign).not.toHaveBeenCalled();
    expect(deps.toast.show).not.toHaveBeenCalled();
  });

  it("debounces a double tap while the SDK is still loading", async () => {
    const { deps, wx, finisher } = setup({ miniProgram: true });
    const [first, second] = await Promise.all([finisher.finish({ code: "0" }), finisher.finish({ code: "0" })]);
    expect(first.kind).toBe("posted");
    expect(second).toEqual({ kind: "busy" });
    expect(wx.miniProgram.postMessage).toHaveBeenCalledTimes(1);
    expect(deps.loadWx).toHaveBeenCalledTimes(1);
  });

  it("reports an SDK that fails to load and lets the user try again", async () => {
    const { deps, wx, finisher } = setup({ miniProgram: true });
    deps.loadWx.mockRejectedValueOnce(new Error("chunk failed"));
    expect(await finisher.finish({ code: "0" })).toEqual({ kind: "sdkUnavailable" });
    expect(deps.report).toHaveBeenCalledWith({ type: "wxUnavailable", message: "chunk failed" });
    expect(deps.clearLaunchFields).not.toHaveBeenCalled();
    expect((await finisher.finish({ code: "0" })).kind).toBe("posted");
    expect(wx.miniProgram.postMessage).toHaveBeenCalledTimes(1);
  });
});

describe("retry", () => {
  it("replaces the route with the root", () => {
    const { deps, finisher } = setup({ iOS: true, paths: ["/error", "/vertify"] });
    finisher.retry();
    expect(deps.navigate).toHaveBeenCalledWith("/", { replace: true });
    expect(deps.location.reload).not.toHaveBeenCalled();
  });

  it.each([
    ["from the error page after a trtc route", ["/error", "/action/trtc/record"]],
    ["on a trtc route itself", ["/action/trtc/willRecord", "/action/trtc/pre"]],
  ] as const)("reloads on iOS %s", (_label, paths) => {
    const { deps, finisher } = setup({ iOS: true, paths: [...paths] });
    finisher.retry();
    expect(deps.navigate).toHaveBeenCalledWith("/", { replace: true });
    expect(deps.location.reload).toHaveBeenCalledTimes(1);
    expect(deps.navigate.mock.invocationCallOrder[0]).toBeLessThan(deps.location.reload.mock.invocationCallOrder[0]!);
  });

  it("does not reload outside iOS after a trtc route", () => {
    const { deps, finisher } = setup({ iOS: false, paths: ["/error", "/action/trtc/record"] });
    finisher.retry();
    expect(deps.location.reload).not.toHaveBeenCalled();
  });
});

describe("quit", () => {
  it("goes to the return address with the front code as code", async () => {
    const { deps, finisher } = setup();
    const outcome = await finisher.quit("3004");
    expect(outcome).toEqual({
      kind: "redirected",
      url: "https://partner.example/done?from=kyc&orderNo=ORDER1&code=3004#/r",
      method: "assign",
    });
    expect(deps.clearLaunchFields).toHaveBeenCalledTimes(1);
  });

  it("leaves code out when there is no front code", async () => {
    const { deps, finisher } = setup({ launch: { redirect_type: "1" } });
    await finisher.quit(null);
    expect(deps.location.replace).toHaveBeenCalledWith("https://partner.example/done?from=kyc&orderNo=ORDER1#/r");
  });

  it("shares the debounce with finish", async () => {
    const { deps, finisher, advance } = setup();
    await finisher.finish({ code: "0" });
    advance(100);
    expect(await finisher.quit("3001")).toEqual({ kind: "busy" });
    expect(deps.location.assign).toHaveBeenCalledTimes(1);
  });

  it("in a mini-program posts the front code", async () => {
    const { wx, finisher } = setup({ miniProgram: true });
    await finisher.quit("3005");
    expect(wx.miniProgram.postMessage).toHaveBeenCalledWith({ data: { returnData: { orderNo: "ORDER1", code: "3005" } } });
  });
});

describe("leave (spec §6 auth-only view: nothing to hand back)", () => {
  it("goes to the return address as stored, with no result values, and the launch is not over", async () => {
    const { deps, finisher } = setup();
    const outcome = await finisher.leave();
    expect(outcome).toEqual({ kind: "redirected", url: "https://partner.example/done?from=kyc#/r", method: "assign" });
    expect(deps.location.assign).toHaveBeenCalledWith("https://partner.example/done?from=kyc#/r");
    expect(deps.clearLaunchFields).not.toHaveBeenCalled();
  });

  it("an unsigned return address is followed only once the service vouches for it", async () => {
    const { deps } = setup();
    const refused = createFinisher({ ...deps, isReturnUrlUnsigned: () => true });
    expect(await refused.leave()).toEqual({ kind: "refused", reason: "notVouched" });
    expect(deps.checkReturnUrl).toHaveBeenCalledWith("https://partner.example/done?from=kyc#/r");
    expect(deps.toast.show).toHaveBeenCalledWith({ type: "error", msg: "返回地址未获合作方授权" });
    expect(deps.location.assign).not.toHaveBeenCalled();

    const vouched = createFinisher({ ...deps, isReturnUrlUnsigned: () => true, checkReturnUrl: async () => "allowed" });
    await vouched.leave();
    expect(deps.location.assign).toHaveBeenCalledWith("https://partner.example/done?from=kyc#/r");
    expect(deps.clearLaunchFields).not.toHaveBeenCalled();
  });

  it("without a return address it stays and shows the toast", async () => {
    const { deps, finisher } = setup({ launch: { url: "null" } });
    expect(await finisher.leave()).toEqual({ kind: "noReturnAddress" });
    expect(deps.toast.show).toHaveBeenCalledWith({ msg: PROCESSING });
    expect(deps.location.assign).not.toHaveBeenCalled();
  });

  it("in a mini-program it navigates back without posting a result", async () => {
    const { deps, wx, finisher } = setup({ miniProgram: true });
    expect(await finisher.leave()).toEqual({ kind: "navigatedBack" });
    expect(wx.miniProgram.navigateBack).toHaveBeenCalledWith({ delta: 1 });
    expect(wx.miniProgram.postMessage).not.toHaveBeenCalled();
    expect(deps.clearLaunchFields).not.toHaveBeenCalled();
  });
});
