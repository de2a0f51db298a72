/**
 * The flow's definitions as both composition roots that run it hold them: the browser's
 * (src/main.tsx) and the service's renderer of a launch's first page (src/ssr/renderLaunchPage.tsx),
 * so the engine that decides the page the service renders is the browser's. The roots import the
 * files (only roots import definitions); build.mjs has parsed each by its schema and cross-checked
 * them before they were embedded, which is why they are typed here without being parsed again.
 */
import type { AppsFile } from "../../schemas/apps";
import type { CaptureFile } from "../../schemas/capture";
import type { RoutesFile } from "../../schemas/routes";
import type { EntryFile, GuardFile } from "../../schemas/rules";
import type { ShellTexts } from "../../schemas/texts";
import type { ThemesFile } from "../../schemas/themes";
import { createCaptureKindRegistry } from "../capture/kinds/registry";
import { shippedCaptureKinds } from "../capture/kinds/shipped";
import { createEngine } from "../engine/engine";
import { createEngineRegistries } from "../engine/builtins";

/**
 * A definition file that build.mjs has already parsed by its schema and cross-checked. Route
 * props follow the same pattern: validated per screen type, cast once by the router
 * (src/ui/screenContract.ts routeProps).
 */
export const validated = <T,>(json: unknown): T => json as T;

/** The files as the roots import them. */
export interface FlowDefinitionFiles {
  routes: unknown;
  entry: unknown;
  guard: unknown;
  apps: unknown;
  themes: unknown;
  capture: unknown;
}

/**
 * The definitions, the engine over them and the capture kinds (tried in capture.json's mode order;
 * each kind's handler loads only when a page first asks for it: real-time video's SDK is large).
 * `titles`: the source language's; the engine checks route title keys against them, and every
 * other language has the same keys (npm run validate). The router shows the page's language's.
 */
export function flowDefinitions(files: FlowDefinitionFiles, titles: ShellTexts["titles"]) {
  const apps = validated<AppsFile>(files.apps);
  const themes = validated<ThemesFile>(files.themes);
  const capture = validated<CaptureFile>(files.capture);
  const engine = createEngine(
    { routes: validated<RoutesFile>(files.routes), entry: validated<EntryFile>(files.entry), guard: validated<GuardFile>(files.guard), apps, themes, titles },
    createEngineRegistries(),
  );
  return { apps, themes, capture, engine, captureHandlers: createCaptureKindRegistry(shippedCaptureKinds(), capture) };
}
