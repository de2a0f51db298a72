/**
 * /entry, /srcEntry, /liveEntry (spec §2 entry pages): faceflow playing its own demo partner
 * for the default app (issue 3). Opened plainly it is the partner's start page (demo/
 * DemoOrderForm); opened as the return address, with the result in its query, it shows that
 * result and whether its signature verified (demo/DemoResult).
 */
import { lazy } from "react";
import { useRuntime } from "../FlowProvider";
import { screenTexts } from "../texts";
import { useTexts } from "../useTexts";
import type { ScreenProps } from "../screenContract";
import { fillText } from "./textTemplate";
import { DemoOrderForm, ORDER_FORM_TEXTS } from "./demo/DemoOrderForm";
import "./demo.css";

/** The text sections this screen and the parts it renders show: its row of ./screenTable.ts. */
// DemoResult (loaded on demand) reads "demo" too; the screen tests render it with only these sections.
export const SCREEN_TEXTS = screenTexts("demoEntry", ORDER_FORM_TEXTS);

// Shown only when the flow returns here with a result; it reads the contract's return payload,
// which the form the partner page opens with does not need (issue 14).
const DemoResult = lazy(() => import("./demo/DemoResult").then((m) => ({ default: m.DemoResult })));

/** The return payload always carries these two (spec §3); the launch never does. */
function isReturn(search: Readonly<Record<string, string>>): boolean {
  return search.orderNo !== undefined && search.code !== undefined;
}

export default function DemoEntryScreen({ props }: ScreenProps<"demoEntry">) {
  const rt = useRuntime();
  const texts = useTexts(SCREEN_TEXTS);
  const t = texts.demo;
  // routes.json names the variant (checked by `npm run validate`).
  const { variant } = props;
  const { origin, pathname } = rt.win.location;

  return (
    <div className="ff-demo" data-variant={variant}>
      <header className="ff-demo-header">
        <div className="ff-demo-header__inner">
          <span className="ff-demo-logo" aria-hidden="true">
            ff
          </span>
          <span className="ff-demo-header__brand">{t.brand}</span>
          <span className="ff-demo-badge">{fillText(t.appBadge, { appId: rt.apps.defaultAppId })}</span>
        </div>
      </header>
      {/* The router's <main> holds every screen: one main landmark per page. */}
      <div className="ff-demo-main">
        <h1 className="ff-demo-title">{isReturn(rt.search) ? t.resultHeading : t.formHeading}</h1>
        <p className="ff-demo-intro">{isReturn(rt.search) ? t.resultIntro : t.intro}</p>
        {isReturn(rt.search) ? (
          <DemoResult
            query={rt.win.location.search.replace(/^\?/, "")}
            received={rt.search}
            // A fresh page load without the result query, so the next launch starts clean.
            onAgain={() => rt.win.location.assign(`${origin}${pathname}#/${variant}`)}
          />
        ) : (
          <DemoOrderForm variant={variant} />
        )}
        <p className="ff-demo-footer">{t.footer}</p>
      </div>
    </div>
  );
}
