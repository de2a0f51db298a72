/**
 * Every screen type's module, the text sections that load with it and the definition file it
 * renders from: the one list of them. The registry (./index.ts) builds its lazy entries from
 * it, each screen module reads its sections from it (`screenTexts`, ../texts.ts), and the
 * build imports it as data (scripts/build/screenTable.mjs) to cut one texts chunk per set and
 * to preload a route's module, texts and definition together (scripts/build/routePreload.mjs).
 * Data only, with type imports alone: the build imports it without bundling the app, and the
 * page's copy leaves out what only the build reads (each row's module and definition file),
 * since the registry rides in the first screen.
 */
import type { ScreenType } from "../../../schemas/screenProps";
import type { FlowRuntime } from "../../runtime/runtime";
import type { TextSection } from "../../../schemas/texts";

/** A screen type's row: `module` is the file in this folder (without .tsx) the registry imports. */
interface ScreenRow {
  readonly module: string;
  /** The sections it and its parts read, besides COMMON_TEXTS; a screen without any shows no texts. */
  readonly texts?: readonly TextSection[];
  /**
   * The definition it renders from: the runtime's loader, and the flows file that loader
   * imports (src/main.tsx; the build checks the root imports it on demand).
   */
  readonly definition?: { readonly loader: keyof FlowRuntime; readonly file: string };
}

/**
 * Sections every screen with texts gets besides its own: the shared buttons, and the
 * finisher's busy toast (src/ui/useFinisher.ts), which any part of a screen may use.
 */
export const COMMON_TEXTS = ["common"] as const;

export const SCREEN_TABLE = {
  rootRedirect: { module: "RootRedirectScreen" },
  start: { module: "StartScreen", texts: ["start", "protocol", "prePictures", "splash", "authorization", "actions"] },
  login: { module: "LoginScreen", texts: ["login"] },
  uaDetect: { module: "UaDetectScreen", texts: ["uaDetect"] },
  verify: { module: "VerifyScreen", texts: ["recorder", "light", "capture", "guidance", "actions", "verifying", "verifySteps", "recordTimeout"] },
  result: { module: "ResultScreen", texts: ["results", "failCodes", "handoff"], definition: { loader: "loadResults", file: "flows/results.json" } },
  error: { module: "ErrorScreen", texts: ["errors"], definition: { loader: "loadErrorCatalogue", file: "flows/errors.json" } },
  demoEntry: { module: "DemoEntryScreen", texts: ["demo"] },
  protocol: { module: "ProtocolScreen", texts: ["protocol"] },
  trtcRecord: { module: "TrtcRecordScreen", texts: ["recorder", "light", "realtime", "actions", "capture", "verifying", "verifySteps", "recordTimeout"] },
  willDegrade: { module: "WillDegradeScreen", texts: ["willDegrade", "recorder", "light", "capture", "guidance", "actions", "verifying", "verifySteps", "recordTimeout"] },
  handoff: { module: "HandoffScreen", texts: ["handoff"] },
  wsRecord: { module: "WsRecordScreen", texts: ["recorder", "light", "realtime", "actions", "capture", "verifying", "verifySteps", "recordTimeout"] },
} as const satisfies { [T in ScreenType]: ScreenRow };

/**
 * The sets the composition root loads itself (src/main.tsx): the launch's login, which asks
 * for the login screen's set so that one chunk serves both.
 */
export const ROOT_TEXTS = { launchLogin: ["common", "login"] } as const satisfies Record<string, readonly TextSection[]>;

type Table = typeof SCREEN_TABLE;

/** The screen types that show texts. */
export type ScreenTypeWithTexts = { [T in ScreenType]: Table[T] extends { texts: readonly TextSection[] } ? T : never }[ScreenType];

/** The sections that load with a screen type's module: its row's and the common ones. */
export type SectionsOf<T extends ScreenTypeWithTexts> = (Table[T] extends { texts: readonly (infer K extends TextSection)[] } ? K : never) | (typeof COMMON_TEXTS)[number];

/** The runtime's loaders of the definitions screens render from. */
export type DefinitionLoader = { [T in ScreenType]: Table[T] extends { definition: { loader: infer L } } ? L : never }[ScreenType];
