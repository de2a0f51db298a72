/**
 * The build's check that each language's page and the shared first screen carry no other
 * language's words or texts chunks (scripts/build/appHtml.mjs): what keeps a language added
 * to the list off every other language's first screen (issue 30).
 */
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script in plain JavaScript, without types.
import { checkPagesApart, readLanguageList, shellOf } from "../../scripts/build/appHtml.mjs";

type Check = (root: string, list: unknown, pages: { tag: string; file: string; html: string }[], code: string) => void;
const check = checkPagesApart as Check;
const root = process.cwd();
const list = (readLanguageList as (root: string) => { default: string; languages: { tag: string }[] })(root);
const shell = shellOf as (root: string, tag: string) => { loading: string; titles: Record<string, string> };
const others = list.languages.map((l) => l.tag).filter((tag) => tag !== list.default);

describe("languages kept apart on the first screen", () => {
  it("passes pages that carry their own language only", () => {
    const pages = list.languages.map(({ tag }) => ({ tag, file: `index.${tag}.html`, html: `<title>${shell(root, tag).titles.faceVerification}</title>${shell(root, tag).loading}<link href="/assets/chunks/texts.${tag}-abcd1234.js">` }));
    expect(() => check(root, list, pages, `var s={loading:\`${shell(root, list.default).loading}\`}`)).not.toThrow();
  });

  it("refuses a page showing or preloading another language's texts", () => {
    const other = others[0] as string;
    const page = { tag: list.default, file: "index.html", html: `<div>${shell(root, other).loading}</div>` };
    expect(() => check(root, list, [page], "")).toThrow(new RegExp(`index\\.html shows ${other}'s`));
    const preloading = { tag: list.default, file: "index.html", html: `<script>["/assets/chunks/texts.${other}-abcd1234.js"]</script>` };
    expect(() => check(root, list, [preloading], "")).toThrow(new RegExp(`preloads ${other}'s texts`));
  });

  it("refuses first-screen scripts carrying a language's words other than the default's", () => {
    for (const tag of others) expect(() => check(root, list, [], `var x=\`${shell(root, tag).loading}\``)).toThrow(new RegExp(`carry ${tag}'s`));
  });
});
