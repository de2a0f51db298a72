/**
 * Everything the catalogue gallery shows: every status of flows/errors.json (from the
 * ERROR_STATUSES enum, so a new status appears by itself), the variants the URL can cause
 * (a server message, the websocket marker rule, an unknown status, no return address),
 * every result of flows/results.json, and the global modal, toast and action-failure view.
 * Each entry renders with the real components and the real resolvers, in the language whose
 * texts it is handed (every listed language, issue 17); buttons do nothing.
 */
import type { ReactNode } from "react";
import { ERROR_STATUSES, WEBSOCKET_ERROR_TYPE, type ErrorStatus } from "../../schemas/errors";
import { RESULT_KINDS, RESULT_OUTCOMES, RESULT_VARIANTS } from "../../schemas/results";
import { ActionFailureView } from "../ui/components/ActionFailureView";
import { ErrorView } from "../ui/components/ErrorView";
import { RecordTimeoutModal } from "../ui/components/RecordTimeoutModal";
import { ResultView } from "../ui/components/ResultView";
import { Toast } from "../ui/components/Toast";
import errorsJson from "../../flows/errors.json";
import resultsJson from "../../flows/results.json";
import type { ErrorsFile } from "../../schemas/errors";
import type { ResultsFile } from "../../schemas/results";
import { bindErrorButtons, resolveErrorScreen, type ErrorScreenInput } from "../ui/errorCatalogue";
import { bindResultButtons, resolveResultScreen } from "../ui/resultCatalogue";
import type { Texts } from "../../schemas/texts";

/** The gallery is a composition root: its definitions were validated by the build (scripts/flowFiles.ts). */
const ERROR_CATALOGUE = errorsJson as ErrorsFile;
const RESULT_TEXTS = resultsJson as ResultsFile;

export interface GalleryEntry {
  /** Stable id, used in the URL of the all-themes comparison. */
  id: string;
  group: string;
  /** Status name or variant name. */
  label: string;
  /** Front code or other short fact shown next to the label. */
  note: string;
  /** Renders the page in the language of `texts`; `aspectRatio` is the frame's height / width. */
  render: (aspectRatio: number, texts: Texts) => ReactNode;
}

const noop = () => undefined;

/** Groups follow the code areas documented in schemas/errors.ts. */
const CODE_AREAS: Record<string, string> = {
  "30": "会话与环境（30xx）",
  "31": "录制（31xx）",
  "32": "上传（32xx）",
  "33": "实时视频与视频流（33xx）",
  "34": "网络（34xx）",
};
const OTHER_AREA = "服务与链接";

function areaOf(code: string | null): string {
  if (code === null || code.length !== 4) return OTHER_AREA;
  return CODE_AREAS[code.slice(0, 2)] ?? OTHER_AREA;
}

function errorPage(input: ErrorScreenInput, aspectRatio: number, texts: Texts): ReactNode {
  const screen = resolveErrorScreen(input, ERROR_CATALOGUE, texts);
  return (
    <ErrorView
      illustration={screen.illustration}
      title={screen.title}
      message={screen.message}
      detail={screen.detail}
      codeLine={screen.codeLine}
      tips={screen.tips}
      buttons={bindErrorButtons(screen.buttons, { quit: noop, retry: noop })}
      aspectRatio={aspectRatio}
    />
  );
}

function statusEntry(status: ErrorStatus): GalleryEntry {
  const code = ERROR_CATALOGUE.statuses[status].code;
  return {
    id: `error.${status}`,
    group: areaOf(code),
    label: status,
    note: code ?? "（URL 的 code）",
    render: (ratio, texts) => errorPage({ status, hasReturnUrl: true }, ratio, texts),
  };
}

const VARIANT_GROUP = "错误页：由 URL 决定的变体";

