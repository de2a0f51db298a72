/**
 * A screen loaded on demand that renders at once when its module has arrived already.
 * React.lazy suspends on its first render even when the module is in memory, so the first
 * page used to commit the loading fallback and render again once the promise settled: on a
 * slow phone a whole extra render before the first button (issue 14). The composition root
 * preloads the first page's screen (src/main.tsx); a page whose module has loaded renders
 * the module's component directly, any other goes through React.lazy as before.
 */
import { lazy, useState, type ComponentType } from "react";
import type { ScreenType } from "../../schemas/screenProps";
import type { ScreenComponent, ScreenModule, ScreenProps } from "./screenContract";
import { ScreenTextsProvider } from "./screenTexts";
import type { Texts, TextSection, TextSections, TextsOf } from "./texts";

export type LazyScreen<T extends ScreenType = ScreenType> = ScreenComponent<T> & {
  /** Starts the import (or joins the one under way); resolves once the screen can render at once. */
  preload(): Promise<void>;
  /** The text sections that load with it (its registry entry's): all its tree may read. */
  textSections: readonly TextSection[];
};

export function lazyScreen<T extends ScreenType>(load: () => Promise<ScreenModule<T>>): LazyScreen<T> {
  let loaded: ScreenComponent<T> | undefined;
  let loading: Promise<ScreenModule<T>> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a later preload tries again (the app's error boundary offers a reload)
        throw error;
      },
    ));
  // One lazy wrapper per screen: React renders a suspended page again until its load settles,
  // and a wrapper made per render would start a new load each time a failed one settled.
  const Deferred = lazy(loadOnce);
  function Screen(props: ScreenProps<T>) {
    // Chosen once per mounted page: switching a mounted page from the lazy wrapper to the
    // module's component would remount it and lose its state.
    const [Component] = useState<ScreenComponent<T>>(() => loaded ?? Deferred);
    return <Component {...props} />;
  }
  return Object.assign(Screen, { preload: () => loadOnce().then(() => undefined), textSections: [] });
}

/** A screen that also takes a definition (a flow file), which the composition root's loader fetches. */
export type ScreenWithDefinition<T extends ScreenType, D> = ComponentType<ScreenProps<T> & { definition: D }>;

/** The screen with its definition bound, as the router renders it. */
export function withDefinition<T extends ScreenType, D>(Screen: ScreenWithDefinition<T, D>, definition: D): ScreenComponent<T> {
  return function ScreenWith(props: ScreenProps<T>) {
    return <Screen {...props} definition={definition} />;
  };
}

/** What a registry entry loads with a screen: the sections it names, through the runtime. */
export interface ScreenTextsLoad<K extends TextSection> {
  names: readonly K[];
  load(): Promise<TextsOf<K>>;
}

/**
 * A screen module: its component, and the sections it and its parts read (`SCREEN_TEXTS`),
 * which the registry entry's sections must include (`NoInfer`: the entry's list decides).
 */
type ModuleReading<C, K extends TextSection> = { default: C; SCREEN_TEXTS?: TextSections<NoInfer<K>> };

/** The screen with its loaded texts given to its tree (./screenTexts.tsx). */
export function withTexts<T extends ScreenType>(Screen: ScreenComponent<T>, texts: Partial<Texts>): ScreenComponent<T> {
  return function ScreenWithTexts(props: ScreenProps<T>) {
    return (
      <ScreenTextsProvider texts={texts}>
        <Screen {...props} />
      </ScreenTextsProvider>
    );
  };
}

/**
 * A screen whose module and texts load together: the texts reach it through the runtime
 * (issue 15) yet download alongside the screen (index.html's route preloader asks for the
 * sections' chunks too, scripts/build/routePreload.mjs). A screen that renders from a
 * definition gets a loader that binds it (withDefinition), so the definition downloads
 * alongside too, not with the first screen (src/ui/screens/index.ts).
 */
export function lazyScreenWithTexts<T extends ScreenType, K extends TextSection>(
  loadScreen: () => Promise<ModuleReading<ScreenComponent<T>, K>>,
  texts: ScreenTextsLoad<K>,
): LazyScreen<T> {
  const screen = lazyScreen(() => Promise.all([loadScreen(), texts.load()]).then(([module, loaded]) => ({ default: withTexts(module.default, loaded) })));
  return Object.assign(screen, { textSections: texts.names });
}

