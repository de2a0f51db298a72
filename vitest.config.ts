import { configDefaults, defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
// @ts-expect-error: a build script in plain JavaScript, without types.
import { allTextsVitePlugin } from "./scripts/build/languages.mjs";

const root = fileURLToPath(new URL(".", import.meta.url));

// PostgreSQL-backed tests form their own project so that the shared server (tests/pgGlobalSetup.ts)
// starts only in runs that include one of them: vitest runs a project's globalSetup only when
// that project has files to run.
const pgTests = ["tests/**/pg/**/*.test.{ts,tsx}", "tests/**/*.pg.test.{ts,tsx}"];

// Unit tests run in Node by default; DOM tests opt in with `// @vitest-environment jsdom`.
export default defineConfig({
  // The gallery's languages module (scripts/build/languages.mjs), as its build gives it.
  plugins: [allTextsVitePlugin(root)],
  test: {
    environment: "node",
    pool: "forks",
    setupFiles: ["tests/setup/browserLanguage.ts"],
    testTimeout: 20000,
    // Set-ups make recordings with ffmpeg and espeak-ng and start services: slow on a busy 2-core machine.
    hookTimeout: 60000,
    projects: [
      // The partner kit's own tests (packages/partner-node, `npm test -w @faceflow/partner` alone) run with the rest.
      { extends: true, test: { name: "unit", include: ["tests/**/*.test.{ts,tsx}", "packages/partner-node/test/**/*.test.ts"], exclude: [...configDefaults.exclude, ...pgTests] } },
      { extends: true, test: { name: "pg", include: pgTests, globalSetup: ["tests/pgGlobalSetup.ts"] } },
    ],
  },
});
