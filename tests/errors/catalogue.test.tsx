// @vitest-environment jsdom
/**
 * The error catalogue and result texts as the user sees them. The per-status cases are
 * generated from ERROR_STATUSES, so a new status is rendered and snapshotted automatically.
 */
import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import errorsJson from "../../flows/errors.json";
import { ERROR_STATUSES, errorsFileSchema, WEBSOCKET_ERROR_TYPE, type ErrorStatus } from "../../schemas/errors";
import { RESULT_KINDS, RESULT_OUTCOMES, RESULT_VARIANTS } from "../../schemas/results";
import { ErrorView } from "../../src/ui/components/ErrorView";
import { ResultView } from "../../src/ui/components/ResultView";
import { bindErrorButtons, resolveErrorScreen, type ErrorScreenInput } from "../../src/ui/errorCatalogue";
import { shippedErrors as ERROR_CATALOGUE, shippedResults } from "../ui/shippedCatalogues";
import { bindResultButtons, resolveResultScreen, resultKindOf, resultVariantOf } from "../../src/ui/resultCatalogue";
import { lookupText } from "../../src/runtime/textKey";
import { shippedLanguagesFile, shippedLanguageTexts, shippedTexts } from "../ui/shippedTexts";

/** zh-CN's text for a catalogue key. */
const zh = (key: string) => lookupText(shippedTexts, key);

afterEach(cleanup);

const XSS = "<img src=x onerror=alert(1)>";

function renderError(input: ErrorScreenInput, aspectRatio = 2) {
  const handlers = { quit: vi.fn(), retry: vi.fn() };
  const screen = resolveErrorScreen(input, ERROR_CATALOGUE, shippedTexts);
  const view = render(<ErrorView {...screen} buttons={bindErrorButtons(screen.buttons, handlers)} aspectRatio={aspectRatio} />);
  const text = (selector: string) => view.container.querySelector(selector)?.textContent ?? null;
  const tips = view.container.querySelector(".ff-tips");
  const summary = {
    illustration: screen.illustration,
    title: text(".ff-error__title"),
    message: text(".ff-error__message"),
    detail: text(".ff-error__detail"),
    code: text(".ff-error__code"),
    tips: tips && {
      heading: text(".ff-tips__heading"),
      items: [...tips.querySelectorAll("li")].map((li) => li.textContent),
    },
    buttons: [...view.container.querySelectorAll("button")].map((button) => button.textContent),
  };
  return { view, screen, summary, handlers };
}

/** Codes the spec fixes (§8); the others are faceflow's, documented in schemas/errors.ts. */
const SPEC_CODES: Partial<Record<ErrorStatus, string>> = {
  enMsgError: "300101",
  noCookieException: "3002",
  trtc_serviceStop: "3003",
  trtc_iosNoWebcamPermission: "3004",
  trtc_androidNoWebcamPermission: "3004",
  browserNotSupport: "3005",
  errorSettings: "3006",
  ttsPlayError: "3007",
  "400101": "400101",
};

const UPLOAD_FAILURES: ErrorStatus[] = ["uploadVideoException", "serverIdNotFundException", "uploadVideoOtherException"];
/** The statuses whose catalogue entry names a tip set: the upload failures, and any status added with one. */
const WITH_TIPS = ERROR_STATUSES.filter((status) => ERROR_CATALOGUE.statuses[status].tips !== undefined);

