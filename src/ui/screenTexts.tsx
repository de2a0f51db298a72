/**
 * How a screen reads its texts: the sections its row of the screen table names
 * (src/ui/screens/screenTable.ts) load with its module through the runtime
 * (FlowRuntime.loadTexts), and the lazy screen (./lazyScreen.tsx) hands them to the screen's
 * tree here. A screen module exports its row's sections as `SCREEN_TEXTS =
 * screenTexts("<type>", …parts' lists)` (a part's list outside the row is a compile error),
 * and `useTexts(SCREEN_TEXTS)` (./useTexts.ts, apart so that it loads
 * with the screens rather than the first screen) types what the screen may read.
 */
import { createContext, type ReactNode } from "react";
import type { Texts } from "./texts";

/** The loaded sections of the screen below; read with useTexts (./useTexts.ts). */
export const ScreenTextsContext = createContext<Partial<Texts> | null>(null);

/** The loaded sections for the screen below (the lazy screen's wrapper; tests and the gallery give their own). */
export function ScreenTextsProvider({ texts, children }: { texts: Partial<Texts>; children: ReactNode }) {
  return <ScreenTextsContext.Provider value={texts}>{children}</ScreenTextsContext.Provider>;
}