const VARIANTS: GalleryEntry[] = [
  {
    id: "variant.enMsgError-msg",
    group: VARIANT_GROUP,
    label: "enMsgError + msg",
    note: "服务端消息替换正文",
    render: (ratio, texts) => errorPage({ status: "enMsgError", msg: "身份证号与姓名不匹配", hasReturnUrl: true }, ratio, texts),
  },
  {
    id: "variant.publicError-msg-code",
    group: VARIANT_GROUP,
    label: "publicError + msg + code",
    note: "显示 URL 的 code",
    render: (ratio, texts) => errorPage({ status: "publicError", msg: "订单已过期，请重新下单", code: "66660004", hasReturnUrl: true }, ratio, texts),
  },
  {
    id: "variant.websocket-type",
    group: VARIANT_GROUP,
    label: `trtc_cameraError + type=${WEBSOCKET_ERROR_TYPE}`,
    note: "[提示] → (提示)",
    render: (ratio, texts) => errorPage({ status: "trtc_cameraError", type: WEBSOCKET_ERROR_TYPE, hasReturnUrl: true }, ratio, texts),
  },
  {
    id: "variant.unknown-status",
    group: VARIANT_GROUP,
    label: "未知状态 fooException",
    note: "通用页",
    render: (ratio, texts) => errorPage({ status: "fooException", code: "1234", hasReturnUrl: true }, ratio, texts),
  },
  {
    id: "variant.code-only-400101",
    group: VARIANT_GROUP,
    label: "只有 code=400101",
    note: "400101",
    render: (ratio, texts) => errorPage({ code: "400101", hasReturnUrl: true }, ratio, texts),
  },
  {
    id: "variant.exit-no-return-url",
    group: VARIANT_GROUP,
    label: "exitException，无返回地址",
    note: "无按钮",
    render: (ratio, texts) => errorPage({ status: "exitException", hasReturnUrl: false }, ratio, texts),
  },
];

function resultEntries(): GalleryEntry[] {
  return RESULT_OUTCOMES.flatMap((outcome) =>
    RESULT_VARIANTS.flatMap((variant) =>
      RESULT_KINDS.map((kind): GalleryEntry => {
        return {
          id: `result.${outcome}.${variant}.${kind}`,
          group: outcome === "success" ? "结果页：成功" : "结果页：失败",
          label: `${outcome} · ${variant} · ${kind}`,
          note: variant === "plain" ? "/" + outcome : "/action/" + outcome + (variant === "silent" ? "（静默活体）" : ""),
          render: (_ratio, texts) => {
            const screen = resolveResultScreen({ outcome, variant, kind }, RESULT_TEXTS, texts);
            return <ResultView outcome={screen.outcome} title={screen.title} tips={screen.tips} buttons={bindResultButtons(screen.buttons, { finish: noop, retry: noop, quit: noop })} />;
          },
        };
      }),
    ),
  );
}

const COMPONENT_GROUP = "全局组件";

const COMPONENTS: GalleryEntry[] = [
  {
    id: "component.record-timeout",
    group: COMPONENT_GROUP,
    label: "录制超时弹窗",
    note: "high_light=网络|重新录制",
    render: (_ratio, { recordTimeout: t }) => (
      <RecordTimeoutModal show specimen closable highlights={["网络", "重新录制"]} title={t.title} text={t.text} leftText={t.left} rightText={t.right} closeLabel={t.close} />
    ),
  },
  {
    id: "component.toast",
    group: COMPONENT_GROUP,
    label: "Toast（无图标）",
    note: "common.processing",
    render: (_ratio, texts) => <Toast msg={texts.common.processing} />,
  },
  {
    id: "component.toast-success",
    group: COMPONENT_GROUP,
    label: "Toast（成功）",
    note: "success",
    render: (_ratio, texts) => <Toast type="success" msg={texts.uaDetect.copied} />,
  },
  {
    id: "component.toast-error",
    group: COMPONENT_GROUP,
    label: "Toast（错误）",
    note: "error",
    render: (_ratio, texts) => <Toast type="error" msg={texts.common.returnUrlNotAllowed} />,
  },
  {
    id: "component.action-failure",
    group: COMPONENT_GROUP,
    label: "动作失败视图",
    note: "两个按钮",
    render: (_ratio, { guidance: g }) => <ActionFailureView title={g.failedTitleAction} tip={g.failedTipAction} primaryText={g.failedRetry} onPrimary={noop} secondaryText={g.failedQuit} onSecondary={noop} />,
  },
];

/** Every entry, grouped in display order. */
export const GALLERY_ENTRIES: readonly GalleryEntry[] = [...ERROR_STATUSES.map(statusEntry), ...VARIANTS, ...resultEntries(), ...COMPONENTS];

/** Group names in display order: the code areas first, then anything else as it first appears. */
export const GALLERY_GROUPS: readonly string[] = [
  ...new Set([
    ...Object.values(CODE_AREAS),
    OTHER_AREA,
    VARIANT_GROUP,
    "结果页：成功",
    "结果页：失败",
    COMPONENT_GROUP,
    ...GALLERY_ENTRIES.map((entry) => entry.group),
  ]),
].filter((group) => GALLERY_ENTRIES.some((entry) => entry.group === group));