describe("every status of the catalogue", () => {
  it.each(ERROR_STATUSES)("%s renders its text, code and buttons", (status) => {
    const { summary } = renderError({ status, hasReturnUrl: true });
    expect(summary).toMatchSnapshot();
    expect(summary.title).toBeTruthy();
    expect(summary.message).toBeTruthy();
    expect(summary.buttons.length).toBeGreaterThanOrEqual(1);
    expect(summary.buttons.length).toBe(status === "trtc_androidNoWebcamPermission" ? 2 : 1);
    const specCode = SPEC_CODES[status];
    if (specCode !== undefined) expect(summary.code).toBe(`错误码：${specCode}`);
    // publicError carries somebody else's error: its code is the URL's.
    if (status !== "publicError") expect(summary.code).toMatch(/^错误码：\d{4,6}$/);
    expect(summary.tips !== null).toBe(WITH_TIPS.includes(status));
  });

  it("shows tips for the upload failures, the statuses whose entry names a tip set", () => {
    expect(WITH_TIPS).toEqual(expect.arrayContaining(UPLOAD_FAILURES));
    for (const status of UPLOAD_FAILURES) expect(ERROR_CATALOGUE.statuses[status].tips, status).toBe("uploadFailure");
  });

  it("gives every status but the 3004 pair its own code", () => {
    const codes = ERROR_STATUSES.map((status) => ERROR_CATALOGUE.statuses[status].code).filter((code) => code !== null);
    const repeated = codes.filter((code, index) => codes.indexOf(code) !== index);
    expect(repeated).toEqual(["3004"]);
  });

  it("follows the spec's buttons: Android no-permission offers quit then retry, lipsException retries", () => {
    expect(resolveErrorScreen({ status: "trtc_androidNoWebcamPermission", hasReturnUrl: true }, ERROR_CATALOGUE, shippedTexts).buttons.map((b) => b.action)).toEqual([
      "quit",
      "retry",
    ]);
    expect(resolveErrorScreen({ status: "trtc_iosNoWebcamPermission", hasReturnUrl: true }, ERROR_CATALOGUE, shippedTexts).buttons.map((b) => b.action)).toEqual(["quit"]);
    expect(resolveErrorScreen({ status: "lipsException", hasReturnUrl: true }, ERROR_CATALOGUE, shippedTexts).buttons.map((b) => b.action)).toEqual(["retry"]);
    expect(resolveErrorScreen({ status: "trtc_serviceStop", hasReturnUrl: true }, ERROR_CATALOGUE, shippedTexts).buttons.map((b) => b.action)).toEqual(["quit"]);
  });

  it.each(["exitException", "noCookieException"] as const)("%s offers quit only when the return address is known", (status) => {
    expect(renderError({ status, hasReturnUrl: true }).summary.buttons).toEqual(["退出"]);
    expect(renderError({ status, hasReturnUrl: false }).summary.buttons).toEqual([]);
  });

  it("shows the upload-failure tips on how to avoid the failure", () => {
    const { summary } = renderError({ status: "uploadVideoException", hasReturnUrl: true });
    expect(summary.tips?.heading).toContain("避免");
    expect(summary.tips?.items.join("")).toContain("网络");
    expect(summary.tips?.items.join("")).toContain("长按");
  });

  // Spec §2 fixes the order (quit, then retry); the text asks the user to tap retry, so retry leads.
  it.each(["zh-CN", "zh-TW", "en"])("makes the button the text asks for the primary one, in the spec's order (Android no-permission, %s)", (lang) => {
    const texts = shippedLanguageTexts(lang).texts;
    const screen = resolveErrorScreen({ status: "trtc_androidNoWebcamPermission", hasReturnUrl: true }, ERROR_CATALOGUE, texts);
    const { container } = render(<ErrorView {...screen} buttons={bindErrorButtons(screen.buttons, { quit: vi.fn(), retry: vi.fn() })} aspectRatio={2} />);
    const buttons = [...container.querySelectorAll("button")];
    expect(buttons.map((b) => b.textContent)).toEqual([texts.common.quit, texts.common.retry]);
    expect(buttons.map((b) => b.classList.contains("ff-btn--primary"))).toEqual([false, true]);
    expect(screen.message).toContain(texts.common.retry);
    // Elsewhere the first button still leads.
    const ios = resolveErrorScreen({ status: "trtc_iosNoWebcamPermission", hasReturnUrl: true }, ERROR_CATALOGUE, texts);
    expect(ios.buttons.map((b) => b.lead)).toEqual([true]);
  });

  it("calls the handler of the button's action", () => {
    const { view, handlers } = renderError({ status: "trtc_androidNoWebcamPermission", hasReturnUrl: true });
    const [quit, retry] = view.container.querySelectorAll("button");
    fireEvent.click(retry!);
    fireEvent.click(quit!);
    expect(handlers.retry).toHaveBeenCalledTimes(1);
    expect(handlers.quit).toHaveBeenCalledTimes(1);
  });
});

