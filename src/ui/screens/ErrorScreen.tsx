/**
 * /error and /action/error (spec §2 "Error screen"): everything shown comes from the
 * catalogue (flows/errors.json, loaded with this screen: src/ui/screens/screenTable.ts) through resolveErrorScreen, fed the route's query values
 * status, code, msg and type. Quit returns to the partner with the screen's front code;
 * retry starts the flow again from the root.
 */
import type { ErrorsFile, ErrorTextMode } from "../../../schemas/errors";
import type { LaunchParams } from "../../../schemas/launch";
import { isWillMode, liveModeOf } from "../../domain/modes";
import { launchParamsSchema } from "../../../schemas/launch";
import { ErrorView } from "../components/ErrorView";
import { bindErrorButtons, resolveErrorScreen } from "../errorCatalogue";
import { useRuntime } from "../FlowProvider";
import type { ScreenProps } from "../screenContract";
import { screenTexts } from "../texts";
import { useFinisher } from "../useFinisher";
import { useTexts } from "../useTexts";
import { useAspectRatio } from "./useAspectRatio";

/** The check mode the launch asked for (will first: it applies whatever the live type), or undefined without a launch. */
function textModeOf(launch: LaunchParams): ErrorTextMode | undefined {
  if (launch.order_no === undefined && launch.live_type === undefined && launch.live_service === undefined) return undefined;
  return isWillMode(launch) ? "will" : liveModeOf(launch);
}

/** The catalogue's text keys name the shared buttons and the catalogue's own section. */
export const SCREEN_TEXTS = screenTexts("error");

export default function ErrorScreen({ query, definition }: ScreenProps<"error"> & { definition: ErrorsFile }) {
  const rt = useRuntime();
  const finisher = useFinisher();
  const aspectRatio = useAspectRatio();
  const texts = useTexts(SCREEN_TEXTS);
  const storedUrl = rt.storage.getParsed("url", launchParamsSchema.shape.url);
  const screen = resolveErrorScreen({
    status: query.status,
    code: query.code,
    msg: query.msg,
    type: query.type,
    mode: textModeOf(rt.launch),
    hasReturnUrl: storedUrl !== undefined && storedUrl !== "" && storedUrl !== "null",
  }, definition, texts);
  const buttons = bindErrorButtons(screen.buttons, {
    quit: () => void finisher.quit(screen.code ?? null),
    retry: () => finisher.retry(),
  });
  return (
    <div className="ff-screen" data-status={screen.status ?? "unknown"}>
      <ErrorView
        illustration={screen.illustration}
        title={screen.title}
        message={screen.message}
        detail={screen.detail}
        codeLine={screen.codeLine}
        tips={screen.tips}
        buttons={buttons}
        aspectRatio={aspectRatio}
      />
    </div>
  );
}
