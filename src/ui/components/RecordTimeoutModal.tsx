/**
 * The global record-timeout modal (spec §2): title, text, left and right buttons, an
 * optional close button, and highlighted segments of the text. Highlights come from the
 * launch URL (high_light), so they are matched as plain substrings and rendered as text in
 * <mark> elements, never as HTML or as a regular expression.
 *
 * Open, it holds focus (useDialogFocus): Tab stays among its buttons, Escape closes it where
 * its close button is offered, and closing gives focus back to where it was.
 */
import { useId, useRef } from "react";
import { useDialogFocus } from "../useDialogFocus";

export const RECORD_TIMEOUT_DEFAULT_TITLE = "录制超时";
export const RECORD_TIMEOUT_DEFAULT_TEXT = "长时间未收到录制的视频，请检查网络后重新录制。";
const RECORD_TIMEOUT_DEFAULT_LEFT = "退出";
const RECORD_TIMEOUT_DEFAULT_RIGHT = "重新录制";

interface RecordTimeoutModalProps {
  show: boolean;
  title?: string | undefined;
  text?: string | undefined;
  leftText?: string | undefined;
  rightText?: string | undefined;
  onLeft?: (() => void) | undefined;
  onRight?: (() => void) | undefined;
  /** Shows a close (×) button in the corner. */
  closable?: boolean | undefined;
  onClose?: (() => void) | undefined;
  /** Label of the close button for screen readers. */
  closeLabel?: string | undefined;
  /** Segments of `text` to highlight, e.g. from high_light split on "|". */
  highlights?: readonly string[] | undefined;
  /**
   * Shown as a specimen among others (the gallery): it neither takes nor holds focus and is not
   * modal. Taking focus scrolled the gallery to this entry, its last, on opening.
   */
  specimen?: boolean | undefined;
}

interface TextPart {
  text: string;
  highlighted: boolean;
}

/**
 * Splits text into plain and highlighted parts. At each position the longest matching
 * segment wins, so overlapping segments ("网络", "网络信号") highlight the longer one.
 *
 * @example splitHighlights("请检查网络", ["网络"]) // → [{text:"请检查",…false}, {text:"网络",…true}]
 */
export function splitHighlights(text: string, segments: readonly string[]): TextPart[] {
  const needles = [...new Set(segments.filter((segment) => segment.length > 0))].sort((a, b) => b.length - a.length);
  const parts: TextPart[] = [];
  let plain = "";
  let index = 0;
  while (index < text.length) {
    const hit = needles.find((needle) => text.startsWith(needle, index));
    if (hit === undefined) {
      plain += text.charAt(index);
      index += 1;
      continue;
    }
    if (plain !== "") parts.push({ text: plain, highlighted: false });
    plain = "";
    parts.push({ text: hit, highlighted: true });
    index += hit.length;
  }
  if (plain !== "") parts.push({ text: plain, highlighted: false });
  return parts;
}

export function RecordTimeoutModal(props: RecordTimeoutModalProps) {
  return props.show ? <OpenModal {...props} /> : null;
}

function OpenModal(props: RecordTimeoutModalProps) {
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog, props.closable ? () => props.onClose?.() : undefined, !props.specimen);
  const title = props.title ?? RECORD_TIMEOUT_DEFAULT_TITLE;
  const text = props.text ?? RECORD_TIMEOUT_DEFAULT_TEXT;
  return (
    <div className="ff-modal">
      <div ref={dialog} className="ff-modal__dialog" role="dialog" aria-modal={props.specimen ? undefined : "true"} aria-labelledby={titleId} aria-describedby={textId}>
        {props.closable && (
          <button type="button" className="ff-modal__close" aria-label={props.closeLabel ?? "关闭"} onClick={() => props.onClose?.()}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6 L18 18 M18 6 L6 18" />
            </svg>
          </button>
        )}
        <h2 id={titleId} className="ff-modal__title">
          {title}
        </h2>
        <p id={textId} className="ff-modal__text">
          {splitHighlights(text, props.highlights ?? []).map((part, index) =>
            part.highlighted ? (
              <mark key={index} className="ff-mark">
                {part.text}
              </mark>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </p>
        <div className="ff-modal__actions">
          <button type="button" className="ff-modal__btn ff-modal__btn--left" onClick={() => props.onLeft?.()}>
            {props.leftText ?? RECORD_TIMEOUT_DEFAULT_LEFT}
          </button>
          <button type="button" className="ff-modal__btn ff-modal__btn--right" onClick={() => props.onRight?.()}>
            {props.rightText ?? RECORD_TIMEOUT_DEFAULT_RIGHT}
          </button>
        </div>
      </div>
    </div>
  );
}