describe("server message", () => {
  it.each(["enMsgError", "publicError"] as const)("%s shows the URL's msg instead of its text", (status) => {
    expect(renderError({ status, msg: "订单已过期", hasReturnUrl: true }).summary.message).toBe("订单已过期");
    expect(renderError({ status, hasReturnUrl: true }).summary.message).toBe(zh(ERROR_CATALOGUE.statuses[status].text));
  });

  it("is ignored by statuses that do not show it", () => {
    expect(renderError({ status: "trtc_faceFailed", msg: "伪造的提示", hasReturnUrl: true }).summary.message).toBe(
      zh(ERROR_CATALOGUE.statuses.trtc_faceFailed.text),
    );
  });

  it("publicError shows the URL's code", () => {
    expect(renderError({ status: "publicError", code: "66660001", hasReturnUrl: true }).summary.code).toBe("错误码：66660001");
  });

  it("renders markup in msg as text, never as HTML", () => {
    const { view, summary } = renderError({ status: "publicError", msg: XSS, hasReturnUrl: true });
    expect(summary.message).toBe(XSS);
    expect(view.container.querySelector("img")).toBeNull();
  });
});

describe("unknown status", () => {
  it("shows the generic entry with the unknown status and the URL's code", () => {
    const { summary, screen } = renderError({ status: "fooException", code: "12345", hasReturnUrl: true });
    expect(screen.status).toBeNull();
    expect(summary.title).toBe(zh(ERROR_CATALOGUE.unknownStatus.title));
    expect(summary.detail).toBe("状态：fooException");
    expect(summary.code).toBe("错误码：12345");
    expect(summary.buttons).toEqual(["退出"]);
    expect(summary).toMatchSnapshot();
  });

  it("is never blank: no query at all still gives a full screen", () => {
    const { summary } = renderError({ hasReturnUrl: false });
    expect(summary.title).toBeTruthy();
    expect(summary.message).toBeTruthy();
    expect(summary.detail).toBeNull();
    expect(summary.buttons).toEqual(["退出"]);
  });

  it("does not take prototype names for statuses", () => {
    expect(resolveErrorScreen({ status: "constructor", hasReturnUrl: true }, ERROR_CATALOGUE, shippedTexts).status).toBeNull();
    expect(resolveErrorScreen({ status: "__proto__", hasReturnUrl: true }, ERROR_CATALOGUE, shippedTexts).status).toBeNull();
  });

  it("shows an unknown status and a malformed code as text, dropping the code", () => {
    const { view, summary } = renderError({ status: XSS, code: "<b>1</b>", hasReturnUrl: true });
    expect(summary.detail).toBe(`状态：${XSS}`);
    expect(summary.code).toBeNull();
    expect(view.container.querySelector("img, b")).toBeNull();
  });

  it("finds a code-only link's status through its code (400101)", () => {
    const { screen } = renderError({ code: "400101", hasReturnUrl: true });
    expect(screen.status).toBe("400101");
    expect(screen.codeLine).toBe("错误码：400101");
  });
});

