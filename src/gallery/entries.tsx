/**
 * Everything the catalogue gallery shows: every status of flows/errors.json (from the
 * ERROR_STATUSES enum, so a new status appears by itself), the variants the URL can cause
 * (a server message, the websocket marker rule, an unknown status, no return address),
 * every result of flows/results.json, and the global modal, toast and action-failure view.
 * Each entry renders with the real components and the real resolvers, in the language whose
 * texts it is handed (every listed language, issue 17); buttons do nothing. The gallery's own
 * words about each entry (its group, label and note) come from the texts' `gallery` section, in
 * the page's language (issue 35); status names, codes and paths stay as they are written.
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
import { fillText } from "../ui/screens/textTemplate";

/** The gallery is a composition root: its definitions were validated by the build (scripts/flowFiles.ts). */
const ERROR_CATALOGUE = errorsJson as ErrorsFile;
const RESULT_TEXTS = resultsJson as ResultsFile;

/** The gallery's own words (flows/texts.<tag>.json `gallery`). */
export type GalleryTexts = Texts["gallery"];

/** The groups, in display order, each headed by its text. */
export const GALLERY_GROUPS = ["groupSession", "groupRecording", "groupUpload", "groupRealtime", "groupNetwork", "groupOther", "groupVariants", "groupSuccess", "groupFail", "groupComponents"] as const satisfies readonly (keyof GalleryTexts)[];
export type GalleryGroup = (typeof GALLERY_GROUPS)[number];

export interface GalleryEntry {
  /** Stable id, used in the URL of the all-themes comparison. */
  id: string;
  group: GalleryGroup;
  /** Status name or variant name, in the page's language (`texts`) where it is words. */
  label(texts: Texts): string;
  /** Front code or other short fact shown next to the label. */
  note(texts: Texts): string;
  /** Renders the page in the language of `texts`; `aspectRatio` is the frame's height / width. */
  render: (aspectRatio: number, texts: Texts) => ReactNode;
}

const noop = () => undefined;

/** Groups follow the code areas documented in schemas/errors.ts. */
const CODE_AREAS: Record<string, GalleryGroup> = {
  "30": "groupSession",
  "31": "groupRecording",
  "32": "groupUpload",
  "33": "groupRealtime",
  "34": "groupNetwork",
};

function areaOf(code: string | null): GalleryGroup {
  if (code === null || code.length !== 4) return "groupOther";
  return CODE_AREAS[code.slice(0, 2)] ?? "groupOther";
}

/** A label or note that is not words: a status name, a code, a path. */
const as = (text: string) => () => text;

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
    label: as(status),
    note: ({ gallery: t }) => code ?? t.codeFromUrl,
    render: (ratio, texts) => errorPage({ status, hasReturnUrl: true }, ratio, texts),
  };
}

const VARIANTS: GalleryEntry[] = [
  {
    id: "variant.enMsgError-msg",
    group: "groupVariants",
    label: as("enMsgError + msg"),
    note: ({ gallery: t }) => t.noteServerMessage,
    render: (ratio, texts) => errorPage({ status: "enMsgError", msg: "身份证号与姓名不匹配", hasReturnUrl: true }, ratio, texts),
  },
  {
    id: "variant.publicError-msg-code",
    group: "groupVariants",
    label: as("publicError + msg + code"),
    note: ({ gallery: t }) => t.noteUrlCode,
    render: (ratio, texts) => errorPage({ status: "publicError", msg: "订单已过期，请重新下单", code: "66660004", hasReturnUrl: true }, ratio, texts),
  },
  {
    id: "variant.websocket-type",
    group: "groupVariants",
    label: as(`trtc_cameraError + type=${WEBSOCKET_ERROR_TYPE}`),
    // The language's own note marker and its websocket form (errorCatalogue.ts).
    note: ({ errors }) => `${errors.noteMarker} → ${errors.noteMarkerWebsocket}`,
    render: (ratio, texts) => errorPage({ status: "trtc_cameraError", type: WEBSOCKET_ERROR_TYPE, hasReturnUrl: true }, ratio, texts),
  },
  {
    id: "variant.unknown-status",
    group: "groupVariants",
    label: ({ gallery: t }) => fillText(t.labelUnknownStatus, { status: "fooException" }),
    note: ({ gallery: t }) => t.noteGenericPage,
    render: (ratio, texts) => errorPage({ status: "fooException", code: "1234", hasReturnUrl: true }, ratio, texts),
  },
  {
    id: "variant.code-only-400101",
    group: "groupVariants",
    label: ({ gallery: t }) => fillText(t.labelCodeOnly, { code: "400101" }),
    note: as("400101"),
    render: (ratio, texts) => errorPage({ code: "400101", hasReturnUrl: true }, ratio, texts),
  },
  {
    id: "variant.exit-no-return-url",
    group: "groupVariants",
    label: ({ gallery: t }) => fillText(t.labelNoReturnUrl, { status: "exitException" }),
    note: ({ gallery: t }) => t.noteNoButtons,
    render: (ratio, texts) => errorPage({ status: "exitException", hasReturnUrl: false }, ratio, texts),
  },
];

