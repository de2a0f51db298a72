/**
 * The app's React tree over a runtime: the one the browser renders (src/main.tsx) and the one the
 * service renders a launch's first page with (src/ssr/renderLaunchPage.tsx), so that the page the
 * browser hydrates is the same tree the HTML was made from.
 */
import { StrictMode } from "react";
import type { FlowRuntime } from "../runtime/runtime";
import { FlowProvider } from "./FlowProvider";
import { FlowRouter } from "./FlowRouter";
import { Loading } from "./Loading";
import { LoadFailed } from "./LoadFailed";
import type { ScreenComponents } from "./screenContract";
import { ToastHost } from "./ToastHost";
import { Wrapper } from "./Wrapper";

interface AppTreeProps {
  runtime: FlowRuntime;
  screens: ScreenComponents;
  loadDebugConsole: () => Promise<unknown>;
}

export function AppTree({ runtime, screens, loadDebugConsole }: AppTreeProps) {
  const shell = runtime.shell;
  return (
    <StrictMode>
      <FlowProvider runtime={runtime}>
        <Wrapper loadDebugConsole={loadDebugConsole}>
          <LoadFailed
            texts={shell.loadFailed}
            onError={(error) => runtime.stats.record("screenFailed", { message: String(error).slice(0, 200) })}
            reload={() => runtime.win.location.reload()}
          >
            <FlowRouter screens={screens} fallback={<Loading text={shell.loading} />} />
          </LoadFailed>
          <ToastHost />
        </Wrapper>
      </FlowProvider>
    </StrictMode>
  );
}
