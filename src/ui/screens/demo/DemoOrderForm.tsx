/**
 * The demo partner's "start a verification" form: mode (with its actions or will question),
 * theme and options; sending it creates an order through the service's demo backend and
 * sends the browser to the signed launch URL, as a partner's own page would.
 */
import { useEffect, useId, useState, type ReactNode } from "react";
import type { ActionCode } from "../../../../schemas/api";
import { API_ERROR_CODES, DEMO_RETURN_ROUTES } from "../../../../schemas/apiCodes";
import { ACTION_CODES, THEMES } from "../../../../schemas/launch";
import { ApiError, CLIENT_ERROR_CODES } from "../../../api/apiError";
import { useApi } from "../../apiContext";
import { useRuntime, type TextsOf } from "../../FlowProvider";
import { textSections } from "../../texts";
import { useTexts } from "../../useTexts";
import { lookupText } from "../../../runtime/textKey";
import { fillText } from "../textTemplate";
import {
  checkLaunchReturn,
  DEMO_MODES,
  demoOrderRequestOf,
  formProblem,
  initialDemoForm,
  modesFor,
  toggleAction,
  usesActions,
  withTheme,
  WILL_QUESTION_MAX,
  type DemoMode,
  type DemoOrderForm as Form,
  type DemoReturnRoute,
} from "./demoOrder";

/** The text sections this screen and the parts it renders show. */
export const ORDER_FORM_TEXTS = textSections("demo");

type Sending =
  | { kind: "idle" }
  | { kind: "creating" }
  | { kind: "launching" }
  | { kind: "failed"; message: string }
  | { kind: "notDemoReturn"; demoPage: string };

const ACTIONS = Object.values(ACTION_CODES);

function modeTexts(texts: TextsOf<"demo">): Record<DemoMode, { title: string; detail: string }> {
  const t = texts.demo;
  return {
    number: { title: t.modeNumber, detail: t.modeNumberDetail },
    action: { title: t.modeAction, detail: t.modeActionDetail },
    silent: { title: t.modeSilent, detail: t.modeSilentDetail },
    will: { title: t.modeWill, detail: t.modeWillDetail },
  };
}

function actionLabel(texts: TextsOf<"demo">, code: ActionCode): string {
  const labels = { "1": texts.demo.action1, "2": texts.demo.action2, "3": texts.demo.action3, "4": texts.demo.action4 } as const satisfies Record<ActionCode, string>;
  return labels[code];
}

function failureMessage(texts: TextsOf<"demo">, error: unknown): string {
  if (!(error instanceof ApiError)) return fillText(texts.demo.errorFailed, { code: "-" });
  if (error.code === CLIENT_ERROR_CODES.network) return texts.demo.errorNetwork;
  if (error.code === API_ERROR_CODES.rateLimited) return texts.demo.errorRateLimited;
  // The demo backend answers 404 when the service runs with FACEFLOW_DEMO=off.
  if (error.status === 404) return texts.demo.errorDemoOff;
  return fillText(texts.demo.errorFailed, { code: error.code });
}

function Field({ label, hint, children }: { label: string; hint?: string | undefined; children: ReactNode }) {
  return (
    <fieldset className="ff-demo-field">
      <legend className="ff-demo-field__label">
        {label}
        {hint !== undefined && <span className="ff-demo-field__hint">{hint}</span>}
      </legend>
      {children}
    </fieldset>
  );
}

function Toggle(props: { checked: boolean; onChange: (checked: boolean) => void; title: string; detail?: string | undefined }) {
  const id = useId();
  return (
    <label className="ff-demo-toggle">
      <input
        type="checkbox"
        className="ff-demo-toggle__input"
        checked={props.checked}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
        aria-labelledby={`${id}-t`}
        aria-describedby={props.detail === undefined ? undefined : `${id}-d`}
      />
      <span className="ff-demo-toggle__text">
        <span id={`${id}-t`} className="ff-demo-toggle__title">{props.title}</span>
        {props.detail !== undefined && <span id={`${id}-d`} className="ff-demo-toggle__detail">{props.detail}</span>}
      </span>
    </label>
  );
}

