/** How a screen's parts read its loaded texts (see ./screenTexts.tsx). */
import { useContext } from "react";
import { ScreenTextsContext } from "./screenTexts";
import type { TextSection, TextSections, TextsOf } from "./texts";

/**
 * The sections `sections` of the screen's texts. A section its registry entry did not load
 * throws, naming the loaded ones, instead of rendering without its words.
 */
export function useTexts<K extends TextSection>(sections: TextSections<K>): TextsOf<K> {
  const loaded = useContext(ScreenTextsContext);
  if (!loaded) throw new Error("useTexts() must be used inside a screen whose texts were loaded (src/ui/lazyScreen.tsx)");
  const missing = sections.names.filter((name) => !Object.prototype.hasOwnProperty.call(loaded, name));
  if (missing.length > 0) {
    throw new Error(`Text sections ${missing.join(", ")} were not loaded with this screen (loaded: ${Object.keys(loaded).join(", ")}); name them in its row of src/ui/screens/screenTable.ts`);
  }
  return loaded as TextsOf<K>;
}
