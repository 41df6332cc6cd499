import { defineConfig } from "vitest/config";
import tailwindcss from "@tailwindcss/vite";
import { playwright } from "@vitest/browser-playwright";
import { chromiumPath } from "./scripts/chromium.ts";

// Unit tests are pure; integration tests each start their own in-memory local stack
// (PGlite), so files stay independent and can run two at a time on two cores.
// Component tests (tests/components) render the dashboard's UI kit in the system Chromium
// (vitest browser mode), styled by the site's Tailwind CSS so axe judges real contrast.
export default defineConfig({
  test: {
    // @supabase/lite prints every refused query (an RLS denial the tests expect) with its
    // stack; the test's own assertion says what matters, so keep the log readable.
    onConsoleLog: (log) => !(log.startsWith("error: ") && log.includes("routine:")),
    projects: [
      {
        test: {
          name: "node",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
          pool: "forks",
          globalSetup: ["tests/fixtures/stack-template-setup.ts"],
          // A guard, not a target: a fresh PGlite alone took 27 s on this 2-core machine under load.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: { LITE_TELEMETRY: "0", DO_NOT_TRACK: "1" },
        },
      },
      {
        plugins: [tailwindcss()],
        // One pre-bundled copy of React for the tests and the kit (else hooks see two Reacts).
        resolve: { dedupe: ["react", "react-dom"] },
        optimizeDeps: {
          include: [
            "react",
            "react/jsx-runtime",
            "react/jsx-dev-runtime",
            "react-dom",
            "react-dom/client",
            "vitest-browser-react",
            "react-aria-components",
            "react-hook-form",
            "@hookform/resolvers/zod",
            "@tanstack/react-table",
            "@internationalized/date",
            "papaparse",
            "nanostores",
            "@nanostores/react",
            "i18next",
            "axe-core",
            "zod",
          ],
        },
        test: {
          name: "components",
          include: ["tests/components/**/*.test.tsx"],
          setupFiles: ["tests/components/setup.ts"],
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: {
                executablePath: chromiumPath(),
                args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
              },
              contextOptions: { locale: "fr-FR", timezoneId: "Africa/Douala" },
            }),
            instances: [{ browser: "chromium", viewport: { width: 360, height: 800 } }],
          },
        },
      },
    ],
  },
});
