import { defineConfig } from "vitest/config";

// Unit tests run in Node by default; DOM tests opt in with `// @vitest-environment jsdom`.
export default defineConfig({
  test: {
    include: ["tests/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "forks",
    testTimeout: 20000,
  },
});
