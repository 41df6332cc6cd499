import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./scripts/chromium.ts";
import { E2E_SITE_URL } from "./tests/e2e/server-ports.ts";

// Real Chromium (the system one) against the built site and a fresh local stack,
// both started by scripts/e2e-server.ts and stopped by Playwright when the run ends.
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    command: "node scripts/e2e-server.ts",
    url: `${E2E_SITE_URL}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
