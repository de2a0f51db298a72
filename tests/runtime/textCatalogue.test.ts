import { describe, expect, it, vi } from "vitest";
import { createTextCatalogue, groupKey, type GroupLoaders } from "../../src/runtime/textCatalogue";
import type { Texts, TextSection } from "../../schemas/texts";
import { shippedSectionLoaders, shippedTexts } from "../ui/shippedTexts";

/** The shipped texts as the build's table gives them: a group per named set, and every section. */
function shippedTable(sets: readonly (readonly TextSection[])[]) {
  const groups: Record<string, () => Promise<Partial<Texts>>> = {};
  for (const set of sets) groups[groupKey(set)] = async () => Object.fromEntries(set.map((name) => [name, shippedTexts[name]]));
  return { default: shippedSectionLoaders(), groups: groups as GroupLoaders };
}

const VERIFY: TextSection[] = ["common", "recorder", "capture", "guidance", "actions", "verifying", "verifySteps", "recordTimeout"];

describe("the text catalogue", () => {
  it("loads the named sections of the page's language, and only those", async () => {
    const loaders = shippedSectionLoaders();
    const demo = vi.spyOn(loaders, "demo");
    const catalogue = createTextCatalogue({ "zh-CN": async () => ({ default: loaders }) }, "zh-CN");
    const texts = await catalogue.load(["login", "common"]);
    expect(texts).toEqual({ login: shippedTexts.login, common: shippedTexts.common });
    expect(demo).not.toHaveBeenCalled();
  });

  it("loads a set the table groups from that group's one chunk, in any order of the names", async () => {
    const table = shippedTable([VERIFY, ["common", "login"]]);
    const group = vi.spyOn(table.groups, groupKey(VERIFY));
    const sections = Object.keys(table.default).map((name) => vi.spyOn(table.default, name as TextSection));
    const catalogue = createTextCatalogue({ "zh-CN": async () => table }, "zh-CN");
    const texts = await catalogue.load([...VERIFY].reverse());
    expect(Object.keys(texts).sort()).toEqual([...VERIFY].sort());
    expect(texts.recorder).toEqual(shippedTexts.recorder);
    expect(group).toHaveBeenCalledTimes(1);
    for (const section of sections) expect(section).not.toHaveBeenCalled();
  });

  it("gives a grouped set the same texts as its sections loaded one by one, and only the names asked for", async () => {
    const table = shippedTable([VERIFY]);
    const byGroup = await createTextCatalogue({ "zh-CN": async () => table }, "zh-CN").load(VERIFY);
    const bySections = await createTextCatalogue({ "zh-CN": async () => ({ default: shippedSectionLoaders() }) }, "zh-CN").load(VERIFY);
    expect(byGroup).toEqual(bySections);
    expect(Object.keys(byGroup)).toEqual(VERIFY);
  });

  it("composes a set no group names from its sections: the same texts, one request each", async () => {
    const table = shippedTable([VERIFY]);
    const group = vi.spyOn(table.groups, groupKey(VERIFY));
    const demo = vi.spyOn(table.default, "demo");
    const texts = await createTextCatalogue({ "zh-CN": async () => table }, "zh-CN").load(["demo", "recorder"]);
    expect(texts).toEqual({ demo: shippedTexts.demo, recorder: shippedTexts.recorder });
    expect(demo).toHaveBeenCalledTimes(1);
    expect(group).not.toHaveBeenCalled();
  });

  it("refuses a language nobody registered, naming the registered ones", () => {
    expect(() => createTextCatalogue({ "zh-CN": async () => ({ default: shippedSectionLoaders() }) }, "en")).toThrow('Unknown text language "en" (known: zh-CN)');
  });

  it("rejects a section the language does not have, naming the known ones, grouped or not", async () => {
    const catalogue = createTextCatalogue({ "zh-CN": async () => ({ default: shippedSectionLoaders() }) }, "zh-CN");
    await expect(catalogue.load(["nope" as "login"])).rejects.toThrow(/Unknown text section "nope" in zh-CN \(known: common, .*login/);
    const grouped = createTextCatalogue({ "zh-CN": async () => shippedTable([["common", "login"]]) }, "zh-CN");
    await expect(grouped.load(["login", "nope" as "login"])).rejects.toThrow(/Unknown text section "nope" in zh-CN \(known: common, .*login/);
  });

  it("rejects a group whose chunk lacks a section of its set, naming it", async () => {
    const table = shippedTable([]);
    const broken = { ...table, groups: { "common,login": async () => ({ login: shippedTexts.login }) } };
    await expect(createTextCatalogue({ "zh-CN": async () => broken }, "zh-CN").load(["login", "common"])).rejects.toThrow('The text group "common,login" of zh-CN lacks common');
  });
});
