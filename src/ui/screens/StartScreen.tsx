/**
 * The start pages (spec §2: /pre, /h5pre, /action/pre, /action/pre/slient, /action/h5pre,
 * /action/h5pre/slient, /action/trtc/pre). In order: the splash page (will mode or
 * splash_page=1), the enhanced authorisation when the launch asks for it, then the page
 * itself: what the check will ask, the pre-pictures, popup_context, the simple consent
 * tick box and the start button, which goes to the route that records.
 *
 * The step lives in the hash query (seen=1 after the splash, authorized=1 after the
 * authorisation), so reading the agreement and coming back does not start over.
 * Routes flagged uaDetect first check camera-input eligibility and leave for /uaDetect
 * when this browser cannot record.
 */
import { useEffect, useRef, useState } from "react";
import { isWillMode } from "../../domain/modes";
import { useFlowNavigate, useLaunch, useRuntime, useToast } from "../FlowProvider";
import { screenTexts } from "../texts";
import { useTexts } from "../useTexts";
import { usePrefetchGuidance } from "./recording/guidance/usePrefetchGuidance";
import { Illustration } from "../components/illustrations";
import type { ScreenProps } from "../screenContract";
import { useFinisher } from "../useFinisher";
import { useHydrated } from "../useHydrated";
import { authLevelOf } from "./authLevel";
import { AuthorizationStep } from "./AuthorizationStep";
import { CheckList } from "./CheckList";
import { ConsentTick } from "./ConsentTick";
import { NoticeDialog } from "./NoticeDialog";
import { PrePictures } from "./PrePictures";
import { SplashStep } from "./SplashStep";
import { checkItemsOf, prePictureCount, recordOutcomeOf, showsSplash } from "../../flow/startPlan";
import { loadCameraCheck, type CameraCheck } from "../../flow/cameraCheck";

/** The text sections this screen and the parts it renders show: its row of ./screenTable.ts. */
export const SCREEN_TEXTS = screenTexts("start");

type Eligibility = "checking" | "allowed";

