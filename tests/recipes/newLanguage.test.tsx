// @vitest-environment jsdom
/**
 * The recipe "a new language" (docs/architecture.md), followed once with a pseudo-language:
 * its texts file passes the completeness check that `npm run validate` runs, its line in the
 * list (flows/languages.json, which the build turns into the root's registry) makes it a
 * language of the runtime, and a launch naming it shows its texts on a screen loaded through
 * the screen registry, with no code changed.
 */
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import textsJson from "../../flows/texts.zh-CN.json";
import { textsCompletenessProblems } from "../../schemas/textsCompleteness";
import type { ShellTexts, Texts } from "../../schemas/texts";
import { createTextCatalogue, type SectionLoaders } from "../../src/runtime/textCatalogue";
import { createScreens } from "../../src/ui/screens";
import { settle, setupFlow } from "../ui/screens/harness";
import { shippedLanguages, shippedSectionLoaders } from "../ui/shippedTexts";

afterEach(cleanup);

type Tree = { [key: string]: string | Tree };

/** The translator's work: every text marked, its placeholders kept. */
function translate(tree: Tree): Tree {
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, typeof v === "string" ? (k === "$schema" ? v : `⟦${v}⟧`) : translate(v)]));
}

const { $schema: _schema, shell: pseudoShell, ...pseudoTexts } = translate(textsJson as unknown as Tree);
const pseudoLoaders = Object.fromEntries(Object.entries(pseudoTexts).map(([name, section]) => [name, async () => section])) as unknown as SectionLoaders;

/** The root's registration, with the new language's line added. */
const languages = {
  "zh-CN": async () => ({ default: shippedSectionLoaders() }),
  "xx": async () => ({ default: pseudoLoaders, shell: pseudoShell as unknown as ShellTexts }),
};

describe("adding a language", () => {
  it("its file is complete against zh-CN, as validate requires", () => {
    expect(textsCompletenessProblems("flows/texts.xx.json", textsJson, translate(textsJson as unknown as Tree))).toEqual([]);
  });

  it("registered beside zh-CN, the catalogue gives its texts; an unregistered one is refused naming both", async () => {
    const start = (await createTextCatalogue(languages, "xx").load(["start"])) as Pick<Texts, "start">;
    expect(start.start.startButton).toBe(`⟦${textsJson.start.startButton}⟧`);
    expect(() => createTextCatalogue(languages, "fr")).toThrow('Unknown text language "fr" (known: zh-CN, xx)');
  });

  it("listed, a launch naming it shows its texts on a screen loaded through the registry", async () => {
    const shipped = shippedLanguages();
    const registry = {
      file: { ...shipped.file, languages: [...shipped.file.languages, { tag: "xx", name: "Pseudo", dir: "ltr" as const, matches: ["xx"], speech: "en-US" }] },
      defaultShell: shipped.defaultShell,
      texts: { ...shipped.texts, xx: languages.xx },
    };
    const flow = setupFlow({ url: "/?url=https%3A%2F%2Fp.example%2Fback&order_no=O-1&h5_face_id=F-1&live_type=1&lang=xx#/h5pre", languages: registry });
    expect(flow.rt.language.tag).toBe("xx");
    // Its shell texts come with its texts table, as the build's does (scripts/build/textSections.mjs).
    await flow.rt.shellReady;
    expect(flow.rt.shell.loading).toBe(`⟦${textsJson.shell.loading}⟧`);
    const Start = createScreens(flow.rt).start;
    // As the root does for the first page: the module and its texts are in before the render.
    await Start.preload();
    flow.renderScreen(Start, "h5pre");
    await settle();
    expect(await screen.findByRole("button", { name: `⟦${textsJson.start.startButton}⟧` })).toBeTruthy();
    expect(screen.queryByText(textsJson.start.startButton)).toBeNull();
  });
});
