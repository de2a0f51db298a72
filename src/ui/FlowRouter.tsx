/**
 * The router: on every hash change it resolves the route from flows/routes.json, runs the
 * engine's guard (and, on "/", the entry rules), then either redirects or renders the
 * route's lazily loaded screen. After the screen mounts it applies the after-navigation
 * effects: title, pageId, page report, load time, stay time, scroll to top, and focus on the
 * new page's main heading (./pageFocus.ts). Every screen renders inside the one <main> landmark.
 */
import { fillText } from "./screens/textTemplate";
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from "react";
import { Router } from "wouter";
import type { RouteDef } from "../../schemas/routes";
import type { EngineEffect } from "../engine/context";
import { describePageView } from "../engine/afterNavigation";
import { parseQuery } from "../session/launchParams";
import { storedValueSchemas } from "../../schemas/session";
import { useRuntime } from "./FlowProvider";
import { splitHash, withQuery } from "../runtime/hashLocation";
import { wouterHooks } from "./wouterHooks";
import { resolveRoute } from "./resolveRoute";
import { buildNavContext, type FlowRuntime } from "../runtime/runtime";
import { themeOf } from "./theme";
import { nextOf } from "../flow/next";
import { routeProps, type ScreenComponent, type ScreenComponents } from "./screenContract";
import type { ScreenType } from "./screens/screenTypes";

/** Focus handling, needed from the second page on: kept out of the first screen's bundle. */
const loadPageFocus = () => import("./pageFocus");

/** More consecutive redirects than this means the definitions loop; show errorSettings. */
const MAX_REDIRECTS = 8;

type Decision =
  | { kind: "redirect"; to: string; effects: EngineEffect[] }
  | { kind: "fullRedirect"; url: string; effects: EngineEffect[] }
  | { kind: "render"; route: RouteDef; params: Record<string, string>; query: Record<string, string>; effects: EngineEffect[] };

function errorRedirect(query: Record<string, string>): Decision {
  return { kind: "redirect", to: withQuery("/error", query), effects: [] };
}

/** What to do for a hash path; pure apart from reading the session through the runtime. */
export function decide(rt: FlowRuntime, path: string, search: string): Decision {
  const resolved = resolveRoute(rt.engine.definitions.routes.routes, path);
  const query = parseQuery(search);
  if (!resolved) return errorRedirect({ status: "publicError", msg: fillText(rt.shell.pageNotFound, { path }) });
  const { route, params } = resolved;
  if (rt.launchIssues.length && route.screen !== "error") {
    return { ...errorRedirect({ status: "errorSettings" }), effects: [{ kind: "stat", name: "launchInvalid", data: { keys: rt.launchIssues.map((i) => i.key).join(",") } }] };
  }
  const ctx = buildNavContext(rt, { path, route, query });
  const guard = rt.engine.guard(ctx);
  const outcome = guard.outcome.kind === "allow" && route.screen === "rootRedirect" ? rt.engine.entry(ctx) : guard;
  const effects = outcome === guard ? guard.effects : [...guard.effects, ...outcome.effects];
  switch (outcome.outcome.kind) {
    case "redirect":
      return { kind: "redirect", to: withQuery(outcome.outcome.path, outcome.outcome.query), effects };
    case "fullRedirect":
      return { kind: "fullRedirect", url: outcome.outcome.url, effects };
    case "allow":
      return { kind: "render", route, params, query, effects };
  }
}

export function performEffects(rt: FlowRuntime, effects: EngineEffect[]): void {
  for (const e of effects) {
    if (e.kind === "stat") rt.stats.record(e.name, e.data);
    else if (e.kind === "cacheAuthCode" && storedValueSchemas.wxAuthCode.safeParse(e.code).success) rt.storage.setJSON("wxAuthCode", e.code);
  }
}