describe("[提示] marker", () => {
  it("becomes (提示) for the websocket error type only", () => {
    const ws = renderError({ status: "trtc_cameraError", type: WEBSOCKET_ERROR_TYPE, hasReturnUrl: true }).summary.message;
    cleanup();
    const plain = renderError({ status: "trtc_cameraError", hasReturnUrl: true }).summary.message;
    expect(ws).toContain("(提示)");
    expect(ws).not.toContain("[提示]");
    expect(plain).toContain("[提示]");
  });

  // Spec §2 words the rule on the text shown: a message the server or the stream sent (msg) is
  // where the marker appears, as the catalogue's own texts are written without it.
  it.each(["enMsgError", "publicError"] as const)("becomes (提示) in the message the server sent for the websocket error type (%s), and stays in any other", (status) => {
    const msg = "[提示]连接已断开，请检查网络后重试";
    const ws = resolveErrorScreen({ status, msg, type: WEBSOCKET_ERROR_TYPE, hasReturnUrl: true }, ERROR_CATALOGUE, shippedTexts).message;
    const plain = resolveErrorScreen({ status, msg, hasReturnUrl: true }, ERROR_CATALOGUE, shippedTexts).message;
    expect(ws).toBe("(提示)连接已断开，请检查网络后重试");
    expect(plain).toBe(msg);
    // The page's language has its own marker; a Chinese server message keeps the spec's in any language.
    const en = shippedLanguageTexts("en").texts;
    expect(resolveErrorScreen({ status, msg: `${en.errors.noteMarker} lost`, type: WEBSOCKET_ERROR_TYPE, hasReturnUrl: true }, ERROR_CATALOGUE, en).message).toBe(`${en.errors.noteMarkerWebsocket} lost`);
    expect(resolveErrorScreen({ status, msg, type: WEBSOCKET_ERROR_TYPE, hasReturnUrl: true }, ERROR_CATALOGUE, en).message).toBe("(提示)连接已断开，请检查网络后重试");
  });

  it("is each language's own marker: English's [Note] becomes (Note)", () => {
    const en = shippedLanguageTexts("en").texts;
    const ws = resolveErrorScreen({ status: "trtc_cameraError", type: WEBSOCKET_ERROR_TYPE, hasReturnUrl: true }, ERROR_CATALOGUE, en).message;
    const plain = resolveErrorScreen({ status: "trtc_cameraError", hasReturnUrl: true }, ERROR_CATALOGUE, en).message;
    expect(plain.startsWith(en.errors.noteMarker)).toBe(true);
    expect(ws.startsWith(en.errors.noteMarkerWebsocket)).toBe(true);
    expect(ws).not.toContain(en.errors.noteMarker);
  });
});