export function DemoOrderForm({ variant }: { variant: DemoReturnRoute }) {
  const rt = useRuntime();
  const api = useApi();
  const texts = useTexts(ORDER_FORM_TEXTS);
  const t = texts.demo;
  const id = useId();
  const [form, setForm] = useState<Form>(() => initialDemoForm(variant, t.willQuestionDefault));
  const [sending, setSending] = useState<Sending>({ kind: "idle" });
  const themes = rt.engine.definitions.themes.themes;
  const languages = rt.languages.languages;
  const modes = modeTexts(texts);
  const allowedModes = modesFor(form.theme);
  const problem = formProblem(form);
  const busy = sending.kind === "creating" || sending.kind === "launching";
  const update = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  // Coming back with the browser's back button may restore this page from the back-forward
  // cache as it was left, "launching"; every press creates a fresh order, so the form simply
  // becomes usable again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setSending({ kind: "idle" });
    };
    rt.win.addEventListener("pageshow", onShow);
    return () => rt.win.removeEventListener("pageshow", onShow);
  }, [rt]);

  async function submit() {
    if (problem !== null || busy) return;
    setSending({ kind: "creating" });
    try {
      const { launchUrl } = await api.demoCreateOrder(demoOrderRequestOf(form));
      const here = { origin: rt.win.location.origin, pathname: rt.win.location.pathname };
      const check = checkLaunchReturn(launchUrl, here, form.returnRoute);
      if (!check.ok) {
        setSending({ kind: "notDemoReturn", demoPage: check.demoPage });
        return;
      }
      setSending({ kind: "launching" });
      rt.win.location.assign(launchUrl);
    } catch (error) {
      setSending({ kind: "failed", message: failureMessage(texts, error) });
    }
  }

  return (
    <form
      className="ff-demo-card ff-demo-form"
      aria-label={t.formHeading}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field label={t.modeHeading}>
        <div className="ff-demo-modes" role="radiogroup" aria-label={t.modeHeading}>
          {DEMO_MODES.map((mode) => (
            <label
              key={mode}
              className="ff-demo-mode"
              data-checked={form.mode === mode || undefined}
              data-disabled={!allowedModes.includes(mode) || undefined}
            >
              <input
                type="radio"
                name={`${id}-mode`}
                className="ff-demo-mode__input"
                checked={form.mode === mode}
                disabled={!allowedModes.includes(mode)}
                onChange={() => update({ mode })}
                aria-labelledby={`${id}-${mode}-t`}
                aria-describedby={`${id}-${mode}-d`}
              />
              <span id={`${id}-${mode}-t`} className="ff-demo-mode__title">{modes[mode].title}</span>
              <span id={`${id}-${mode}-d`} className="ff-demo-mode__detail">{modes[mode].detail}</span>
            </label>
          ))}
        </div>
        {form.theme === "02" && <p className="ff-demo-note">{t.themeLandscapeNote}</p>}
      </Field>

      {usesActions(form.mode) && (
        <Field label={t.actionsHeading} hint={t.actionsHint}>
          <div className="ff-demo-actions">
            {ACTIONS.map((code) => {
              const position = form.actions.indexOf(code);
              return (
                <button
                  key={code}
                  type="button"
                  className="ff-demo-chip"
                  aria-pressed={position >= 0}
                  onClick={() => update({ actions: toggleAction(form.actions, code) })}
                >
                  {position >= 0 && <span className="ff-demo-chip__step" aria-hidden="true">{position + 1}</span>}
                  {actionLabel(texts, code)}
                </button>
              );
            })}
          </div>
          <p className={problem === "actionsEmpty" ? "ff-demo-note ff-demo-note--warn" : "ff-demo-note"} aria-live="polite">
            {problem === "actionsEmpty"
              ? t.actionsEmpty
              : fillText(t.actionsOrder, { actions: form.actions.map((code) => actionLabel(texts, code)).join(t.actionsSeparator) })}
          </p>
        </Field>
      )}

      {form.mode === "will" && (
        <Field label={t.willQuestionLabel}>
          <textarea
            className="ff-demo-input ff-demo-textarea"
            aria-label={t.willQuestionLabel}
            value={form.willQuestion}
            maxLength={WILL_QUESTION_MAX}
            rows={2}
            onChange={(e) => update({ willQuestion: e.currentTarget.value })}
          />
          {problem === "questionEmpty" && <p className="ff-demo-note ff-demo-note--warn">{t.willQuestionEmpty}</p>}
          <Toggle checked={form.willNod} onChange={(willNod) => update({ willNod })} title={t.willNod} />
          <p className="ff-demo-note">{t.willRealtimeNote}</p>
        </Field>
      )}

      <Field label={t.themeLabel}>
        <select
          className="ff-demo-input ff-demo-select"
          aria-label={t.themeLabel}
          value={form.theme}
          onChange={(e) => {
            const theme = THEMES.find((th) => th === e.currentTarget.value) ?? "";
            setForm((f) => withTheme(f, theme));
          }}
        >
          {THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {theme === "" ? lookupText(texts, themes[theme].label) : `${theme} · ${lookupText(texts, themes[theme].label)}`}
            </option>
          ))}
        </select>
      </Field>

      <Field label={t.languageLabel}>
        <select
          className="ff-demo-input ff-demo-select"
          aria-label={t.languageLabel}
          value={form.lang}
          onChange={(e) => update({ lang: e.currentTarget.value })}
        >
          <option value="">{t.languageBrowser}</option>
          {languages.map((language) => (
            // Each language by its own name, marked as that language so a screen reader says it right.
            <option key={language.tag} value={language.tag} lang={language.tag}>
              {language.name}
            </option>
          ))}
        </select>
      </Field>

      <Field label={t.optionsHeading}>
        <Toggle checked={form.guidance} onChange={(guidance) => update({ guidance })} title={t.guidance} detail={t.guidanceDetail} />
        <Toggle checked={form.splashPage} onChange={(splashPage) => update({ splashPage })} title={t.splashPage} detail={t.splashPageDetail} />
        <Toggle
          checked={form.replaceOnReturn}
          onChange={(replaceOnReturn) => update({ replaceOnReturn })}
          title={t.replaceOnReturn}
          detail={t.replaceOnReturnDetail}
        />
        <div className="ff-demo-segment" role="radiogroup" aria-label={t.returnRouteLabel}>
          <span className="ff-demo-segment__label" aria-hidden="true">{t.returnRouteLabel}</span>
          <span className="ff-demo-segment__options">
            {DEMO_RETURN_ROUTES.map((route) => (
              <label key={route} className="ff-demo-segment__option">
                <input
                  type="radio"
                  name={`${id}-return`}
                  value={route}
                  checked={form.returnRoute === route}
                  onChange={() => update({ returnRoute: route })}
                />
                <span>/{route}</span>
              </label>
            ))}
          </span>
        </div>
      </Field>

      {sending.kind === "failed" && (
        <p className="ff-demo-alert" role="alert">
          {sending.message}
        </p>
      )}
      {sending.kind === "notDemoReturn" && (
        <p className="ff-demo-alert" role="alert">
          {t.errorNotDemoReturn}
          <a className="ff-link ff-demo-alert__link" href={sending.demoPage}>
            {sending.demoPage}
          </a>
        </p>
      )}

      <button type="submit" className="ff-btn ff-btn--primary ff-demo-submit" disabled={problem !== null || busy} aria-busy={busy}>
        {sending.kind === "creating" ? t.submitting : sending.kind === "launching" ? t.launching : t.submit}
      </button>
    </form>
  );
}
