/**
 * What the user does while recording, by check: the digits to read (large), the actions in
 * order with the one asked now highlighted, holding still, or the consent question (shown
 * always; spoken by the recorder where the browser can) with how to answer it (speak, or
 * nod for will_type 2). The question and digits come from the service and are rendered as
 * React text, never as markup.
 */
import type { TextsOf } from "../../FlowProvider";
import { fillText } from "../textTemplate";
import type { ActionCode } from "../../../flow/startPlan";
import { PROMPT_POLICY, type Announcement } from "../../../flow/announcer";
import { LiveAnnouncement } from "../../components/LiveAnnouncement";
import "../recording.css";
import "../../a11y.css";

interface CapturePromptProps {
  texts: TextsOf<"capture" | "actions">;
  liveMode: "number" | "action" | "silent";
  will: boolean;
  /** will_type 2: the consent is a nod. */
  nod: boolean;
  digits: string | null;
  actions: readonly ActionCode[];
  /** The action asked now (-1: none yet). */
  actionIndex: number;
  question: string | null;
  /** Will mode: the actions are done and the answer is due. */
  answering: boolean;
  recording: boolean;
}

const spacedDigits = (digits: string) => digits.split("").join(" ");

function Digits({ digits, texts }: { digits: string | null; texts: TextsOf<"capture" | "actions"> }) {
  const t = texts.capture;
  return (
    <div className="ff-rec-digits">
      <p className="ff-rec-prompt__label">{t.digitsLabel}</p>
      {digits === null ? (
        <p className="ff-rec-digits__pending">{t.digitsPending}</p>
      ) : (
        <>
          <p className="ff-rec-digits__value" aria-hidden="true">
            {digits.split("").map((digit, index) => (
              <span key={index} className="ff-rec-digits__digit">
                {digit}
              </span>
            ))}
          </p>
          {/* Read one by one ("1 2 3 4"), not as a number. */}
          <p className="ff-sr-only">{spacedDigits(digits)}</p>
        </>
      )}
    </div>
  );
}

function Actions({ actions, actionIndex, recording, texts }: Pick<CapturePromptProps, "actions" | "actionIndex" | "recording" | "texts">) {
  const t = texts.capture;
  const current = recording && actionIndex >= 0 ? actions[actionIndex] : undefined;
  return (
    <div className="ff-rec-actions">
      {current === undefined ? (
        // Recording before the first prompt: the light's still lead-in (recordingPlan.ts).
        <p className="ff-rec-prompt__label">{recording ? t.actionLead : t.actionsLabel}</p>
      ) : (
        // data-action-code names the asked action for a machine reading the page (the e2e
        // synthetic camera answers it: e2e/synthCamera.ts DEFAULT_CUE); keyed by step so each
        // prompt is a new element, and absent whenever no action is asked.
        <p key={actionIndex} className="ff-rec-actions__now" data-action-code={current}>
          <span className="ff-rec-actions__step">{fillText(t.actionStep, { index: String(actionIndex + 1), total: String(actions.length) })}</span>
          {fillText(t.actionPrompt, { action: texts.actions[current] })}
        </p>
      )}
      <ol className="ff-chips">
        {actions.map((code, index) => (
          <li
            key={`${index}-${code}`}
            className={`ff-chip${recording && index === actionIndex ? " ff-chip--now" : ""}${recording && index < actionIndex ? " ff-chip--done" : ""}`}
          >
            <span className="ff-chip__index">{index + 1}</span>
            {texts.actions[code]}
          </li>
        ))}
      </ol>
    </div>
  );
}

function Question({ question, nod, answering, texts }: Pick<CapturePromptProps, "question" | "nod" | "answering" | "texts">) {
  const t = texts.capture;
  return (
    <div className={`ff-rec-question${answering ? " ff-rec-question--answering" : ""}`}>
      <p className="ff-rec-prompt__label">{t.willQuestionLabel}</p>
      <p className="ff-rec-question__text">{question ?? t.willQuestionMissing}</p>
      <p className="ff-rec-question__how">
        {nod ? t.willNod : t.willAnswer}
      </p>
    </div>
  );
}

/**
 * What the prompt region says, as the prompt changes: the digits once they came, the action
 * asked now, the question once it came, then how to answer it. The visible prompt is not
 * itself live, so re-rendering it says nothing.
 */
export function promptAnnouncement(props: CapturePromptProps): Announcement | null {
  const t = props.texts.capture;
  if (props.will && props.answering) return { text: props.nod ? t.willNod : t.willAnswer };
  if (props.liveMode === "action" && props.recording && props.actionIndex < 0) return { text: t.actionLead };
  if (props.liveMode === "action" && props.recording && props.actionIndex >= 0) {
    const current = props.actions[props.actionIndex];
    if (current !== undefined) {
      const step = fillText(t.actionStep, { index: String(props.actionIndex + 1), total: String(props.actions.length) });
      return { text: `${step} ${fillText(t.actionPrompt, { action: props.texts.actions[current] })}` };
    }
  }
  if (props.liveMode === "number" && props.digits !== null) return { text: `${t.digitsLabel} ${spacedDigits(props.digits)}` };
  if (props.will && props.question !== null) return { text: `${t.willQuestionLabel} ${props.question}` };
  return null;
}

export function CapturePrompt(props: CapturePromptProps) {
  const { texts, liveMode, will } = props;
  return (
    <div className="ff-rec-prompt">
      <LiveAnnouncement channel="prompt" announcement={promptAnnouncement(props)} policy={PROMPT_POLICY} />
      {liveMode === "number" && <Digits digits={props.digits} texts={texts} />}
      {liveMode === "action" && props.actions.length > 0 && (!will || !props.answering) && (
        <Actions actions={props.actions} actionIndex={props.actionIndex} recording={props.recording} texts={texts} />
      )}
      {liveMode === "silent" && !will && <p className="ff-rec-silent">{texts.capture.silentPrompt}</p>}
      {will && <Question question={props.question} nod={props.nod} answering={props.answering} texts={texts} />}
    </div>
  );
}
