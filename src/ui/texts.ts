/**
 * The types of the screens' Chinese texts (flows/texts.zh-CN.json). A screen imports the
 * sections it shows by name (`import { demo } from ".../texts.zh-CN.json"`): the build cuts
 * the file into one module per section (scripts/build/bundleApp.mjs), so each screen's chunk
 * carries its own sections, not the whole file. A component that is handed texts names the
 * sections it reads (`TextsOf<"capture" | "actions">`), so a screen that forgets one fails to
 * compile.
 */
import type textsFile from "../../flows/texts.zh-CN.json";

export type Texts = Omit<typeof textsFile, "$schema">;

/** The sections `K` of the texts. */
export type TextsOf<K extends keyof Texts> = Pick<Texts, K>;
