// @vitest-environment jsdom
/**
 * Where keyboard focus goes: into the one <main> landmark's new heading after a navigation,
 * to the page's heading when the view removed the focused button, into a dialog when it
 * opens (Tab kept inside, Escape closing where allowed) and back when it closes. Toasts are
 * said without taking focus.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEngine } from "../../../src/engine/engine";
import { createEngineRegistries } from "../../../src/engine/builtins";
import { createFlowRuntime, type FlowRuntime } from "../../../src/runtime/runtime";
import { RecordTimeoutModal } from "../../../src/ui/components/RecordTimeoutModal";
import { FlowProvider, useRuntime } from "../../../src/ui/FlowProvider";
import { FlowRouter } from "../../../src/ui/FlowRouter";
import type { ScreenComponent, ScreenProps } from "../../../src/ui/screenContract";
import { NoticeDialog } from "../../../src/ui/screens/NoticeDialog";
import { SCREEN_TYPES, type ScreenType } from "../../../src/ui/screens/screenTypes";
import { ToastHost } from "../../../src/ui/ToastHost";
import { fakeCaptureHandlers } from "../../capture/fakeHandlers";
import { shippedCapture } from "../../capture/shippedKinds";
import { loadDefinitions } from "../../engine/fixtures";
import { shippedErrors, shippedResults } from "../shippedCatalogues";
import { shippedLanguages } from "../shippedTexts";

const defs = loadDefinitions();

/** A page with its heading, a button leading to the agreement, and a view that replaces the button. */
function TestScreen({ route }: ScreenProps<ScreenType>) {
  const rt = useRuntime();
  const [failed, setFailed] = useState(false);
  if (failed) return <h1>{`${route.name} failed`}</h1>;
  return (
    <div>
      <h1>{route.name}</h1>
      <button type="button" onClick={() => rt.location.navigate("/protocol")}>
        to the agreement
      </button>
      <button type="button" onClick={() => setFailed(true)}>
        fail
      </button>
    </div>
  );
}
const screens = Object.fromEntries(SCREEN_TYPES.map((t) => [t, TestScreen as ScreenComponent])) as Record<ScreenType, ScreenComponent>;

function start(url: string): FlowRuntime {
  window.history.replaceState(null, "", url);
  const rt = createFlowRuntime({
    win: window,
    engine: createEngine(defs, createEngineRegistries()),
    apps: defs.apps,
    capture: shippedCapture,
    loadDevices: () => Promise.reject(new Error("no camera check here")),
    loadErrorCatalogue: async () => shippedErrors,
    loadResults: async () => shippedResults,
    languages: shippedLanguages(),
    settings: { environment: "release", grayVersion: "0" },
    captureHandlers: fakeCaptureHandlers().registry,
  });
  render(
    <FlowProvider runtime={rt}>
      <FlowRouter screens={screens} fallback={<p>loading</p>} />
      <ToastHost />
    </FlowProvider>,
  );
  return rt;
}

beforeEach(() => {
  window.scrollTo = () => undefined;
  localStorage.clear();
});
afterEach(cleanup);

describe("focus on a page change", () => {
  it("every page is inside one main landmark; the first page leaves focus where the browser put it", async () => {
    start("/#/entry");
    await screen.findByRole("heading", { level: 1, name: "entry" });
    expect(screen.getAllByRole("main")).toHaveLength(1);
    expect(screen.getByRole("main").contains(screen.getByRole("heading", { level: 1 }))).toBe(true);
    expect(document.activeElement).toBe(document.body);
  });

  it("after a navigation focus is on the new page's heading, which is not a tab stop", async () => {
    start("/#/entry");
    const button = await screen.findByRole("button", { name: "to the agreement" });
    button.focus();
    fireEvent.click(button);
    const heading = await screen.findByRole("heading", { level: 1, name: "protocol" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute("tabindex")).toBe("-1");
  });

  it("a view that removes the focused button hands focus to its heading, not to <body>", async () => {
    start("/#/entry");
    const button = await screen.findByRole("button", { name: "fail" });
    button.focus();
    fireEvent.click(button);
    const heading = await screen.findByRole("heading", { level: 1, name: "entry failed" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it("a toast is said without taking focus: notices politely, errors as alerts", async () => {
    const rt = start("/#/entry");
    const button = await screen.findByRole("button", { name: "fail" });
    const polite = document.querySelector('[data-channel="toast"]');
    expect(polite?.getAttribute("aria-live")).toBe("polite");
    button.focus();
    act(() => rt.toast.show({ type: "success", msg: "链接已复制" }));
    expect(polite?.textContent).toBe("链接已复制");
    act(() => rt.toast.show({ type: "error", msg: "网络异常" }));
    expect((await screen.findByRole("alert")).textContent).toBe("网络异常");
    expect(polite?.textContent).toBe("");
    expect(document.activeElement).toBe(button);
  });
});

function ModalPage({ closable, onClose }: { closable: boolean; onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <RecordTimeoutModal
        show={open}
        closable={closable}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        onRight={() => setOpen(false)}
      />
    </>
  );
}

describe("the record-timeout modal", () => {
  it("takes focus when it opens, keeps Tab inside, closes on Escape and gives focus back", () => {
    const onClose = vi.fn();
    render(<ModalPage closable onClose={onClose} />);
    const opener = screen.getByRole("button", { name: "open" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "录制超时" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    const close = screen.getByRole("button", { name: "关闭" });
    const retry = screen.getByRole("button", { name: "重新录制" });
    expect(document.activeElement).toBe(retry);
    fireEvent.keyDown(document.activeElement!, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document.activeElement!, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(retry);
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("without a close button Escape does not close it", () => {
    const onClose = vi.fn();
    render(<ModalPage closable={false} onClose={onClose} />);
    const opener = screen.getByRole("button", { name: "open" });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "重新录制" }));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeTruthy();
    // Its buttons still close it, and focus comes back.
    fireEvent.click(screen.getByRole("button", { name: "重新录制" }));
    expect(document.activeElement).toBe(opener);
  });
});

describe("the notice dialog", () => {
  it("takes focus and is confirmed by Escape", () => {
    const onConfirm = vi.fn();
    render(<NoticeDialog title="温馨提示" text="请在光线充足处完成验证" confirm="我知道了" onConfirm={onConfirm} />);
    expect(screen.getByRole("dialog", { name: "温馨提示", description: "请在光线充足处完成验证" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "我知道了" }));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
