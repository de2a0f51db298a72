/**
 * The types of the screens' texts and the lists of sections screens name. Texts reach a
 * screen through the runtime (src/runtime/textCatalogue.ts): its row of the screen table
 * (src/ui/screens/screenTable.ts) names the sections, which load with its module, and the
 * screen reads them with `useTexts(SCREEN_TEXTS)` (./screenTexts.tsx). A component that is handed
 * texts names the sections it reads (`TextsOf<"capture" | "actions">`), so a screen that
 * forgets one fails to compile.
 */
import type { Texts, TextSection } from "../../schemas/texts";
import { COMMON_TEXTS, SCREEN_TABLE, type ScreenTypeWithTexts, type SectionsOf } from "./screens/screenTable";

export type { Texts, TextSection } from "../../schemas/texts";

/** The sections `K` of the texts. */
export type TextsOf<K extends TextSection> = Pick<Texts, K>;

/** The sections a screen (or a part it renders) reads; `K` carries them to the type checker. */
export interface TextSections<K extends TextSection> {
  readonly names: readonly K[];
}

/**
 * A list of sections, from names and other lists (a screen's list includes the lists of the
 * parts it renders).
 * @example textSections("recorder", RECORDER_START_TEXTS) // names: recorder and the parts' sections
 */
export function textSections<K extends TextSection>(...parts: readonly (K | TextSections<K>)[]): TextSections<K> {
  const names = parts.flatMap((part) => (typeof part === "string" ? [part] : part.names));
  return { names: [...new Set(names)] };
}

/**
 * The sections that load with a screen type's module (its row of ./screens/screenTable.ts and
 * the common ones), as the module reads them: `SCREEN_TEXTS = screenTexts("start")`. `parts`
 * are the lists of the parts it renders, each of which must be within the row (a compile error
 * otherwise); they add nothing, the row decides what loads.
 * @example screenTexts("willDegrade", RECORDER_START_TEXTS) // willDegrade's sections, which include the recorder's
 */
export function screenTexts<T extends ScreenTypeWithTexts>(type: T, ...parts: readonly TextSections<NoInfer<SectionsOf<T>>>[]): TextSections<SectionsOf<T>>;
export function screenTexts(type: ScreenTypeWithTexts): TextSections<TextSection> {
  return textSections<TextSection>(...COMMON_TEXTS, ...SCREEN_TABLE[type].texts);
}
