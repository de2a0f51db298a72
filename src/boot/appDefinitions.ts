/**
 * The definitions and registries both roots build the flow from: the browser's (src/main.tsx)
 * and the service's renderer of a launch's first page (src/ssr/renderLaunchPage.tsx), so the
 * page the service renders is decided by the same engine the browser will run.
 * Flow files were validated and cross-checked by build.mjs before they were embedded here,
 * which is why they are typed by their schemas without being parsed again.
 */
import routesJson from "../../flows/routes.json";
import entryJson from "../../flows/entry.json";
import guardJson from "../../flows/guard.json";
import appsJson from "../../flows/apps.json";
import captureJson from "../../flows/capture.json";
import themesJson from "../../themes/themes.json";
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

export const apps = validated<AppsFile>(appsJson);
export const themes = validated<ThemesFile>(themesJson);
export const capture = validated<CaptureFile>(captureJson);

/** The engine over the route, entry and guard definitions; `titles` are the source language's shell titles. */
export function createAppEngine(titles: ShellTexts["titles"]) {
  return createEngine(
    {
      routes: validated<RoutesFile>(routesJson),
      entry: validated<EntryFile>(entryJson),
      guard: validated<GuardFile>(guardJson),
      apps,
      themes,
      // The source language's titles: the engine checks route title keys against them; every other
      // language has the same keys (npm run validate). The router shows the page's language's.
      titles,
    },
    createEngineRegistries(),
  );
}

/** The capture kinds, tried in capture.json's mode order; each kind's handler loads only when a page first asks for it. */
export const createCaptureHandlers = () => createCaptureKindRegistry(shippedCaptureKinds(), capture);
