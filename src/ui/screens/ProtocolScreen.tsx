/**
 * /protocol, /protocol/tencent and /protocol/{product} (spec §2): the user-agreement
 * authorisation letter. The product comes from the route's props or the path; the
 * company asking for consent from the launch's protocol_corp_name. Both are partner input,
 * placed into the texts as plain strings and rendered as text.
 *
 * Opened on its own (a partner's link straight to the letter, not a start page's link) by an
 * app of flows/apps.json `authOnlyView`, it is the auth-only view of spec §6: it says it only
 * shows the letter, and its button goes back to where the user came from (the partner's page,
 * or its return address) instead of starting the verification.
 */
import { useState } from "react";
import { Illustration } from "../components/illustrations";
import { useFlowNavigate, useLaunch, useRuntime, type Texts } from "../FlowProvider";
import { screenTexts } from "../texts";
import { useTexts } from "../useTexts";
import type { ScreenProps } from "../screenContract";
import { useFinisher } from "../useFinisher";
import { createPathHistory } from "../pathHistory";
import { allowsAuthOnlyView } from "./authOnlyView";
import { fillText } from "./textTemplate";

/** The text sections this screen and the parts it renders show: its row of ./screenTable.ts. */
export const SCREEN_TEXTS = screenTexts("protocol");

type ProtocolTexts = Texts["protocol"];

/** The clauses in order; each names its title and body key, so a missing text fails to compile. */
const CLAUSES = [
  ["collectTitle", "collectBody"],
  ["purposeTitle", "purposeBody"],
  ["processingTitle", "processingBody"],
  ["retentionTitle", "retentionBody"],
  ["rightsTitle", "rightsBody"],
  ["refuseTitle", "refuseBody"],
] as const satisfies readonly (readonly [keyof ProtocolTexts, keyof ProtocolTexts])[];

/** Products with their own name; any other product shows the general service name. */
function productName(product: string | undefined, t: ProtocolTexts): string {
  return product === "tencent" ? t.productTencent : t.productDefault;
}

export default function ProtocolScreen({ props, params, next }: ScreenProps<"protocol">) {
  const rt = useRuntime();
  const launch = useLaunch();
  const texts = useTexts(SCREEN_TEXTS);
  const navigate = useFlowNavigate();
  const finisher = useFinisher();
  const t = texts.protocol;
  // Decided once, on arrival: whether a page of the flow was shown before this one.
  const [openedAlone] = useState(() => {
    const history = createPathHistory(rt.storage);
    history.visit(rt.location.current().path);
    return history.previous() === undefined;
  });
  const authOnly = openedAlone && allowsAuthOnlyView(launch.wb_app_id ?? rt.apps.defaultAppId, rt.apps.authOnlyView, rt.settings.environment);
  const product = props.product ?? params.product;
  const values = {
    corp: launch.protocol_corp_name?.trim() || t.defaultCorp,
    product: productName(product, t),
  };
  const version = launch.auth_protocol_version?.trim();

  const leave = () => {
    // The partner's page that linked here is the tab's previous entry; without one, its return
    // address. Only the letter was shown, so nothing is handed back and the launch is not over:
    // the partner's real launch of the same order must still verify.
    if (rt.win.history.length > 1) rt.win.history.back();
    else void finisher.leave();
  };

  const back = () => {
    // Opened from a start page: go back to it as it was. Opened on its own: start the flow.
    if (rt.win.history.length > 1) rt.win.history.back();
    else navigate(next("back"), {}, { replace: true });
  };

  return (
    <div className="ff-page ff-protocol" data-product={product ?? "default"} data-view={authOnly ? "authOnly" : "flow"}>
      <article className="ff-protocol__body">
        <header className="ff-protocol__header">
          <Illustration name="lock" />
          <h1 className="ff-protocol__title">{rt.shell.titles.protocol}</h1>
          <p className="ff-protocol__product">{values.product}</p>
          {authOnly && <p className="ff-protocol__auth-only">{t.authOnlyNote}</p>}
        </header>
        <p className="ff-protocol__preamble">{fillText(t.preamble, values)}</p>
        {CLAUSES.map(([title, body]) => (
          <section key={title} className="ff-protocol__clause">
            <h2 className="ff-protocol__clause-title">{t[title]}</h2>
            <p className="ff-protocol__clause-body">{fillText(t[body], values)}</p>
          </section>
        ))}
        {version && <p className="ff-protocol__version">{fillText(t.version, { version })}</p>}
      </article>
      <div className="ff-buttons ff-buttons--1">
        {authOnly ? (
          <button type="button" className="ff-btn ff-btn--primary" onClick={leave}>
            {t.authOnlyLeave}
          </button>
        ) : (
          <button type="button" className="ff-btn ff-btn--primary" onClick={back}>
            {t.back}
          </button>
        )}
      </div>
    </div>
  );
}
