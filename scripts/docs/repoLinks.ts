/**
 * The markdown link check: every relative link in the repository's markdown files, and every
 * path in backticks that starts with `../`, must stay inside the repository, and each link must
 * name a file or folder a fresh clone has (fragments are not checked). A link to a sibling checkout (`../shared/…`) works on one machine
 * only. `npm test` runs it through tests/build/repoLinks.test.ts; alone:
 * `npx tsx scripts/docs/repoLinks.ts` prints each problem and exits 1 on any.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

export interface LinkProblem {
  /** The markdown file, from the repository's root. */
  file: string;
  line: number;
  target: string;
  reason: "leaves the repository" | "absolute path" | "missing";
}

/** A target with a scheme (https:, mailto:) or only a fragment is not a repository path. */
const NOT_A_PATH = /^([a-z][a-z0-9+.-]*:|#)/i;

/** The link targets of one line outside code spans: inline `[text](target)` and reference `[id]: target`. */
function linkTargets(line: string): string[] {
  const prose = line.replace(/`[^`]*`/g, "");
  const targets = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] as string);
  const reference = /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(prose);
  if (reference) targets.push(reference[1] as string);
  return targets;
}

/** Paths in backticks that start with `../` (`../shared/spec.md`): such paths are read from the root (README), so they leave it. */
function climbingCodeSpans(line: string): string[] {
  return [...line.matchAll(/`(\.\.\/[^`\s]*)`/g)].map((m) => m[1] as string);
}

/**
 * Problems of one markdown file. `file` is its path from the repository's root; `exists` says
 * whether a path from the root (no leading slash, no trailing one) names a file or folder.
 * @example checkMarkdownLinks("README.md", "[spec](../shared/spec.md)", () => true) // one problem: leaves the repository
 */
export function checkMarkdownLinks(file: string, text: string, exists: (path: string) => boolean): LinkProblem[] {
  const problems: LinkProblem[] = [];
  let fenced = false;
  text.split("\n").forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const candidates = [...linkTargets(line).map((t) => ({ target: t, link: true })), ...climbingCodeSpans(line).map((t) => ({ target: t, link: false }))];
    for (const { target, link } of candidates) {
      if (NOT_A_PATH.test(target)) continue;
      const problem = (reason: LinkProblem["reason"]) => problems.push({ file, line: index + 1, target, reason });
      if (target.startsWith("/")) {
        problem("absolute path");
        continue;
      }
      if (!link) {
        problem("leaves the repository");
        continue;
      }
      const path = decodeURI(target.split("#")[0]?.split("?")[0] ?? "");
      const resolved = posix.normalize(posix.join(posix.dirname(file), path)).replace(/\/$/, "");
      if (resolved === ".." || resolved.startsWith("../")) problem("leaves the repository");
      else if (!exists(resolved === "" ? "." : resolved)) problem("missing");
    }
  });
  return problems;
}

/** "README.md:16: ../shared/spec.md leaves the repository" */
export function describeLinkProblem(p: LinkProblem): string {
  return `${p.file}:${p.line}: ${p.target} ${p.reason}`;
}

/** The files git tracks, from the root: what a fresh clone has. */
export function trackedFiles(root: string = ROOT): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).split("\0").filter(Boolean);
}

/** Every problem of the tracked markdown files, judged against the tracked files and their folders. */
export function repositoryLinkProblems(root: string = ROOT, files: string[] = trackedFiles(root)): LinkProblem[] {
  const present = new Set<string>(["."]);
  for (const f of files) {
    for (let p = f; p !== "."; p = posix.dirname(p)) present.add(p);
  }
  return files
    .filter((f) => f.endsWith(".md"))
    .flatMap((f) => checkMarkdownLinks(f, readFileSync(join(root, f), "utf8"), (path) => present.has(path)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = repositoryLinkProblems().map(describeLinkProblem);
  for (const line of problems) console.error(line);
  console.log(`markdown links: ${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}
