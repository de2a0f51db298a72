/**
 * /handoff (issue 32), one route for both ends of continuing on a phone: a desktop with its
 * launch's session (not a phone's) offers the phone a QR code, a link and a
 * short code and follows it (handoff/HandoffOffer.tsx); a phone without one types the short code
 * there (handoff/HandoffCodeForm.tsx; the service's `/m` leads here). One route rather than two
 * keeps the first screen's route table small.
 */
import { HANDOFF_PHONE_COOKIE } from "../../../schemas/apiCodes";
import { useRuntime } from "../FlowProvider";
import type { ScreenProps } from "../screenContract";
import { screenTexts } from "../texts";
import { useVisitRecord } from "../useFinisher";
import { HandoffCodeForm } from "./handoff/HandoffCodeForm";
import { HandoffOffer } from "./handoff/HandoffOffer";

export const SCREEN_TEXTS = screenTexts("handoff");

export default function HandoffScreen({ next }: ScreenProps<"handoff">) {
  const rt = useRuntime();
  useVisitRecord();
  // A launch's session: its cookie, or (cookie-less mode) its signed launch; a phone's never counts.
  const desktop = rt.cookies.get(HANDOFF_PHONE_COOKIE) !== "1" && (rt.cookies.orderNo() !== undefined || rt.launch.sign !== undefined);
  return desktop ? <HandoffOffer next={next} /> : <HandoffCodeForm />;
}
