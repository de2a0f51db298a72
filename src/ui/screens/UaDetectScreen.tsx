/**
 * /uaDetect (spec §2 "Browser capability page"): why this browser cannot record the
 * verification video, the browser, system and device it was recognised as, and what to do:
 * open the page in the system browser, or copy the link. The user-agent parser is loaded
 * on demand with the eligibility rules, so it never weighs on the first screen.
 */
import { useEffect, useRef, useState } from "react";
import type { ParsedDevice } from "../../../schemas/device";
import type { CameraEligibility } from "../../device/eligibility";
import { Illustration } from "../components/illustrations";
import { useFlowNavigate, useRuntime, useToast, type Texts } from "../FlowProvider";
import { loadCameraCheck } from "../../flow/cameraCheck";
import { screenTexts } from "../texts";
import { useTexts } from "../useTexts";
import { useFinisher } from "../useFinisher";
import { quitWithStatusCode } from "../quitWithStatusCode";
import type { ScreenProps } from "../screenContract";

/** The text sections this screen and the parts it renders show: its row of ./screenTable.ts. */
export const SCREEN_TEXTS = screenTexts("uaDetect");

type Detection = { decision: CameraEligibility; device: ParsedDevice };

function nameVersion(part: { name: string | null; version: string | null }, unknown: string): string {
  return part.name ? [part.name, part.version].filter(Boolean).join(" ") : unknown;
}

function deviceLine(device: ParsedDevice, t: Texts["uaDetect"]): string {
  const kind = device.type === "mobile" ? t.deviceMobile : device.type === "tablet" ? t.deviceTablet : device.type === "desktop" ? t.deviceDesktop : t.deviceOther;
  const model = [device.manufacturer, device.model].filter(Boolean).join(" ");
  return model ? `${kind}（${model}）` : kind;
}

function EnvironmentCard({ device, t }: { device: ParsedDevice; t: Texts["uaDetect"] }) {
  const rows: [string, string][] = [
    [t.browser, nameVersion(device.browser, t.unknown)],
    [t.system, nameVersion(device.os, t.unknown)],
    [t.device, deviceLine(device, t)],
  ];
  return (
    <section className="ff-card ff-env" aria-label={t.environmentHeading}>
      <h2 className="ff-card__heading">{t.environmentHeading}</h2>
      <dl className="ff-env__list">
        {rows.map(([label, value]) => (
          <div key={label} className="ff-env__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function UaDetectScreen({ next }: ScreenProps<"uaDetect">) {
  const rt = useRuntime();
  const texts = useTexts(SCREEN_TEXTS);
  const toast = useToast();
  const navigate = useFlowNavigate();
  const finisher = useFinisher();
  const [detection, setDetection] = useState<Detection | null>(null);
  const [phoneOffer, setPhoneOffer] = useState(false);
  const linkInput = useRef<HTMLInputElement | null>(null);
  const t = texts.uaDetect;
  // The launch URL without the hash: opened elsewhere it starts this launch from its root.
  const link = `${rt.win.location.origin}${rt.win.location.pathname}${rt.win.location.search}`;

  // Quitting from here returns the code of the "browser cannot record" status: its catalogue
  // is fetched now, so the quit button does not wait for it (a failure is reported on quit).
  useEffect(() => void rt.loadErrorCatalogue().catch(() => undefined), [rt]);

  useEffect(() => {
    let live = true;
    void loadCameraCheck(rt).then((cameraCheck) => {
      if (!live) return;
      const decision = cameraCheck.check();
      setDetection({ decision, device: cameraCheck.parseThisDevice() });
      // A desktop this browser cannot record on may continue on a phone (issue 32).
      if (!decision.allowed) void cameraCheck.phoneOffer(true).then((offer) => live && setPhoneOffer(offer !== "none"), () => undefined);
    });
    return () => {
      live = false;
    };
  }, [rt]);

  const copy = async () => {
    try {
      await rt.win.navigator.clipboard.writeText(link);
      toast({ type: "success", msg: t.copied });
      return;
    } catch {
      // In-app browsers often lack the async clipboard; the selected-input copy still works there.
    }
    const input = linkInput.current;
    input?.select();
    const copied = input !== null && rt.win.document.execCommand?.("copy") === true;
    toast(copied ? { type: "success", msg: t.copied } : { type: "error", msg: t.copyFailed });
  };

  if (detection === null) {
    return (
      <div className="ff-loading" role="status">
        <span className="ff-spinner" aria-hidden="true" />
        <span>{t.detecting}</span>
      </div>
    );
  }

  const { decision, device } = detection;
  if (decision.allowed) {
    return (
      <div className="ff-page ff-uadetect" data-allowed="true">
        <div className="ff-uadetect__body">
          <Illustration name="face" />
          <h1 className="ff-uadetect__title">{t.allowedTitle}</h1>
          <p className="ff-uadetect__text">{t.allowedText}</p>
          <EnvironmentCard device={device} t={t} />
        </div>
        <div className="ff-buttons ff-buttons--1">
          <button type="button" className="ff-btn ff-btn--primary" onClick={() => navigate(next("back"), {}, { replace: true })}>
            {t.continue}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="ff-page ff-uadetect" data-allowed="false" data-reason={decision.reason}>
      <div className="ff-uadetect__body">
        <Illustration name="browser" />
        <h1 className="ff-uadetect__title">{t.blockedTitle}</h1>
        <p className="ff-uadetect__text">{decision.reason === "inAppDeviceBlocked" ? t.blockedInApp : t.blockedBrowser}</p>
        <EnvironmentCard device={device} t={t} />
        <section className="ff-card ff-todo" aria-label={t.whatToDo}>
          <h2 className="ff-card__heading">{t.whatToDo}</h2>
          <ol className="ff-todo__steps">
            <li>{t.stepMenu}</li>
            <li>{t.stepCopy}</li>
          </ol>
          <div className="ff-copy">
            <input ref={linkInput} className="ff-copy__input" readOnly value={link} aria-label={t.linkLabel} onFocus={(e) => e.target.select()} />
            <button type="button" className="ff-copy__btn" onClick={() => void copy()}>
              {t.copy}
            </button>
          </div>
        </section>
        {phoneOffer && <p className="ff-uadetect__text">{t.phoneBlocked}</p>}
      </div>
      {phoneOffer && (
        <div className="ff-buttons ff-buttons--1">
          <button type="button" className="ff-btn ff-btn--primary" data-phone-offer="blocked" onClick={() => navigate(next("handoff"))}>
            {t.phoneOffer}
          </button>
        </div>
      )}
      <div className="ff-buttons ff-buttons--1">
        <button type="button" className="ff-btn ff-btn--secondary" onClick={() => void quitWithStatusCode(rt, finisher, "uaDetectException", texts.uaDetect.quitFailed)}>
          {texts.common.quit}
        </button>
      </div>
    </div>
  );
}
