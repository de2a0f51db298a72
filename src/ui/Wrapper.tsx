/**
 * Root wrapper of spec §2: `ready` turns true 500 ms after mount (a flag only: the page shows as
 * it mounts, app.css, and a page the service rendered shows before); the hidden debug console loads
 * lazily, once, by itself in dev/local/sit/noidno and, for the debug app id, after 10
 * clicks on the wrapper each within 500 ms of the previous one. It also holds the app's one
 * record-timeout modal (spec §2: global), so it is the same element on every capture page.
 */
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { createDebugClickDetector, createDebugConsoleLoader } from "./debugClicks";
import { useRuntime } from "./FlowProvider";
import { RecordTimeoutHost } from "./RecordTimeoutHost";

const READY_DELAY_MS = 500;

export function Wrapper({ children, loadDebugConsole }: { children: ReactNode; loadDebugConsole: () => Promise<unknown> }) {
  const rt = useRuntime();
  const [ready, setReady] = useState(false);
  const detector = useMemo(() => createDebugClickDetector(rt.now), [rt]);
  const consoleLoader = useMemo(() => createDebugConsoleLoader(loadDebugConsole), [loadDebugConsole]);
  const appId = rt.launch.wb_app_id ?? rt.apps.defaultAppId;

  useEffect(() => {
    const t = rt.win.setTimeout(() => setReady(true), READY_DELAY_MS);
    return () => rt.win.clearTimeout(t);
  }, [rt]);

  useEffect(() => {
    if (rt.apps.debugConsoleEnvironments.includes(rt.settings.environment)) void consoleLoader.open();
  }, [rt, consoleLoader]);

  const onClick = () => {
    if (appId === rt.apps.debugConsoleClickAppId && detector.click()) {
      void consoleLoader.open().then(() => rt.stats.record("debugConsoleOpened"));
    }
  };

  return (
    <div className={ready ? "ff-wrapper ff-ready" : "ff-wrapper"} data-ready={ready ? "true" : "false"} onClick={onClick}>
      {children}
      <RecordTimeoutHost />
    </div>
  );
}
