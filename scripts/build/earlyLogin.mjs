// index.html's early login (issue 14, src/boot/earlyLogin.ts): bundled to a classic script
// that goes inline into the page, so a launch's login leaves as soon as the HTML is parsed
// instead of after the app's script has arrived and run. The service allows it by its hash
// (src/server/http/inlineScripts.ts). It must stay tiny: a heavy import (zod, React) slipping
// into it would cost every page, so the build fails past the ceiling.
import { build } from "esbuild";
import { join } from "node:path";

/** Minified bytes the script may have; today it is about 1 000. */
const EARLY_LOGIN_CEILING = 2000;

export async function earlyLoginScript({ root, target }) {
  const result = await build({
    entryPoints: [join(root, "src/boot/earlyLoginScript.ts")],
    bundle: true,
    format: "iife",
    platform: "browser",
    target,
    minify: true,
    legalComments: "none",
    write: false,
    logLevel: "error",
  });
  const code = result.outputFiles[0]?.text.trim();
  if (!code) throw new Error("early login: esbuild wrote nothing");
  if (code.length > EARLY_LOGIN_CEILING) throw new Error(`early login: the inline script is ${code.length} bytes, over its ${EARLY_LOGIN_CEILING}: something heavy was imported into src/boot/`);
  // Inline in a <script> element: the text must not be able to close it.
  if (/<\/script/i.test(code)) throw new Error("early login: the script contains </script");
  return code;
}