export default function StartScreen({ route, props, next, query }: ScreenProps<"start">) {
  const rt = useRuntime();
  const launch = useLaunch();
  const texts = useTexts(SCREEN_TEXTS);
  const navigate = useFlowNavigate();
  const toast = useToast();
  const finisher = useFinisher();
  const { mode, channel } = props;
  const will = isWillMode(launch);
  const authLevel = authLevelOf(rt, { path: route.path, route, query });
  const [eligibility, setEligibility] = useState<Eligibility>(route.flags.uaDetect ? "checking" : "allowed");
  // The check runs while the user reads the page and the button works from the start: a tap
  // before the check has finished waits for it (a slow phone spends a few hundred
  // milliseconds loading the user-agent parser; the user should not wait on a grey button).
  // Tapped before the check had finished: the button says so, and the page goes on once the
  // check allows it (a blocked browser is sent to /uaDetect by the check itself).
  const [waiting, setWaiting] = useState(false);
  const [ticked, setTicked] = useState(false);
  // The page the service rendered (src/ssr) works once its script runs: grey until then.
  const hydrated = useHydrated();
  const consentBox = useRef<HTMLInputElement>(null);
  const [popupOpen, setPopupOpen] = useState(Boolean(launch.popup_context?.trim()));
  // A desktop may continue on a phone (issue 32): decided with the camera check, in its lazy module.
  const [phoneOffer, setPhoneOffer] = useState<Awaited<ReturnType<CameraCheck["phoneOffer"]>>>("none");

  useEffect(() => {
    if (!route.flags.uaDetect) return;
    let live = true;
    const decide = (cameraCheck: CameraCheck) => {
      if (!live) return;
      let decision: ReturnType<CameraCheck["check"]>;
      try {
        decision = cameraCheck.check();
      } catch (error) {
        unavailable(error);
        return;
      }
      if (decision.allowed) {
        setEligibility("allowed");
        void cameraCheck.phoneOffer(false).then((offer) => live && setPhoneOffer(offer), () => undefined);
      } else {
        rt.stats.record("uaDetectBlocked", { reason: decision.reason });
        rt.location.navigate(next("uaDetect"), { replace: true });
      }
    };
    // The check did not load (a dropped network) or could not decide. It only spares the users
    // of a browser that cannot record a useless attempt, so the user goes on, the recording
    // page's own camera checks and error screens take over, and a tap waiting on it goes through.
    const unavailable = (error: unknown) => {
      if (!live) return;
      rt.stats.record("uaDetectUnavailable", { message: String(error).slice(0, 200) });
      setEligibility("allowed");
    };
    // Loaded on demand: the user-agent parser and device rules are only needed on these routes.
    void loadCameraCheck(rt).then(decide, unavailable);
    return () => {
      live = false;
    };
  }, [rt, route, next]);

  const recordPath = next(recordOutcomeOf(mode, launch));
  const protocolHref = `#${next("protocol")}`;
  useEffect(() => {
    if (waiting && eligibility === "allowed") navigate(recordPath);
  }, [waiting, eligibility, navigate, recordPath]);

  // Face guidance's files download while the user reads this page (not on real-time pages).
  usePrefetchGuidance(mode !== "trtc" && eligibility === "allowed");

  const goToStep = (extra: Record<string, string>) => navigate(route.path, { ...query, ...extra }, { replace: true });
  const corpName = launch.protocol_corp_name?.trim() || undefined;

  if (showsSplash(launch) && query.seen !== "1") {
    return <SplashStep will={will} corp={corpName} texts={texts} onNext={() => goToStep({ seen: "1" })} />;
  }
  if (authLevel === "enhanced" && query.authorized !== "1") {
    return (
      <AuthorizationStep
        corp={corpName ?? texts.protocol.defaultCorp}
        will={will}
        texts={texts}
        protocolHref={protocolHref}
        onAgree={() => goToStep({ authorized: "1" })}
        onDecline={() => void finisher.quit(null)}
      />
    );
  }

  const start = () => {
    if (authLevel === "simple" && !ticked) {
      toast({ msg: texts.start.consentRequired });
      // A keyboard or screen-reader user is taken to the box the toast asks them to tick.
      consentBox.current?.focus();
      return;
    }
    if (eligibility === "allowed") navigate(recordPath);
    else setWaiting(true);
  };
  const popup = launch.popup_context?.trim();
  return (
    <div className="ff-page ff-start" data-mode={mode} data-channel={channel}>
      <div className="ff-start__body">
        <header className="ff-start__header">
          <Illustration name="face" />
          <h1 className="ff-start__title">{will ? texts.start.willTitle : texts.start.title}</h1>
          <p className="ff-start__intro">{texts.start.intro}</p>
        </header>
        <div className="ff-start__cards">
          <CheckList items={checkItemsOf(mode, launch)} heading={texts.start.checkHeading} texts={texts} />
          <PrePictures count={prePictureCount(mode, channel, launch, rt.capture.prePictures)} heading={texts.start.prePicturesHeading} labels={texts.prePictures} />
        </div>
      </div>
      <div className="ff-start__footer">
        {authLevel === "simple" && (
          <ConsentTick boxRef={consentBox} checked={ticked} onChange={setTicked} prefix={texts.start.consentPrefix} linkText={texts.start.consentLink} href={protocolHref} />
        )}
        <div className="ff-buttons ff-buttons--1">
          <button type="button" className="ff-btn ff-btn--primary" disabled={!hydrated || (waiting && eligibility === "checking")} onClick={start}>
            {waiting && eligibility === "checking" ? texts.start.checkingBrowser : texts.start.startButton}
          </button>
        </div>
        {phoneOffer === "noCamera" && <p className="ff-start__intro">{texts.start.phoneNoCamera}</p>}
        {phoneOffer !== "none" && (
          <div className="ff-buttons ff-buttons--1">
            <button type="button" className="ff-btn ff-btn--secondary" data-phone-offer={phoneOffer} onClick={() => navigate(next("handoff"))} disabled={!hydrated}>
              {texts.start.phoneOffer}
            </button>
          </div>
        )}
      </div>
      {popupOpen && popup && (
        <NoticeDialog title={texts.start.popupTitle} text={popup} confirm={texts.start.popupConfirm} onConfirm={() => setPopupOpen(false)} />
      )}
    </div>
  );
}
