import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import "../harness/node-polyfills.mjs";

// The Node-versions smoke (e2e/smoke/node-versions.mjs passes this file to
// e2e/run-all.mjs as `--config`): the same runner settings as the API tests'
// vitest.config.ts, but only the smoke flow, so a run on another Node version
// takes about a minute rather than the whole suite.
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["e2e/smoke/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 10_000,
    retry: 0,
    passWithNoTests: false,
  },
});
