import fs from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// UI tests in Chromium against the server that e2e/run-all.mjs starts
// (BASE_URL). Debian's chromium is used when present (Playwright's own
// browsers cannot be downloaded everywhere); CHROMIUM_PATH overrides it.
const defaultChromium = "/usr/bin/chromium";
const executablePath = process.env.CHROMIUM_PATH || (fs.existsSync(defaultChromium) ? defaultChromium : undefined);
const artifacts = process.env.E2E_ARTIFACTS || path.resolve("e2e/.artifacts");

export default defineConfig({
  testDir: "e2e/ui",
  testMatch: "**/*.spec.ts",
  outputDir: path.join(artifacts, "playwright"),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE || path.join(artifacts, "playwright-report.json") }]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL: process.env.BASE_URL || "http://localhost:3100",
    screenshot: "only-on-failure",
    trace: "off",
    video: "off",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
