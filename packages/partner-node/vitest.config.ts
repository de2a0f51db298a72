// The kit's own tests, run alone by `npm test -w @faceflow/partner` (without this file vitest
// would take the repository's config above); the repository's `npm test` runs them too.
import { defineConfig } from "vitest/config";

export default defineConfig({ test: { include: ["test/**/*.test.ts"], environment: "node", testTimeout: 60_000, hookTimeout: 120_000 } });
