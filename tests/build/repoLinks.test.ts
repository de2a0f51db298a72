import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkMarkdownLinks, describeLinkProblem, repositoryLinkProblems } from "../../scripts/docs/repoLinks";

const present = (paths: string[]) => (path: string) => paths.includes(path);

describe("markdown links in the repository", () => {
  it("stay inside it and name tracked files (npx tsx scripts/docs/repoLinks.ts lists them)", () => {
    expect(repositoryLinkProblems().map(describeLinkProblem)).toEqual([]);
  });

  it("are found: the README's links all count as missing when nothing exists", () => {
    // A parser that found no link would pass the check above.
    const problems = checkMarkdownLinks("README.md", readFileSync("README.md", "utf8"), () => false);
    expect(problems.length).toBeGreaterThan(10);
    expect(problems.map((p) => p.target)).toContain("docs/architecture.md");
  });
});

describe("checkMarkdownLinks", () => {
  it("fails a link to a sibling checkout, an absolute path and a missing file", () => {
    const text = [
      "See [the spec](../shared/spec/verification-flow.md), [notes](/work/notes.md)",
      "and [gone](docs/gone.md).",
      "[ref]: ../../outside.md",
    ].join("\n");
    expect(checkMarkdownLinks("README.md", text, present(["docs"])).map(describeLinkProblem)).toEqual([
      "README.md:1: ../shared/spec/verification-flow.md leaves the repository",
      "README.md:1: /work/notes.md absolute path",
      "README.md:2: docs/gone.md missing",
      "README.md:3: ../../outside.md leaves the repository",
    ]);
  });

  it("fails a path in backticks that climbs out, read from the root", () => {
    expect(checkMarkdownLinks("docs/a.md", "follows `../shared/spec.md`", () => true).map(describeLinkProblem)).toEqual([
      "docs/a.md:1: ../shared/spec.md leaves the repository",
    ]);
  });

  it("passes links resolved from the file's folder, fragments, folders and web addresses", () => {
    const text = [
      "[ops](operations.md#past-one-machine), [root](../README.md), [kit](../src/server/partner/)",
      "[web](https://example.com/x), [top](#top), [mail](mailto:a@example.com)",
      "```sh",
      "[not a link](../../in/a/code/block.md)",
      "```",
      "a `[code](../span.md)` span",
    ].join("\n");
    expect(checkMarkdownLinks("docs/a.md", text, present(["docs/operations.md", "README.md", "src/server/partner"]))).toEqual([]);
  });
});
