/**
 * Resolves the error route's query (status, code, msg, type) into everything the error
 * screen shows, from flows/errors.json (the runtime's loadErrorCatalogue, from the composition
 * root), whose text keys are looked up in the page's language (sections common and errors).
 * Pure and total: any input, including a status the
 * catalogue does not know or no status at all, gives a complete screen (the generic
 * `unknownStatus` entry, naming the unknown status and the URL's code), never a throw and
 * never a blank page.
 */
import type { Texts } from "../../schemas/texts";
import { lookupText } from "../runtime/textKey";
import { fillText } from "./screens/textTemplate";
import {
  ERROR_STATUSES,
  SPEC_NOTE_MARKER,
  WEBSOCKET_ERROR_TYPE,
  type ErrorAction,
  type ErrorEntry,
  type ErrorsFile,
  type ErrorStatus,
  type ErrorTextMode,
  type IllustrationName,
} from "../../schemas/errors";

/** The sections the catalogue's keys name: the shared buttons and the catalogue's own. */
export type ErrorTexts = Pick<Texts, "common" | "errors">;

/** A tip block with its texts in the page's language. */
export interface ResolvedTips {
  heading: string;
  items: string[];
}

/** The query values are copied from the URL, so their length is capped before they reach the layout. */
const MAX_MESSAGE_LENGTH = 200;
const MAX_STATUS_LENGTH = 64;
/** A code from the URL is returned to the partner on quit, so only a plain token is accepted. */
const URL_CODE = /^[A-Za-z0-9_-]{1,32}$/;

export interface ErrorScreenInput {
  status?: string | undefined;
  code?: string | undefined;
  msg?: string | undefined;
  type?: string | undefined;
  /** Whether a return address is known (stored url present and not the text "null"). */
  hasReturnUrl: boolean;
  /** The launch's check mode, for messages worded per mode (textByMode); undefined when no launch says. */
  mode?: ErrorTextMode | undefined;
}

interface ResolvedErrorButton {
  action: ErrorAction;
  label: string;
  /** The one the screen's text asks for, styled as primary (errors.json buttons.lead). */
  lead: boolean;
}

interface ResolvedErrorScreen {
  /** The catalogue status shown, or null when the generic entry stands in for an unknown one. */
  status: ErrorStatus | null;
  illustration: IllustrationName;
  title: string;
  message: string;
  /** For an unknown status: the line naming it, e.g. "状态：fooException". */
  detail?: string;
  /** Front code: shown on the screen and passed to quit. */
  code?: string;
  /** The code as displayed, e.g. "错误码：3004". */
  codeLine?: string;
  tips?: ResolvedTips;
  /** Zero to two buttons; zero only for quit-if-return-url entries without a return address. */
  buttons: ResolvedErrorButton[];
}

const KNOWN_STATUSES: ReadonlySet<string> = new Set(ERROR_STATUSES);

function isErrorStatus(value: string): value is ErrorStatus {
  return KNOWN_STATUSES.has(value);
}

function clip(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The status the URL names. A code-only error link (spec §8 "400101 link invalid") names its
 * status through `code`, so a missing status falls to a code that is itself a status.
 */
function statusOf(input: ErrorScreenInput): { known: ErrorStatus } | { unknown: string | undefined } {
  const status = nonEmpty(input.status);
  if (status !== undefined) return isErrorStatus(status) ? { known: status } : { unknown: status };
  const code = nonEmpty(input.code);
  if (code !== undefined && isErrorStatus(code)) return { known: code };
  return { unknown: undefined };
}

function buttonsOf(entry: ErrorEntry, hasReturnUrl: boolean, label: (action: ErrorAction) => string): ResolvedErrorButton[] {
  const shown: { action: ErrorAction; which: "first" | "second" }[] = [];
  if (!(entry.quitOnlyIfReturnUrl && !hasReturnUrl)) shown.push({ action: entry.buttons.first, which: "first" });
  if (entry.buttons.second !== undefined) shown.push({ action: entry.buttons.second, which: "second" });
  const lead = entry.buttons.lead ?? "first";
  return shown.map(({ action, which }) => ({ action, label: label(action), lead: which === lead }));
}

/**
 * Everything ErrorView needs for the error route's query.
 *
 * The catalogue's texts are in `texts`' language; for the websocket error type (spec §2), the
 * language's note marker (errors.noteMarker, [提示] in zh-CN) becomes its websocket form, in
 * the catalogue's texts and in the message the server sent.
 *
 * @example resolveErrorScreen({ status: "trtc_androidNoWebcamPermission", hasReturnUrl: true }, catalogue, texts)
 *   // → code "3004", buttons quit + retry
 */
export function resolveErrorScreen(input: ErrorScreenInput, catalogue: ErrorsFile, texts: ErrorTexts): ResolvedErrorScreen {
  const which = statusOf(input);
  const entry = "known" in which ? catalogue.statuses[which.known] : catalogue.unknownStatus;
  const urlCode = nonEmpty(input.code);
  const code = entry.code ?? (urlCode !== undefined && URL_CODE.test(urlCode) ? urlCode : undefined);
  const serverMessage = nonEmpty(input.msg);
  const { labels } = catalogue;
  const websocket = nonEmpty(input.type) === WEBSOCKET_ERROR_TYPE;
  const marker = lookupText(texts, "errors.noteMarker");
  const websocketMarker = lookupText(texts, "errors.noteMarkerWebsocket");
  // Spec §2: for the websocket error type the marker becomes its websocket form in the text
  // shown, the catalogue's or the server's (msg): the page language's marker, and in a server's
  // message the spec's own, which a Chinese message carries whatever the page's language.
  const marked = (value: string, markers: readonly (readonly [string, string])[]) => (websocket ? markers.reduce((v, [from, to]) => v.replaceAll(from, to), value) : value);
  const text = (key: string) => marked(lookupText(texts, key), [[marker, websocketMarker]]);
  const fromServer = (value: string) => marked(value, [[marker, websocketMarker], [SPEC_NOTE_MARKER.plain, SPEC_NOTE_MARKER.websocket]]);

  const screen: ResolvedErrorScreen = {
    status: "known" in which ? which.known : null,
    illustration: entry.illustration,
    title: text(entry.title),
    message:
      entry.showServerMessage && serverMessage !== undefined
        ? clip(fromServer(serverMessage), MAX_MESSAGE_LENGTH)
        : text(input.mode !== undefined && entry.textByMode !== undefined ? entry.textByMode[input.mode] : entry.text),
    buttons: buttonsOf(entry, input.hasReturnUrl, (action) => text(labels[action])),
  };
  if ("unknown" in which && which.unknown !== undefined) {
    screen.detail = fillText(text(labels.status), { status: clip(which.unknown, MAX_STATUS_LENGTH) });
  }
  if (code !== undefined) {
    screen.code = code;
    screen.codeLine = fillText(text(labels.code), { code });
  }
  if (entry.tips !== undefined) {
    const tips = catalogue.tipSets[entry.tips];
    screen.tips = { heading: text(tips.heading), items: tips.items.map(text) };
  }
  return screen;
}

/**
 * Turns resolved buttons into ErrorView buttons. The handlers record is exhaustive over the
 * actions, so a new action without a handler fails to compile.
 */
export function bindErrorButtons(
  buttons: readonly ResolvedErrorButton[],
  handlers: Record<ErrorAction, () => void>,
): { label: string; onClick: () => void; lead: boolean }[] {
  return buttons.map((button) => ({ label: button.label, onClick: handlers[button.action], lead: button.lead }));
}
