/**
 * Screen types → screens loaded on demand (src/ui/lazyScreen.tsx), each with the texts and the
 * definition its row of ./screenTable.ts names. The `satisfies` below makes a screen type
 * without a module, a stray one, a module whose screen takes another type's props
 * (ScreenProps<T>) or not its row's definition, or whose SCREEN_TEXTS reads past its row, a
 * compile error; routes.json is checked against SCREEN_TYPES and each type's props schema
 * (schemas/screenProps.ts) at build time.
 */
import type { ComponentType } from "react";
import type { FlowRuntime } from "../../runtime/runtime";
import { lazyScreen, lazyScreenWithTexts, withDefinition, type LazyScreen, type ScreenTextsLoad } from "../lazyScreen";
import type { ScreenProps } from "../screenContract";
import { screenTexts, type TextSection, type TextSections } from "../texts";
import { SCREEN_TABLE, type DefinitionLoader, type ScreenTypeWithTexts, type SectionsOf } from "./screenTable";
import type { ScreenType } from "./screenTypes";

/** The definitions and texts screens load with their modules: the composition root's loaders (the runtime's). */
export type ScreenDefinitions = Pick<FlowRuntime, DefinitionLoader | "loadTexts">;

type Table = typeof SCREEN_TABLE;
/** The definition a screen type's row names, as its runtime loader gives it (never: none). */
type DefinitionOf<T extends ScreenType> = Table[T] extends { definition: { loader: infer L extends DefinitionLoader } } ? Awaited<ReturnType<FlowRuntime[L]>> : never;
/** What a screen type's module must export: a screen of its props (and its row's definition), reading its row's sections. */
type ScreenModuleOf<T extends ScreenType> = {
  default: ComponentType<ScreenProps<T> & ([DefinitionOf<T>] extends [never] ? unknown : { definition: DefinitionOf<T> })>;
  SCREEN_TEXTS?: TextSections<T extends ScreenTypeWithTexts ? SectionsOf<T> : never>;
};

/**
 * Each screen type's module, imported by a literal path so that the bundler makes each screen
 * a chunk of its own; tests/ui/screenTable.test.ts checks each is the module its row names.
 */
export const SCREEN_MODULES = {
  rootRedirect: () => import("./RootRedirectScreen"),
  start: () => import("./StartScreen"),
  login: () => import("./LoginScreen"),
  uaDetect: () => import("./UaDetectScreen"),
  verify: () => import("./VerifyScreen"),
  result: () => import("./ResultScreen"),
  error: () => import("./ErrorScreen"),
  demoEntry: () => import("./DemoEntryScreen"),
  protocol: () => import("./ProtocolScreen"),
  trtcRecord: () => import("./TrtcRecordScreen"),
  willDegrade: () => import("./WillDegradeScreen"),
  handoff: () => import("./HandoffScreen"),
  wsRecord: () => import("./WsRecordScreen"),
} satisfies { [T in ScreenType]: () => Promise<ScreenModuleOf<T>> };

/** A row as the registry reads it (the page's copy of the table has no module names: scripts/build/screenTable.mjs). */
type RowRead = { readonly module?: string; readonly texts?: readonly TextSection[]; readonly definition?: { readonly loader: DefinitionLoader } };

/**
 * The registry: per screen type its module, with its row's texts (and definition) loading
 * alongside. Built from the table, so an entry cannot load other sections than its row's.
 */
export function createScreens(definitions: ScreenDefinitions): { readonly [T in ScreenType]: LazyScreen<T> } {
  const entry = (type: ScreenType): LazyScreen => {
    const row: RowRead = SCREEN_TABLE[type];
    // SCREEN_MODULES' `satisfies` checked each module against its own type; here they are one list.
    const load = SCREEN_MODULES[type] as () => Promise<ScreenModuleOf<ScreenType> & { default: ComponentType<ScreenProps & { definition: unknown }> }>;
    if (!row.texts) return lazyScreen(load);
    const { names } = screenTexts(type as ScreenTypeWithTexts);
    const texts: ScreenTextsLoad<SectionsOf<ScreenTypeWithTexts>> = { names, load: () => definitions.loadTexts(names) };
    const definition = row.definition && definitions[row.definition.loader];
    // A definition loads with the module, bound to its screen (the router passes none).
    const module = definition ? () => Promise.all([load(), definition()]).then(([m, d]) => ({ default: withDefinition(m.default, d) })) : load;
    return lazyScreenWithTexts(module, texts);
  };
  // The module map's keys, not SCREEN_TYPES: that import would bring the props schemas into the first screen.
  const types = Object.keys(SCREEN_MODULES) as ScreenType[];
  return Object.fromEntries(types.map((type) => [type, entry(type)])) as { [T in ScreenType]: LazyScreen<T> };
}
