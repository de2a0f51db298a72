/**
 * The screens a walk-through reached, each saved as <dir>/NN-<screen>[-<detail>].png and
 * printed as it is saved; and waiting for a screen with a deadline that, when missed, saves
 * the page as it stands and throws, saying which screen was not reached and where the page is.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import type { Page } from "@playwright/test";
import { fill, type DemoWords, type ScreenName } from "./demoWords";

/** `path` from the working directory when it lies inside it, else whole. */
export function shownPath(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside === "" || inside.startsWith("..") || isAbsolute(inside) ? path : inside;
}

/**
 * A corner tag on every picture, applied only while it is taken (the page itself is untouched):
 * a screenshot shared on its own still says the face in it is rendered. A whole-page picture
 * has it at the page's bottom corner (a fixed tag would sit where the first screen ends).
 */
function syntheticTag(label: string, fullPage: boolean): string {
  const where = fullPage ? "html { position: relative; } body::after { position: absolute;" : "body::after { position: fixed;";
  return `${where} content: ${JSON.stringify(label)}; right: 4px; bottom: 4px; z-index: 2147483647; pointer-events: none;
    font: 600 11px/1.4 system-ui, sans-serif; color: #fff; background: rgba(0, 0, 0, 0.65); padding: 1px 6px; border-radius: 4px; }`;
}

export interface SavedScreen {
  name: ScreenName;
  file: string;
}

/** Old screenshots of this folder (NN-*.png only: nothing else in a folder the user named is touched). */
function clearShots(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (/^\d\d-[\w-]+\.png$/.test(name)) rmSync(join(dir, name));
}

interface SaveOptions {
  detail?: string;
  /** Values for the screen's description ({action}). */
  describe?: Record<string, string>;
  fullPage?: boolean;
  stillShown?: () => Promise<boolean>;
}

export interface ScreenLog {
  readonly saved: readonly SavedScreen[];
  /**
   * Saves the page as screen `name` (`detail` names which one, e.g. the action asked for) and
   * prints it. With `stillShown`, asked after the picture is taken, a screen that may already
   * have gone (核验中 lasts a second or two) is saved only when it was there before and after.
   */
  save(page: Page, name: ScreenName, options?: SaveOptions): Promise<SavedScreen | null>;
  /** Prints a line among the screens'. */
  note(line: string): void;
  /** Waits for `reached` up to `seconds`; on time out saves the page as it is and throws what was not reached. */
  reach<T>(page: Page, name: ScreenName, seconds: number, reached: (timeoutMs: number) => Promise<T>): Promise<T>;
}

export function createScreenLog(options: { dir: string; words: DemoWords; print: (line: string) => void }): ScreenLog {
  const { dir, words, print } = options;
  clearShots(dir);
  const saved: SavedScreen[] = [];
  let index = 0;
  const nextFile = (tail: string) => join(dir, `${String(++index).padStart(2, "0")}-${tail}.png`);
  return {
    saved,
    async save(page, name, opts = {}) {
      const fullPage = opts.fullPage ?? false;
      const picture = await page.screenshot({ fullPage, style: syntheticTag(words.screenshotTag, fullPage) });
      if (opts.stillShown && !(await opts.stillShown())) return null;
      const file = nextFile(opts.detail === undefined ? name : `${name}-${opts.detail}`);
      writeFileSync(file, picture);
      const shot = { name, file };
      saved.push(shot);
      print(fill(words.screenLine, { index: String(index).padStart(2, "0"), screen: fill(words.screens[name], opts.describe ?? {}), file: shownPath(file) }));
      return shot;
    },
    note: print,
    async reach(page, name, seconds, reached) {
      try {
        return await reached(seconds * 1000);
      } catch (error) {
        const file = nextFile(`stuck-before-${name}`);
        await page.screenshot({ path: file, style: syntheticTag(words.screenshotTag, false) }).catch(() => undefined);
        const route = await page.evaluate(() => location.hash || location.pathname).catch(() => page.url());
        const why = fill(words.stuck, { seconds, screen: fill(words.screens[name], { action: "…" }), route, file: shownPath(file) });
        throw new Error(`${why}\n${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
      }
    },
  };
}
