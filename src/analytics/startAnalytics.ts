/**
 * Start-up of the analytics client at the composition root (spec §4): it starts on load only
 * when the stored launch parameters carry an order_no; otherwise an orderNo URL parameter,
 * if present, becomes the openId. A failure while setting up is logged and ignored: usage
 * statistics must never stop a verification.
 */
import type { AnalyticsFile, AnalyticsEnv } from "../../schemas/analytics";
import type { AppsFile } from "../../schemas/apps";
import type { Environment } from "../../schemas/environment";
import type { LaunchParams } from "../../schemas/launch";
import type { KycStorage } from "../session/storage";
import { createAnalyticsClient, type AnalyticsClient, type AnalyticsClientOptions } from "./client";
import { installErrorCollector } from "./errorCollector";
import { installRequestCollector } from "./requestCollector";
import type { StatsRecorder } from "./statsRecorder";
import { readAnalyticsToken } from "./tokenStore";
import { createBrowserTransport } from "./transport";

type StartDecision = { start: true; orderNo: string } | { start: false; openId?: string };

/** Whether analytics starts on load, and with which identity (spec §4). */
export function decideAnalyticsStart(launch: Pick<LaunchParams, "order_no">, search: Record<string, string>): StartDecision {
  if (launch.order_no) return { start: true, orderNo: launch.order_no };
  const openId = search.orderNo?.trim();
  return openId ? { start: false, openId: openId.slice(0, 128) } : { start: false };
}

/** The report environment: release only when the build is configured so, otherwise test. */
export const reportEnvironment = (environment: Environment): AnalyticsEnv => (environment === "release" ? "release" : "test");

/**
 * The parts of the page analytics uses. The root passes the flow runtime (src/runtime/runtime.ts),
 * which has them all; they are named here because the runtime sits above reporting (it holds the
 * stats recorder), and a lower layer states what it needs rather than importing a higher one.
 */
export interface AnalyticsRuntime {
  win: Window;
  launch: LaunchParams;
  /** The page URL's own query: its orderNo becomes the openId when the launch has no order_no. */
  search: Record<string, string>;
  apps: Pick<AppsFile, "defaultAppId">;
  settings: { environment: Environment };
  storage: KycStorage;
  now: () => number;
  /** The hash location; each event names the route it was recorded on. */
  location: { current(): { path: string } };
  stats: StatsRecorder;
}

interface StartAnalyticsInput {
  runtime: AnalyticsRuntime;
  config: AnalyticsFile;
  loadReporter: AnalyticsClientOptions["loadReporter"];
  /** Where the client's first network work waits (AnalyticsClientOptions.afterFirstScreen). */
  afterFirstScreen?: AnalyticsClientOptions["afterFirstScreen"];
  log?: (message: string, error: unknown) => void;
}

interface StartedAnalytics {
  client: AnalyticsClient;
  /** Stop the client and remove its collectors and listeners (pages never need it; tests do). */
  dispose(): void;
}

/**
 * Make the page's client and, when the start-up rule says so, start it with its collectors.
 * Returns undefined when setting up failed (the failure is logged).
 */
export function startAnalytics(input: StartAnalyticsInput): StartedAnalytics | undefined {
  const { runtime: rt, config } = input;
  const log = input.log ?? ((message, error) => console.warn(message, error));
  try {
    const win = rt.win;
    const decision = decideAnalyticsStart(rt.launch, rt.search);
    const origin = win.location.origin;
    const transport = createBrowserTransport(win);
    const client = createAnalyticsClient({
      config,
      envelope: {
        appId: rt.launch.wb_app_id ?? rt.apps.defaultAppId,
        env: reportEnvironment(rt.settings.environment),
        ...(decision.start ? { orderNo: decision.orderNo } : {}),
      },
      // Spec §7: the check report names the account, the partner's user of this launch.
      ...(rt.launch.user_id ? { account: rt.launch.user_id } : {}),
      store: rt.storage,
      transport,
      timers: { setTimeout: (fn, ms) => win.setTimeout(fn, ms), clearTimeout: (id) => win.clearTimeout(id as number) },
      now: rt.now,
      random: Math.random,
      url: (path) => new URL(path, origin).href,
      route: () => rt.location.current().path,
      loadReporter: input.loadReporter,
      online: () => win.navigator.onLine !== false,
      // Stored by the login (src/ui/screens/login/launchLogin.ts); until then reports wait.
      token: () => readAnalyticsToken(rt.storage),
      ...(input.afterFirstScreen ? { afterFirstScreen: input.afterFirstScreen } : {}),
    });
    if (!decision.start) {
      if (decision.openId) client.setOpenId(decision.openId);
      return { client, dispose: () => client.stop() };
    }
    const record = (name: string, data: Record<string, string | number | boolean>) => client.record(name, data);
    const onHide = () => client.flushOnHide();
    const onOnline = () => void client.flush();
    const disposers = [
      installErrorCollector(win, record, config.limits),
      installRequestCollector(win, record, (u) => u.origin === origin && u.pathname.startsWith("/analytics/")),
      rt.stats.attach((event) => client.record(event.name, event.data, event.at)),
      () => win.removeEventListener("pagehide", onHide),
      () => win.removeEventListener("online", onOnline),
      () => client.stop(),
    ];
    // Page hide may be the last chance (a closed tab); `pagehide` rather than `unload`, which
    // mobile browsers skip and which breaks the back-forward cache.
    win.addEventListener("pagehide", onHide);
    // Back online after a failed round: send now rather than up to a minute later.
    win.addEventListener("online", onOnline);
    client.start();
    return { client, dispose: () => disposers.forEach((dispose) => dispose()) };
  } catch (error) {
    log("analytics set-up failed; continuing without it", error);
    return undefined;
  }
}
