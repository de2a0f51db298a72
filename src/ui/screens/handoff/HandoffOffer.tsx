/**
 * The desktop's side of /handoff (issue 32): continuing on a phone. It asks the service for a handoff and
 * shows its QR code (an SVG the service drew), the link as text and the short code; follows the
 * phone (waiting, connected, recording, verifying, done) and, once the verdict is in, goes to
 * the result page with the signed result stored, as if it had recorded itself. The user can
 * cancel (back to the start page) or ask for a fresh code, also after the phone went away.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { HandoffOffer, HandoffState } from "../../../../schemas/handoff";
import { useApi } from "../../apiContext";
import { useFlowNavigate, useRuntime } from "../../FlowProvider";
import type { ScreenProps } from "../../screenContract";
import { textSections } from "../../texts";
import { useTexts } from "../../useTexts";
import { fillText } from "../textTemplate";
import { followHandoff } from "./followHandoff";
import { createHandoffApi } from "./handoffApi";
import "./handoff.css";

export const OFFER_TEXTS = textSections("handoff");

type View = { kind: "preparing" } | { kind: "offer"; offer: HandoffOffer; state: HandoffState } | { kind: "failed" };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function HandoffOffer({ next }: Pick<ScreenProps<"handoff">, "next">) {
  const rt = useRuntime();
  const api = useApi();
  const handoff = useMemo(() => createHandoffApi(rt.storage), [rt]);
  const navigate = useFlowNavigate();
  const texts = useTexts(OFFER_TEXTS).handoff;
  const [view, setView] = useState<View>({ kind: "preparing" });
  // Each new code is a new round: bumping it asks for a handoff again (the service cancels the old one).
  const [round, setRound] = useState(0);
  // The router's navigate and next are new functions on each render: read at the end, they must not restart the round.
  const leave = useRef((outcome: "success" | "fail") => navigate(next(outcome), {}, { replace: true }));
  leave.current = (outcome) => navigate(next(outcome), {}, { replace: true });

  useEffect(() => {
    const abort = new AbortController();
    setView({ kind: "preparing" });
    void (async () => {
      let offer: HandoffOffer;
      try {
        offer = await handoff.offer(abort.signal);
      } catch {
        if (!abort.signal.aborted) setView({ kind: "failed" });
        return;
      }
      if (abort.signal.aborted) return;
      setView({ kind: "offer", offer, state: "waiting" });
      const end = await followHandoff({
        api,
        handoff,
        storage: rt.storage,
        offer,
        sleep,
        signal: abort.signal,
        onState: (state) => setView({ kind: "offer", offer, state }),
      });
      if (end.kind === "result") leave.current(end.outcome);
      else if (end.kind === "failed") setView({ kind: "failed" });
    })();
    return () => abort.abort();
  }, [api, handoff, rt, round]);

  const cancel = useCallback(() => {
    // Ended on the service too, so a phone holding the link can no longer use it.
    if (view.kind === "offer") void handoff.cancel(view.offer.id).catch(() => undefined);
    navigate(next("back"), {}, { replace: true });
  }, [handoff, navigate, next, view]);

  const over = view.kind === "failed" || (view.kind === "offer" && (view.state === "cancelled" || view.state === "expired"));
  return (
    <div className="ff-page ff-handoff" data-handoff-state={view.kind === "offer" ? view.state : view.kind}>
      <div className="ff-handoff__body">
        <h1 className="ff-handoff__title">{texts.title}</h1>
        <p>{texts.intro}</p>
        {view.kind === "preparing" && <p role="status">{texts.preparing}</p>}
        {view.kind === "failed" && <p role="alert">{texts.offerFailed}</p>}
        {view.kind === "offer" && (
          <>
            <img className="ff-handoff__qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(view.offer.qrSvg)}`} alt={texts.qrAlt} width={220} height={220} />
            <p className="ff-handoff__label">{texts.linkLabel}</p>
            <p className="ff-handoff__link" data-handoff-link>
              {view.offer.link}
            </p>
            <p className="ff-handoff__label">{texts.codeLabel}</p>
            <p className="ff-handoff__code" data-handoff-code>
              {view.offer.code}
            </p>
            <p className="ff-handoff__hint">{fillText(texts.codeHint, { url: view.offer.codeUrl })}</p>
            <p className="ff-handoff__hint">{fillText(texts.expires, { minutes: String(Math.max(1, Math.round((Date.parse(view.offer.expiresAt) - rt.now()) / 60_000))) })}</p>
            <p className="ff-handoff__state" role="status" aria-live="polite">
              {texts[`state.${view.state}`]}
            </p>
          </>
        )}
      </div>
      <div className="ff-buttons ff-buttons--2">
        {over && (
          <button type="button" className="ff-btn ff-btn--primary" onClick={() => setRound((n) => n + 1)}>
            {texts.newCode}
          </button>
        )}
        {!over && view.kind === "offer" && view.state !== "done" && (
          <button type="button" className="ff-btn ff-btn--primary" onClick={() => setRound((n) => n + 1)}>
            {texts.newCode}
          </button>
        )}
        <button type="button" className="ff-btn ff-btn--secondary" onClick={cancel}>
          {texts.cancel}
        </button>
      </div>
    </div>
  );
}
