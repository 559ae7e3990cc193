import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the production build (`npm run build` first; the server does not build).
 * scripts/e2e-server.mjs serves it on port 3100 (or E2E_PORT) with a fresh database for every run.
 * Offline machines use the system Chromium; elsewhere Playwright's own browser.
 */
const SYSTEM_CHROMIUM = "/usr/bin/chromium";
// E2E_PORT: another port, so two checkouts on one machine can run their suites side by side.
const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

export default defineConfig({
  testDir: "tests/e2e",
  // Two workers, each taking whole spec files in order (every spec makes its own users and
  // documents; those on the seeded demo workspace only add to it): one worker left the 2-core CI
  // machine mostly idle, waiting on the browser and the server (docs/benchmarks.md, "CI time").
  // PLAYWRIGHT_WORKERS=1 to debug one spec at a time.
  fullyParallel: false,
  workers: Number(process.env.PLAYWRIGHT_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: "off",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    locale: "en-US",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--disable-sync",
            "--disable-quic",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${BASE_URL}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    // Let the script stop Next and drop its database instead of being killed outright.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
