// @vitest-environment jsdom
import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ILLUSTRATIONS } from "../../schemas/errors";
import { ActionFailureView } from "../../src/ui/components/ActionFailureView";
import { Illustration } from "../../src/ui/components/illustrations";
import {
  RECORD_TIMEOUT_DEFAULT_TEXT,
  RECORD_TIMEOUT_DEFAULT_TITLE,
  RecordTimeoutModal,
  splitHighlights,
} from "../../src/ui/components/RecordTimeoutModal";
import { Toast } from "../../src/ui/components/Toast";

afterEach(cleanup);

const XSS = "<img src=x onerror=alert(1)>";

describe("Toast", () => {
  it.each(["error", "success"] as const)("shows the %s icon and the message", (type) => {
    const { container } = render(<Toast type={type} msg="已提交" />);
    expect(container.querySelector(`.ff-toast--${type} .ff-toast__icon`)).not.toBeNull();
    expect(container.textContent).toBe("已提交");
  });

  it("shows no icon without a type, and nothing when hidden", () => {
    expect(render(<Toast msg="处理中，请稍候" />).container.querySelector(".ff-toast__icon")).toBeNull();
    cleanup();
    expect(render(<Toast msg="处理中，请稍候" visible={false} />).container.innerHTML).toBe("");
  });

  it("renders markup in msg as text", () => {
    const { container } = render(<Toast type="error" msg={XSS} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe(XSS);
  });
});

describe("RecordTimeoutModal", () => {
  it("renders nothing when not shown", () => {
    expect(render(<RecordTimeoutModal show={false} />).container.innerHTML).toBe("");
  });

  it("has a default title and text", () => {
    const { getByRole } = render(<RecordTimeoutModal show />);
    expect(getByRole("dialog").textContent).toContain(RECORD_TIMEOUT_DEFAULT_TITLE);
    expect(getByRole("dialog").textContent).toContain(RECORD_TIMEOUT_DEFAULT_TEXT);
    expect(RECORD_TIMEOUT_DEFAULT_TITLE).toBe("录制超时");
  });

  it("calls the left, right and close handlers", () => {
    const onLeft = vi.fn();
    const onRight = vi.fn();
    const onClose = vi.fn();
    const { getByText, getByLabelText } = render(
      <RecordTimeoutModal show leftText="退出" rightText="再录一次" onLeft={onLeft} onRight={onRight} closable onClose={onClose} />,
    );
    fireEvent.click(getByText("退出"));
    fireEvent.click(getByText("再录一次"));
    fireEvent.click(getByLabelText("关闭"));
    expect([onLeft, onRight, onClose].map((fn) => fn.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it("has no close button unless asked", () => {
    expect(render(<RecordTimeoutModal show />).queryByLabelText("关闭")).toBeNull();
  });

  it("highlights segments as text in <mark>", () => {
    const { container } = render(<RecordTimeoutModal show text="请检查网络信号后重新录制" highlights={["网络信号", "网络", "重新录制"]} />);
    expect([...container.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["网络信号", "重新录制"]);
  });

  it("shows markup in text and highlights as text", () => {
    const { container } = render(<RecordTimeoutModal show text={`提示${XSS}结束`} highlights={[XSS, "<b>"]} />);
    expect(container.querySelector("img, b")).toBeNull();
    expect(container.querySelector("mark")?.textContent).toBe(XSS);
  });

  it("treats highlight segments as plain text, not patterns", () => {
    expect(splitHighlights("a.b a*b", [".*", "a*b"])).toEqual([
      { text: "a.b ", highlighted: false },
      { text: "a*b", highlighted: true },
    ]);
    expect(splitHighlights("abc", [""])).toEqual([{ text: "abc", highlighted: false }]);
  });
});

describe("ActionFailureView", () => {
  it("shows title, tip and one button without a second label", () => {
    const onPrimary = vi.fn();
    const { container, getByText } = render(<ActionFailureView title="动作检测未通过" tip="请正对屏幕" primaryText="重试" onPrimary={onPrimary} />);
    expect(container.querySelectorAll("button")).toHaveLength(1);
    expect(container.querySelector("img, svg")).toBeNull();
    fireEvent.click(getByText("重试"));
    expect(onPrimary).toHaveBeenCalledTimes(1);
  });

  it("fires each button's own callback", () => {
    const onPrimary = vi.fn();
    const onSecondary = vi.fn();
    const { getByText } = render(
      <ActionFailureView title="t" tip="p" primaryText="重试" onPrimary={onPrimary} secondaryText="退出" onSecondary={onSecondary} />,
    );
    fireEvent.click(getByText("退出"));
    expect(onSecondary).toHaveBeenCalledTimes(1);
    expect(onPrimary).not.toHaveBeenCalled();
  });
});

describe("illustrations", () => {
  it.each(ILLUSTRATIONS)("%s draws an SVG", (name) => {
    const { container } = render(<Illustration name={name} />);
    const svg = container.querySelector("svg.ff-illustration");
    expect(svg).not.toBeNull();
    expect(svg!.children.length).toBeGreaterThan(2);
  });
});
