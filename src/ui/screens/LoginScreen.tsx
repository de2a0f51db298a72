/**
 * /login (spec §2): logs in with the launch the page was opened with (src/ui/screens/login/),
 * showing a waiting state meanwhile. A network failure is not a dead end: the user stays here
 * and may try again; every other outcome leaves this page.
 */
import { ErrorView } from "../components/ErrorView";
import { useRuntime } from "../FlowProvider";
import { screenTexts } from "../texts";
import { useTexts } from "../useTexts";
import type { ScreenProps } from "../screenContract";
import { LOGIN_TEXTS, useLaunchLogin } from "./login/useLaunchLogin";
import "./demo/styles/login.css";

/** The text sections this screen and the parts it renders show: its row of ./screenTable.ts. */
export const SCREEN_TEXTS = screenTexts("login", LOGIN_TEXTS);

export default function LoginScreen({ next }: ScreenProps<"login">) {
  const rt = useRuntime();
  const texts = useTexts(SCREEN_TEXTS);
  const state = useLaunchLogin(next);

  if (state.kind === "offline") {
    return (
      <div className="ff-screen" data-state="offline">
        <ErrorView
          illustration="network"
          title={texts.login.offlineTitle}
          message={texts.login.offlineText}
          buttons={[{ label: texts.common.retry, onClick: state.retry }]}
          aspectRatio={rt.win.innerHeight / Math.max(1, rt.win.innerWidth)}
        />
      </div>
    );
  }
  return (
    <div className="ff-page ff-login" data-state="working">
      <div className="ff-login__body" role="status" aria-live="polite">
        <span className="ff-login__spinner" aria-hidden="true" />
        <h1 className="ff-login__title">{texts.login.waitingTitle}</h1>
        <p className="ff-login__text">{texts.login.waitingText}</p>
      </div>
    </div>
  );
}
