import { describe, expect, it, vi } from "vitest";
import { createRecordTimeoutController, type RecordTimeoutContent } from "../../src/runtime/recordTimeoutController";

const content = (title: string): RecordTimeoutContent => ({
  title,
  text: "t",
  leftText: "退出",
  rightText: "重新录制",
  closable: true,
  closeLabel: "关闭",
  highlights: [],
  onLeft: () => undefined,
  onRight: () => undefined,
  onClose: () => undefined,
});

describe("record-timeout controller (spec §2, global modal)", () => {
  it("shows what the last opening set, tells its listeners, and closes only for the page that opened it", () => {
    const modal = createRecordTimeoutController();
    const listener = vi.fn();
    modal.subscribe(listener);
    expect(modal.state()).toBeNull();
    const closeA = modal.open(content("A"));
    const closeB = modal.open(content("B"));
    expect(modal.state()?.title).toBe("B");
    closeA(); // page A left after page B opened the modal: B's modal stays
    expect(modal.state()?.title).toBe("B");
    closeB();
    expect(modal.state()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
