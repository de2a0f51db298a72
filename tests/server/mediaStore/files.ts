/** Test helper: every file under a directory, as sorted "/"-joined relative paths (folders left out). */
import { readdir } from "node:fs/promises";
import { relative, sep } from "node:path";

export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => !entry.isDirectory())
      .map((entry) => relative(dir, `${entry.parentPath}${sep}${entry.name}`).split(sep).join("/"))
      .sort();
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return [];
    throw error;
  }
}
