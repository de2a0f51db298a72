// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { loadWx, WxSdkUnavailableError, wxFacadeFrom } from "../../src/finish/wx";

describe("wx facade", () => {
  it("loads the real weixin-js-sdk lazily and exposes the mini-program calls", async () => {
    const wx = await loadWx();
    expect(typeof wx.miniProgram.postMessage).toBe("function");
    expect(typeof wx.miniProgram.navigateBack).toBe("function");
  });

  it("forwards calls to the SDK object, bound to it", () => {
    const miniProgram = {
      calls: [] as unknown[],
      postMessage(message: unknown) {
        this.calls.push(message);
      },
      navigateBack: vi.fn(),
    };
    const wx = wxFacadeFrom({ default: { miniProgram } });
    wx.miniProgram.postMessage({ data: { returnData: { code: "0" } } });
    wx.miniProgram.navigateBack();
    expect(miniProgram.calls).toEqual([{ data: { returnData: { code: "0" } } }]);
    expect(miniProgram.navigateBack).toHaveBeenCalledWith({ delta: 1 });
  });

  it("says what is missing when the SDK exported nothing (no window)", () => {
    expect(() => wxFacadeFrom({ default: undefined })).toThrow(WxSdkUnavailableError);
    expect(() => wxFacadeFrom({ default: { miniProgram: {} } })).toThrow(/wx\.miniProgram\.postMessage/);
  });
});