/** Runs after the lazily loaded screen has mounted, so load time covers fetching its chunk. */
function PageMounted(props: { route: RouteDef; query: Record<string, string>; startedAt: number; onShown: () => void; children: ReactNode }) {
  const { route, query, startedAt, onShown, children } = props;
  const errorStatus = route.screen === "error" ? (query.status ?? query.code) : undefined;
  const rt = useRuntime();
  useEffect(() => {
    const theme = themeOf(rt.engine.definitions.themes, rt.launch.theme);
    const view = describePageView({
      routeName: route.name,
      routeTitle: rt.shell.titles[route.title] ?? "",
      emptyTitle: theme.emptyTitle,
      grayVersion: rt.settings.grayVersion,
      loadMs: rt.now() - startedAt,
      ...(errorStatus ? { errorStatus: errorStatus.slice(0, 64) } : {}),
    });
    rt.win.document.title = view.title;
    rt.win.document.documentElement.dataset.pageId = view.pageId;
    rt.win.scrollTo(0, 0);
    const left = rt.stay.enter(view.pageId);
    performEffects(rt, left ? [left, ...view.effects] : view.effects);
    onShown();
    // onShown is a fresh closure each render; the page view must fire once per page only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rt, route, startedAt, errorStatus]);
  return <>{children}</>;
}

export function FlowRouter({ screens, fallback }: { screens: ScreenComponents; fallback: ReactNode }) {
  const rt = useRuntime();
  const readHash = () => rt.win.location.hash;
  // The service renders a launch's first page with its window's hash set to that page (src/ssr),
  // and the page hydrates only when its own hash is the same (src/main.tsx).
  const hash = useSyncExternalStore(rt.location.subscribe, readHash, readHash);
  const redirects = useRef(0);
  const pagesShown = useRef(0);
  // The first page's load time counts from the browser's navigation start (it includes
  // downloading the app); later ones from the hash change.
  const startedAt = useMemo(() => (pagesShown.current === 0 ? rt.win.performance.timeOrigin : rt.now()), [hash, rt]);
  const decision = useMemo(() => {
    const { path, search } = splitHash(hash);
    if (redirects.current >= MAX_REDIRECTS) {
      const errorRoute = rt.engine.routeByName("error");
      return { kind: "render", route: errorRoute, params: {}, query: { status: "errorSettings" }, effects: [{ kind: "stat", name: "redirectLoop", data: { path } }] } satisfies Decision;
    }
    return decide(rt, path, search);
  }, [hash, rt]);

  useLayoutEffect(() => {
    performEffects(rt, decision.effects);
    if (decision.kind === "redirect") {
      redirects.current += 1;
      rt.location.navigate(decision.to, { replace: true });
    } else if (decision.kind === "fullRedirect") {
      rt.win.location.assign(decision.url);
    } else {
      redirects.current = 0;
    }
  }, [decision, rt]);

  const main = useRef<HTMLElement>(null);
  const firstShown = useRef<string | null>(null);
  const navigated = useRef(false);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void loadPageFocus().then((m) => {
      if (live && main.current) stop = m.keepFocusInPage(main.current);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  // The first page is where the browser starts reading anyway; every page after it takes focus
  // (keyed by hash: StrictMode runs the first page's effect twice).
  const onShown = () => {
    pagesShown.current += 1;
    if (firstShown.current === null) firstShown.current = hash;
    else if (hash !== firstShown.current) navigated.current = true;
    const target = main.current;
    // A dialog the new page opened (a notice) keeps the focus it took.
    if (navigated.current && target) void loadPageFocus().then((m) => m.dialogHoldsFocus(target.ownerDocument) || m.focusPageStart(target));
  };

  const hooks = useMemo(() => wouterHooks(rt.location), [rt]);
  return (
    <main ref={main} className="ff-main" tabIndex={-1}>
      {decision.kind === "render" ? <RenderedRoute decision={decision} screens={screens} fallback={fallback} hooks={hooks} hash={hash} startedAt={startedAt} onShown={onShown} /> : fallback}
    </main>
  );
}

function RenderedRoute(props: {
  decision: Extract<Decision, { kind: "render" }>;
  screens: ScreenComponents;
  fallback: ReactNode;
  hooks: ReturnType<typeof wouterHooks>;
  hash: string;
  startedAt: number;
  onShown: () => void;
}) {
  const { decision, screens, fallback, hooks, hash, startedAt, onShown } = props;
  // The route's screen type decides both the screen and the type of its props (routeProps).
  const Screen = screens[decision.route.screen as ScreenType] as ScreenComponent | undefined;
  if (!Screen) throw new Error(`Unknown screen "${decision.route.screen}". Known screens: ${Object.keys(screens).join(", ")}`);
  return (
    <Router hook={hooks.hook} searchHook={hooks.searchHook} hrefs={hooks.hrefs}>
      <Suspense fallback={fallback}>
        <PageMounted route={decision.route} query={decision.query} startedAt={startedAt} onShown={onShown}>
          <Screen key={hash} route={decision.route} props={routeProps(decision.route)} next={nextOf(decision.route)} params={decision.params} query={decision.query} />
        </PageMounted>
      </Suspense>
    </Router>
  );
}
