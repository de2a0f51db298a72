/** The shipped zh-CN texts and shell, as the composition root registers them with the runtime. */
import textsJson from "../../flows/texts.zh-CN.json";
import shellJson from "../../flows/shell.zh-CN.json";
import { createTextCatalogue, type SectionLoaders, type TextCatalogue } from "../../src/runtime/textCatalogue";
import type { ShellTexts, Texts } from "../../schemas/texts";

const { $schema: _textsSchema, ...texts } = textsJson;
const { $schema: _shellSchema, ...shell } = shellJson;

export const shippedTexts: Texts = texts;
export const shippedShell: ShellTexts = shell;

/** Each section loads at once, as a chunk already in memory would. */
export function shippedSectionLoaders(): SectionLoaders {
  return Object.fromEntries(Object.entries(shippedTexts).map(([name, section]) => [name, async () => section])) as unknown as SectionLoaders;
}

/** The runtime's catalogue over the shipped texts. */
export function shippedTextCatalogue(): TextCatalogue {
  return createTextCatalogue({ "zh-CN": async () => ({ default: shippedSectionLoaders() }) }, "zh-CN");
}

/**
 * Only the sections the screen type's registry entry loads (src/ui/screens/index.ts), as the
 * router gives them: a part of the screen reading a section its entry does not name fails here
 * as it would in the browser, instead of finding every section.
 */
export function registryTexts(screens: { readonly [type: string]: { textSections: readonly string[] } }, screenType: string): Partial<Texts> {
  const entry = screens[screenType];
  if (!entry) throw new Error(`no screen type "${screenType}" in the registry (known: ${Object.keys(screens).join(", ")})`);
  return Object.fromEntries(entry.textSections.map((name) => [name, shippedTexts[name as keyof Texts]])) as Partial<Texts>;
}
