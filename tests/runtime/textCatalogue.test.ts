import { describe, expect, it, vi } from "vitest";
import { createTextCatalogue } from "../../src/runtime/textCatalogue";
import { shippedSectionLoaders, shippedTexts } from "../ui/shippedTexts";

describe("the text catalogue", () => {
  it("loads the named sections of the page's language, and only those", async () => {
    const loaders = shippedSectionLoaders();
    const demo = vi.spyOn(loaders, "demo");
    const catalogue = createTextCatalogue({ "zh-CN": async () => ({ default: loaders }) }, "zh-CN");
    const texts = await catalogue.load(["login", "common"]);
    expect(texts).toEqual({ login: shippedTexts.login, common: shippedTexts.common });
    expect(demo).not.toHaveBeenCalled();
  });

  it("refuses a language nobody registered, naming the registered ones", () => {
    expect(() => createTextCatalogue({ "zh-CN": async () => ({ default: shippedSectionLoaders() }) }, "en")).toThrow('Unknown text language "en" (known: zh-CN)');
  });

  it("rejects a section the language does not have, naming the known ones", async () => {
    const catalogue = createTextCatalogue({ "zh-CN": async () => ({ default: shippedSectionLoaders() }) }, "zh-CN");
    await expect(catalogue.load(["nope" as "login"])).rejects.toThrow(/Unknown text section "nope" in zh-CN \(known: common, .*login/);
  });
});
