/**
 * The screen table (src/ui/screens/screenTable.ts) is the one list of each screen type's
 * module, sections and definition; the registry (src/ui/screens/index.ts) imports the modules
 * by literal paths for the bundler. A row naming another module than the registry imports, or
 * an entry loading other sections than its row's, would preload one screen's chunk and texts
 * for another's route.
 */
import { describe, expect, it } from "vitest";
import { SCREEN_TYPES } from "../../schemas/screenProps";
import type { FlowRuntime } from "../../src/runtime/runtime";
import { createScreens, SCREEN_MODULES, type ScreenDefinitions } from "../../src/ui/screens";
import { COMMON_TEXTS, SCREEN_TABLE } from "../../src/ui/screens/screenTable";
import { screenTexts, textSections } from "../../src/ui/texts";

/** Loaders that are never called: these tests read what the entries would load, not the files. */
const unused = (): never => {
  throw new Error("not loaded in this test");
};
const definitions: ScreenDefinitions = { loadTexts: unused, loadResults: unused, loadErrorCatalogue: unused } satisfies Pick<FlowRuntime, keyof ScreenDefinitions>;

describe("the screen table", () => {
  it("has a row for every screen type, and the registry imports the module each row names", async () => {
    expect(Object.keys(SCREEN_TABLE).sort()).toEqual([...SCREEN_TYPES].sort());
    for (const type of SCREEN_TYPES) {
      const named: unknown = await import(`../../src/ui/screens/${SCREEN_TABLE[type].module}.tsx`);
      expect(await SCREEN_MODULES[type](), type).toBe(named);
    }
  }, 60_000);

  it("gives each registry entry its row's sections and the common ones, and a screen without texts none", () => {
    const screens = createScreens(definitions);
    for (const type of SCREEN_TYPES) {
      const row: { module: string; texts?: readonly string[] } = SCREEN_TABLE[type];
      const expected = row.texts ? [...new Set([...COMMON_TEXTS, ...row.texts])].sort() : [];
      expect([...screens[type].textSections].sort(), type).toEqual(expected);
    }
    expect(screens.verify.textSections).toEqual(screenTexts("verify").names);
  });

  it("refuses, at compile time, a part reading a section its screen's row does not load", () => {
    const recorderPart = textSections("recorder", "capture");
    // @ts-expect-error: the login screen's row loads neither "recorder" nor "capture".
    const login = screenTexts("login", recorderPart);
    // The parts add nothing: what loads is the row's.
    expect(login.names).toEqual(["common", "login"]);
    expect(screenTexts("verify", recorderPart).names).toEqual(screenTexts("verify").names);
  });
});
