/**
 * How a screen reads its texts: the sections its registry entry names (src/ui/screens/index.ts)
 * load with its module through the runtime (FlowRuntime.loadTexts), and the lazy screen
 * (./lazyScreen.tsx) hands them to the screen's tree here. A screen module exports the
 * sections it and its parts read as `SCREEN_TEXTS`; the registry entry must name them all
 * (a compile error otherwise), and `useTexts(SCREEN_TEXTS)` types what the screen may read.
 */
import { createContext, useContext, type ReactNode } from "react";
import type { Texts, TextSection, TextSections, TextsOf } from "./texts";

const ScreenTextsContext = createContext<Partial<Texts> | null>(null);

/** The loaded sections for the screen below (the lazy screen's wrapper; tests and the gallery give their own). */
export function ScreenTextsProvider({ texts, children }: { texts: Partial<Texts>; children: ReactNode }) {
  return <ScreenTextsContext.Provider value={texts}>{children}</ScreenTextsContext.Provider>;
}

/**
 * The sections `sections` of the screen's texts. A section its registry entry did not load
 * throws, naming the loaded ones, instead of rendering without its words.
 */
export function useTexts<K extends TextSection>(sections: TextSections<K>): TextsOf<K> {
  const loaded = useContext(ScreenTextsContext);
  if (!loaded) throw new Error("useTexts() must be used inside a screen whose texts were loaded (src/ui/lazyScreen.tsx)");
  const missing = sections.names.filter((name) => !Object.prototype.hasOwnProperty.call(loaded, name));
  if (missing.length > 0) {
    throw new Error(`Text sections ${missing.join(", ")} were not loaded with this screen (loaded: ${Object.keys(loaded).join(", ")}); name them in its entry of src/ui/screens/index.ts`);
  }
  return loaded as TextsOf<K>;
}
