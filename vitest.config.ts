import { defineConfig } from "vitest/config";
import "./e2e/harness/node-polyfills.mjs";

// API tests: plain HTTP against the server that e2e/run-all.mjs starts
// (BASE_URL) with the fixtures it created (FIXTURES). Run them through
// `npm test` (or `npm test -- --only=api`), not bare `vitest`.
export default defineConfig({
  test: {
    include: ["e2e/api/**/*.test.ts", "e2e/security/**/*.test.ts"],
    environment: "node",
    // One shared server: files run one after another, and tests use distinct
    // fixtures so that their order does not matter.
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 10_000,
    retry: 0,
    passWithNoTests: false,
  },
});
