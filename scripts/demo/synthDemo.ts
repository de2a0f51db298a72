/**
 * `npm run demo:synthetic`: the whole verification flow tried without a camera, with the
 * SYNTHETIC subject of the browser tests as the camera (a rendered face, not a person).
 * It builds if dist/ is stale, starts the built service on a free port with an admin token of
 * its own, walks silent, action and number mode through the demo partner page in Debian's
 * Chromium (walkThrough.ts), prints each screen with its screenshot, the verdict, the order
 * number and the staff order view's address, and stops the service and removes its data at the
 * end or on Ctrl-C. Exits 0 when every mode passed.
 *
 *   npm run demo:synthetic -- --lang en --modes silent --headed
 *
 * npm runs it with node and tsx's loader, not the tsx command: that one relays Ctrl-C to its
 * child and kills it when it has not answered within 30 ms, before it has cleaned up.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import { languagesFileSchema } from "../../schemas/languages";
import { SPOKEN_DIGITS } from "../../e2e/fakeMediaFiles";
import { makeSpeechWav } from "../../tests/fixtures/mediaMaker";
import { startDemoService, type DemoService } from "./demoService";
import { DEMO_LANGUAGES, demoWords, fill } from "./demoWords";
import { CHROMIUM_PATH, missingTools, needsBuild } from "./preflight";
import { shownPath } from "./screenLog";
import { walkThrough, WALK_MODES, type WalkMode, type WalkResult } from "./walkThrough";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DEFAULT_LANGUAGE = languagesFileSchema.parse(JSON.parse(readFileSync(join(ROOT, "flows/languages.json"), "utf8"))).default;
const BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"];

const USAGE = `npm run demo:synthetic -- [--lang ${DEMO_LANGUAGES.join("|")}] [--modes ${WALK_MODES.join(",")}] [--headed] [--out demo-output] [--port 0] [--rebuild] [--no-wait]
  --lang     the pages' and these lines' language (default ${DEFAULT_LANGUAGE})
  --modes    which modes to walk through, in order (default all: ${WALK_MODES.join(",")})
  --headed   show the browser (needs a display); headless otherwise
  --out      where the screenshots go, one folder a mode (default demo-output)
  --port     the service's port (default 0: a free one)
  --rebuild  build even when dist/ looks up to date
  --no-wait  stop the service as soon as the walk-through ends (it waits for Enter on a terminal)`;

interface DemoArgs {
  lang: string;
  modes: WalkMode[];
  headed: boolean;
  out: string;
  port: number;
  rebuild: boolean;
  wait: boolean;
}

function isWalkMode(mode: string): mode is WalkMode {
  return (WALK_MODES as readonly string[]).includes(mode);
}

/** The command line, checked: an unknown option, language, mode or port throws with the usage. */
function parseDemoArgs(argv: string[]): DemoArgs | "help" {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      lang: { type: "string", default: DEFAULT_LANGUAGE },
      modes: { type: "string", default: WALK_MODES.join(",") },
      headed: { type: "boolean", default: false },
      out: { type: "string", default: "demo-output" },
      port: { type: "string", default: "0" },
      rebuild: { type: "boolean", default: false },
      "no-wait": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return "help";
  demoWords(values.lang);
  const modes = values.modes.split(",").map((m) => m.trim()).filter((m) => m !== "");
  const unknown = modes.filter((m) => !isWalkMode(m));
  if (modes.length === 0 || unknown.length > 0) throw new Error(`--modes: '${unknown.join(",")}' is not among ${WALK_MODES.join(", ")}`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port: '${values.port}' is not a port (0 picks a free one)`);
  return { lang: values.lang, modes: modes.filter(isWalkMode), headed: values.headed, out: resolve(values.out), port, rebuild: values.rebuild, wait: !values["no-wait"] };
}

/**
 * Ctrl-C. While the walk-through waits for Enter it is the Enter (onSigint). Before, it closes the
 * browser, which ends the mode under way at once, and the run stops there and cleans up as it
 * always does; a second Ctrl-C, or a first that has not ended the run within 20 s, cleans up what
 * it can and leaves.
 */
const interrupt: { requested: boolean; onSigint: (() => void) | null } = { requested: false, onSigint: null };
const INTERRUPT_GRACE_MS = 20_000;

/** Resolves on Enter (or Ctrl-C) on a terminal. */
function untilEnter(): Promise<void> {
  return new Promise((done) => {
    const lines = createInterface({ input: process.stdin });
    const finish = () => {
      interrupt.onSigint = null;
      lines.close();
      done();
    };
    lines.once("line", finish);
    // readline takes Ctrl-C from the terminal itself: it ends the wait as Enter does.
    lines.once("SIGINT", finish);
    interrupt.onSigint = finish;
  });
}

/** An error's own words, without the browser's launch log and call log Playwright appends. */
function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split(/\n(?:Browser logs:|Call log:|=+ logs =+)/)[0]!.trim();
}

async function main(): Promise<number> {
  let args: DemoArgs | "help";
  try {
    args = parseDemoArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (args === "help") {
    console.log(USAGE);
    return 0;
  }
  const words = demoWords(args.lang);
  const print = (line: string) => console.log(line);
  const missing = missingTools(words, { speech: args.modes.includes("number"), headed: args.headed });
  if (missing.length > 0) {
    for (const line of missing) console.error(`faceflow demo: ${line}`);
    return 1;
  }
  print(words.synthetic);

  let service: DemoService | null = null;
  let browser: Browser | null = null;
  const scratch = mkdtempSync(join(tmpdir(), "faceflow-demo-voice-"));
  const cleanup = async () => {
    await browser?.close().catch(() => undefined);
    browser = null;
    if (service) print(words.stopping);
    await service?.stop();
    service = null;
    rmSync(scratch, { recursive: true, force: true });
  };
  process.on("SIGINT", () => {
    if (interrupt.onSigint) return interrupt.onSigint();
    const leave = () => void cleanup().finally(() => process.exit(130));
    if (interrupt.requested) return leave();
    interrupt.requested = true;
    console.error(`\n${words.interrupted}`);
    void browser?.close().catch(() => undefined);
    setTimeout(leave, INTERRUPT_GRACE_MS).unref();
  });

  try {
    if (args.rebuild || needsBuild(ROOT)) {
      print(words.building);
      const build = spawnSync(process.execPath, ["build.mjs"], { cwd: ROOT, stdio: "inherit" });
      if (build.status !== 0) throw new Error(`node build.mjs failed (${build.signal ?? `exit ${build.status}`})`);
      print(words.built);
    }
    const speechWav = args.modes.includes("number") ? await makeSpeechWav({ dir: scratch, text: SPOKEN_DIGITS, name: "digits" }) : undefined;
    service = await startDemoService({ root: ROOT, port: args.port });
    print(fill(words.serviceUp, { base: service.base, dir: service.dir }));
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: !args.headed, args: BROWSER_ARGS, handleSIGINT: false });

    // The folder says what its pictures are, for whoever opens it without this terminal.
    mkdirSync(args.out, { recursive: true });
    writeFileSync(join(args.out, "SYNTHETIC-README.txt"), `${words.synthetic}\n${fill(words.folderNote, { when: new Date().toISOString(), lang: args.lang })}\n`);
    const results: WalkResult[] = [];
    let failures = 0;
    for (const mode of args.modes) {
      if (interrupt.requested) break;
      try {
        const result = await walkThrough({ browser, base: service.base, adminToken: service.adminToken, mode, lang: args.lang, outDir: args.out, print, ...(speechWav ? { speechWav } : {}) });
        results.push(result);
        if (!result.passed) failures++;
      } catch (error) {
        if (interrupt.requested) break;
        failures++;
        console.error(`faceflow demo (${mode}): ${describeError(error)}`);
      }
    }
    if (interrupt.requested) return 130;
    print("");
    print(fill(words.summary, { passed: results.filter((r) => r.passed).length, total: args.modes.length }));
    print(fill(words.screenshots, { dir: shownPath(args.out) }));
    print(words.synthetic);
    await browser.close();
    browser = null;
    if (args.wait && process.stdin.isTTY) {
      print("");
      print(words.keepOpen);
      await untilEnter();
    }
    return failures === 0 ? 0 : 1;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Ctrl-C also reaches the build and the service (the terminal signals them too): their ending is not news then.
    if (!interrupt.requested) console.error(`faceflow demo: ${describeError(error)}`);
    process.exit(interrupt.requested ? 130 : 1);
  },
);
