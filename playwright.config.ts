import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./scripts/chromium.ts";
import { E2E_SITE_URL, E2E_WORKERS, e2eSiteUrlOf } from "./tests/e2e/server-ports.ts";

// Real Chromium (the system one) against the built site and a fresh local stack, both
// started by scripts/e2e-server.ts and stopped by Playwright when the run ends: one of each
// per worker (tests/e2e/server-ports.ts: one by default, E2E_WORKERS=2 for two spec files
// at once, without sharing data); a file's tests run in order in one worker.
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: E2E_SITE_URL,
    browserName: "chromium",
    locale: "fr-FR",
    timezoneId: "Africa/Douala",
    // The service worker (issue 24) precaches the application in every new context and
    // answers navigations itself; specs about other things run without it, and
    // tests/e2e/offline.spec.ts allows it.
    serviceWorkers: "block",
    trace: "off",
    launchOptions: {
      executablePath: chromiumPath(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, worker) => ({
    command: "node scripts/e2e-server.ts",
    env: { E2E_WORKER: String(worker) },
    url: `${e2eSiteUrlOf(worker)}/`,
    // Up to one site build per worker at once.
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
  })),
});