function resultEntries(): GalleryEntry[] {
  return RESULT_OUTCOMES.flatMap((outcome) =>
    RESULT_VARIANTS.flatMap((variant) =>
      RESULT_KINDS.map((kind): GalleryEntry => {
        const path = variant === "plain" ? `/${outcome}` : `/action/${outcome}`;
        return {
          id: `result.${outcome}.${variant}.${kind}`,
          group: outcome === "success" ? "groupSuccess" : "groupFail",
          label: as(`${outcome} · ${variant} · ${kind}`),
          note: variant === "silent" ? ({ gallery: t }) => fillText(t.noteSilent, { path }) : as(path),
          render: (_ratio, texts) => {
            const screen = resolveResultScreen({ outcome, variant, kind }, RESULT_TEXTS, texts);
            return <ResultView outcome={screen.outcome} title={screen.title} tips={screen.tips} buttons={bindResultButtons(screen.buttons, { finish: noop, retry: noop, quit: noop })} />;
          },
        };
      }),
    ),
  );
}

const COMPONENTS: GalleryEntry[] = [
  {
    id: "component.record-timeout",
    group: "groupComponents",
    label: ({ gallery: t }) => t.labelRecordTimeout,
    // The launch parameter as a partner would write it, with words of this language's text.
    note: ({ gallery: t }) => `high_light=${t.recordTimeoutHighlights}`,
    render: (_ratio, { recordTimeout: t, gallery }) => (
      <RecordTimeoutModal show specimen closable highlights={gallery.recordTimeoutHighlights.split("|")} title={t.title} text={t.text} leftText={t.left} rightText={t.right} closeLabel={t.close} />
    ),
  },
  {
    id: "component.toast",
    group: "groupComponents",
    label: ({ gallery: t }) => t.labelToast,
    note: as("common.processing"),
    render: (_ratio, texts) => <Toast msg={texts.common.processing} />,
  },
  {
    id: "component.toast-success",
    group: "groupComponents",
    label: ({ gallery: t }) => t.labelToastSuccess,
    note: as("success"),
    render: (_ratio, texts) => <Toast type="success" msg={texts.uaDetect.copied} />,
  },
  {
    id: "component.toast-error",
    group: "groupComponents",
    label: ({ gallery: t }) => t.labelToastError,
    note: as("error"),
    render: (_ratio, texts) => <Toast type="error" msg={texts.common.returnUrlNotAllowed} />,
  },
  {
    id: "component.action-failure",
    group: "groupComponents",
    label: ({ gallery: t }) => t.labelActionFailure,
    note: ({ gallery: t }) => t.noteTwoButtons,
    render: (_ratio, { guidance: g }) => <ActionFailureView title={g.failedTitleAction} tip={g.failedTipAction} primaryText={g.failedRetry} onPrimary={noop} secondaryText={g.failedQuit} onSecondary={noop} />,
  },
];

/** Every entry, grouped in display order. */
export const GALLERY_ENTRIES: readonly GalleryEntry[] = [...ERROR_STATUSES.map(statusEntry), ...VARIANTS, ...resultEntries(), ...COMPONENTS];
