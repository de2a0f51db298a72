/**
 * /success, /fail and their /action/ counterparts (spec §2 "Result component"): the
 * route's props say success or fail and plain or action mode, the launch says what was
 * checked (will, face or live) and whether the action pages serve silent liveness (texts of its own). Finish hands the stored result values back to the partner.
 */
import { HANDOFF_PHONE_COOKIE } from "../../../schemas/apiCodes";
import type { ResultsFile } from "../../../schemas/results";
import { storedValueSchemas, type ResultValues } from "../../../schemas/session";
import type { ReturnValues } from "../../finish/returnUrl";
import { ResultView } from "../components/ResultView";
import { useLaunch, useRuntime } from "../FlowProvider";
import { bindResultButtons, resolveResultScreen, resultKindOf, resultVariantOf } from "../resultCatalogue";
import { failCodeTip } from "../failCodeTips";
import type { ScreenProps } from "../screenContract";
import { screenTexts } from "../texts";
import { useFinisher } from "../useFinisher";
import { useTexts } from "../useTexts";

/** The result file's text keys are all in the section "results". */
export const SCREEN_TEXTS = screenTexts("result");

/** The stored result values under the names of the return payload (spec §3). */
export function returnValuesOf(values: ResultValues | undefined): ReturnValues {
  if (values === undefined) return {};
  return {
    code: values.code,
    signature: values.sign,
    newSignature: values.newSign,
    liveRate: values.liveRate,
    willCode: values.willCode,
    faceCode: values.faceCode,
    similarity: values.similarity,
    checks: values.checks,
  };
}

/** `definition`: flows/results.json, loaded with this screen (src/ui/screens/screenTable.ts). */
export default function ResultScreen({ props, definition }: ScreenProps<"result"> & { definition: ResultsFile }) {
  const rt = useRuntime();
  const launch = useLaunch();
  const finisher = useFinisher();
  const texts = useTexts(SCREEN_TEXTS);
  const { outcome, mode } = props;
  const stored = rt.storage.getParsed("resultValues", storedValueSchemas.resultValues);
  const noRetry = rt.storage.getParsed("noRetry", storedValueSchemas.noRetry) ?? false;
  const screen = resolveResultScreen({ outcome, variant: resultVariantOf(mode, launch), kind: resultKindOf(launch), canRetry: !noRetry }, definition, texts);
  // A phone continuing a computer's check (issue 32) hands nothing back: once the order is over
  // (a pass, or a failure it cannot retry) it says so and sends the user back to the computer.
  if (rt.cookies.get(HANDOFF_PHONE_COOKIE) === "1" && (outcome === "success" || noRetry)) {
    return (
      <div className="ff-screen" data-outcome={outcome} data-handoff="phone">
        <ResultView outcome={outcome} title={texts.handoff.phoneDoneTitle} tips={texts.handoff.phoneDoneText} buttons={[]} />
      </div>
    );
  }
  const buttons = bindResultButtons(screen.buttons, {
    finish: () => void finisher.finish(returnValuesOf(stored)),
    retry: () => finisher.retry(),
    quit: () => void finisher.quit(stored?.code ?? null),
  });
  return (
    <div className="ff-screen" data-outcome={outcome}>
      <ResultView
        outcome={screen.outcome}
        title={screen.title}
        // A failure whose code says what to change (the light, the lips, a replay) says it.
        tips={(outcome === "fail" ? failCodeTip(stored?.code, texts) : null) ?? screen.tips}
        buttons={buttons}
      />
    </div>
  );
}
