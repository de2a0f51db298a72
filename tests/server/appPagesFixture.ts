/** A built app's pages for a service test: every listed language's (the service refuses to start without one). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import languagesJson from "../../flows/languages.json";
import type { LanguagesFile } from "../../schemas/languages";
import { appPageFile } from "../../src/server/http/appPages";

/** Writes `html` as each listed language's page in `appDir` (index.html the default's). */
export function writeAppPagesFixture(appDir: string, html: string): void {
  const file = languagesJson as LanguagesFile;
  for (const { tag } of file.languages) writeFileSync(join(appDir, appPageFile(file, tag)), html);
}