describe("in another language", () => {
  it("shows the chosen language's title, message, code line and buttons, none of them Chinese", () => {
    const en = shippedLanguageTexts("en").texts;
    const screen = resolveErrorScreen({ status: "trtc_androidNoWebcamPermission", hasReturnUrl: true }, ERROR_CATALOGUE, en);
    const entry = ERROR_CATALOGUE.statuses.trtc_androidNoWebcamPermission;
    expect(screen.title).toBe(lookupText(en, entry.title));
    expect(screen.codeLine).toBe(en.errors.codeLine.replace("{code}", "3004"));
    expect(screen.buttons.map((b) => b.label)).toEqual([en.common.quit, en.common.retry]);
    const shown = [screen.title, screen.message, screen.codeLine, ...screen.buttons.map((b) => b.label)].join(" ");
    expect(shown).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe("short layout", () => {
  it("applies at height/width <= 1.5", () => {
    const short = renderError({ status: "exception", hasReturnUrl: true }, 1.5).view.container.firstElementChild;
    expect(short?.classList.contains("ff-error--short")).toBe(true);
    cleanup();
    const tall = renderError({ status: "exception", hasReturnUrl: true }, 1.51).view.container.firstElementChild;
    expect(tall?.classList.contains("ff-error--short")).toBe(false);
  });
});

describe("errors.json schema", () => {
  const entry = ERROR_CATALOGUE.statuses.exception;

  it("accepts the shipped file", () => {
    expect(errorsFileSchema.safeParse(errorsJson).success).toBe(true);
  });

  it("rejects a missing status", () => {
    const { exception: _dropped, ...statuses } = ERROR_CATALOGUE.statuses;
    expect(errorsFileSchema.safeParse({ ...ERROR_CATALOGUE, statuses }).success).toBe(false);
  });

  it("rejects a status the enum does not list", () => {
    const statuses = { ...ERROR_CATALOGUE.statuses, madeUpException: entry };
    expect(errorsFileSchema.safeParse({ ...ERROR_CATALOGUE, statuses }).success).toBe(false);
  });

  it("rejects a second button outside the Android no-permission case", () => {
    const statuses = { ...ERROR_CATALOGUE.statuses, exception: { ...entry, buttons: { first: "quit", second: "retry" } } };
    const result = errorsFileSchema.safeParse({ ...ERROR_CATALOGUE, statuses });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["statuses", "exception", "buttons", "second"]);
  });
});

describe("result variants", () => {
  const variants = RESULT_OUTCOMES.flatMap((outcome) =>
    RESULT_VARIANTS.flatMap((variant) => RESULT_KINDS.map((kind) => ({ outcome, variant, kind }))),
  );

  it.each(variants)("$outcome / $variant / $kind", (input) => {
    const screen = resolveResultScreen(input, shippedResults, shippedTexts);
    const handlers = { finish: vi.fn(), retry: vi.fn(), quit: vi.fn() };
    const { container } = render(
      <ResultView outcome={screen.outcome} title={screen.title} tips={screen.tips} buttons={bindResultButtons(screen.buttons, handlers)} />,
    );
    const summary = {
      lines: [...container.querySelectorAll(".ff-result__line")].map((line) => line.textContent),
      tips: container.querySelector(".ff-result__tips")?.textContent,
      buttons: [...container.querySelectorAll("button")].map((button) => `${button.textContent}`),
      icon: container.querySelector(".ff-result-icon")?.getAttribute("class"),
    };
    expect(summary).toMatchSnapshot();
    expect(summary.lines).toEqual(screen.title.split(";"));
    expect(summary.buttons.length).toBeGreaterThanOrEqual(1);
    fireEvent.click(container.querySelector("button")!);
    const first = screen.buttons[0]!.action;
    expect(handlers[first]).toHaveBeenCalledTimes(1);
  });

  it("says live check, face verification or will confirmation passed", () => {
    expect(resolveResultScreen({ outcome: "success", variant: "plain", kind: "live" }, shippedResults, shippedTexts).title).toBe("活体检测通过");
    expect(resolveResultScreen({ outcome: "success", variant: "plain", kind: "face" }, shippedResults, shippedTexts).title).toBe("人脸验证通过");
    expect(resolveResultScreen({ outcome: "success", variant: "plain", kind: "will" }, shippedResults, shippedTexts).title).toBe("意愿确认通过");
  });

  it("says no action was done where silent liveness ended on the action pages (the guard sends it there), in every language", () => {
    expect(resultVariantOf("action", { live_type: "2" })).toBe("action");
    expect(resultVariantOf("plain", { live_type: "1" })).toBe("plain");
    expect(resultVariantOf("action", { live_type: "3" })).toBe("silent");
    for (const { texts } of shippedLanguagesFile.languages.map(({ tag }) => shippedLanguageTexts(tag))) {
      for (const outcome of RESULT_OUTCOMES) {
        for (const kind of RESULT_KINDS) {
          const silent = resolveResultScreen({ outcome, variant: "silent", kind }, shippedResults, texts);
          const action = resolveResultScreen({ outcome, variant: "action", kind }, shippedResults, texts);
          // The action pages' first line names the actions; silent liveness shows none of it.
          const actionWords = action.title.split(";")[0]!;
          expect(silent.title).not.toContain(actionWords);
          expect(silent.tips).not.toMatch(/动作|動作|action/i);
        }
      }
    }
  });

  it("derives the kind from live_service and redirect_mode", () => {
    expect(resultKindOf({ redirect_mode: "1" })).toBe("live");
    expect(resultKindOf({})).toBe("live");
    expect(resultKindOf({ redirect_mode: "2" })).toBe("face");
    expect(resultKindOf({ redirect_mode: "2", live_service: "2" })).toBe("will");
  });

  it("leaves retry out when retrying is not allowed", () => {
    const screen = resolveResultScreen({ outcome: "fail", variant: "plain", kind: "face", canRetry: false }, shippedResults, shippedTexts);
    expect(screen.buttons.map((b) => b.action)).toEqual(["finish"]);
  });

  it("splits the title on ; and shows an optional picture", () => {
    const { container } = render(
      <ResultView outcome="fail" title="第一行;第二行" picture={{ src: "data:image/png;base64,AA==", alt: "验证画面" }} buttons={[]} />,
    );
    expect([...container.querySelectorAll(".ff-result__line")].map((l) => l.textContent)).toEqual(["第一行", "第二行"]);
    expect(container.querySelector("img")?.getAttribute("alt")).toBe("验证画面");
  });
});
