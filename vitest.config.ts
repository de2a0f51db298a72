import { defineConfig } from "vitest/config";

// Unit tests run in Node by default; DOM tests opt in with `// @vitest-environment jsdom`.
export default defineConfig({
  test: {
    include: ["tests/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "forks",
    testTimeout: 20000,
    // Set-ups make recordings with ffmpeg and espeak-ng and start services: slow on a busy 2-core machine.
    hookTimeout: 60000,
  },
});
