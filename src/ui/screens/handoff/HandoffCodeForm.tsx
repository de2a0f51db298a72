/**
 * The phone's side of /handoff (issue 32): a phone types the short code shown on the computer
 * (the service's `/m` leads here). The service opens the handoff for this phone and names its start page,
 * which is loaded afresh so the page reads the order's launch parameters from its address.
 */
import { useEffect, useMemo, useState, type FormEvent } from "react";
import * as z from "zod/mini";
import { handoffOpenRequestSchema } from "../../../../schemas/handoff";
import { API_ERROR_CODES } from "../../../../schemas/apiCodes";
import { ApiError } from "../../../api/apiError";
import { useRuntime } from "../../FlowProvider";
import { textSections } from "../../texts";
import { useTexts } from "../../useTexts";
import { createHandoffApi } from "./handoffApi";
import "./handoff.css";

export const CODE_TEXTS = textSections("handoff");

/** The link's token, when the service's `/m/<token>` led here (`#/handoff?open=<token>`). */
function linkToken(hash: string): string | undefined {
  const asked = { token: new URLSearchParams(hash.split("?")[1] ?? "").get("open") ?? undefined };
  const parsed = z.safeParse(handoffOpenRequestSchema, asked);
  return parsed.success ? parsed.data.token : undefined;
}

export function HandoffCodeForm() {
  const rt = useRuntime();
  const handoff = useMemo(() => createHandoffApi(rt.storage), [rt]);
  const texts = useTexts(CODE_TEXTS).handoff;
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const token = useMemo(() => linkToken(rt.win.location.hash), [rt]);

  // A followed link is opened here, by the page, not by the link's GET (which a messaging
  // app's preview may send): the service names the phone's start page or the refusal's screen.
  useEffect(() => {
    if (token === undefined) return;
    setBusy(true);
    handoff.open(token).then(
      ({ next }) => rt.win.location.replace(next),
      () => {
        setProblem(texts.codeFailed);
        setBusy(false);
      },
    );
  }, [handoff, rt, token, texts.codeFailed]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const { next } = await handoff.code(code);
      rt.win.location.replace(next);
    } catch (error) {
      const refused = error instanceof ApiError ? error.code : null;
      setProblem(refused === API_ERROR_CODES.rateLimited ? texts.codeTooMany : refused === API_ERROR_CODES.handoffExpired ? texts.codeWrong : texts.codeFailed);
      setBusy(false);
    }
  };

  return (
    <div className="ff-page ff-handoff">
      <form className="ff-handoff__body" onSubmit={(event) => void submit(event)}>
        <h1 className="ff-handoff__title">{texts.codeTitle}</h1>
        <p>{texts.codeIntro}</p>
        <div className="ff-handoff__form">
          <label htmlFor="ff-handoff-code">{texts.codeInputLabel}</label>
          <input
            id="ff-handoff-code"
            className="ff-handoff__input"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={12}
            aria-invalid={problem !== null}
            aria-describedby={problem === null ? undefined : "ff-handoff-problem"}
          />
          {problem !== null && (
            <p id="ff-handoff-problem" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="ff-btn ff-btn--primary" disabled={busy || code.trim() === ""}>
            {texts.codeSubmit}
          </button>
        </div>
      </form>
    </div>
  );
}
