/**
 * Another language's texts against the source language's (zh-CN): the same sections and keys,
 * nothing extra, every text non-empty, and the same placeholders (`{corp}`, `{code}`, filled by
 * src/ui/screens/textTemplate.ts, which throws on a placeholder it was not given). A language is
 * complete or it does not build: a screen never shows a missing text or falls back to Chinese.
 */

type TextTree = { readonly [key: string]: string | TextTree };

const placeholders = (text: string): string[] => [...text.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1] as string).sort();

function isTree(value: unknown): value is TextTree {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Every difference of `candidate` from `source`, each naming the file and the key path.
 * `$schema` is the editor's, not a text, and is skipped.
 * @example textsCompletenessProblems("flows/texts.en.json", { start: { title: "开始{corp}" } }, { start: { title: "Start" } })
 * // ['flows/texts.en.json: start.title has placeholders (none), the source has {corp}']
 */
export function textsCompletenessProblems(file: string, source: unknown, candidate: unknown, path: string[] = []): string[] {
  const where = path.join(".") || "(root)";
  if (!isTree(source)) {
    if (typeof candidate !== "string") return [`${file}: ${where} should be a text`];
    if (candidate.trim() === "") return [`${file}: ${where} is empty`];
    const want = placeholders(source as string);
    const have = placeholders(candidate);
    if (want.join() === have.join()) return [];
    const list = (names: string[]) => (names.length ? names.map((n) => `{${n}}`).join(", ") : "(none)");
    return [`${file}: ${where} has placeholders ${list(have)}, the source has ${list(want)}`];
  }
  if (!isTree(candidate)) return [`${file}: ${where} should be a group of texts`];
  const problems: string[] = [];
  const keys = (tree: TextTree) => Object.keys(tree).filter((k) => k !== "$schema");
  for (const key of keys(source)) {
    if (!(key in candidate)) problems.push(`${file}: ${[...path, key].join(".")} is missing`);
    else problems.push(...textsCompletenessProblems(file, source[key], candidate[key], [...path, key]));
  }
  for (const key of keys(candidate)) if (!(key in source)) problems.push(`${file}: ${[...path, key].join(".")} is not in the source language`);
  return problems;
}
