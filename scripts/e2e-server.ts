// What the browser tests run against: fresh keys, the site built with them into
// dist-test/, a fresh in-memory local stack (migrations + seed) and the site server.
// Started and stopped by Playwright (playwright.config.ts webServer).
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { generateLocalKeys } from "../supabase/local/env.ts";
import { startLocalStack } from "../supabase/local/stack.ts";
import { E2E_API_PORT, E2E_API_URL, E2E_OUT_DIR, E2E_SITE_PORT, E2E_SITE_URL, E2E_STACK_FILE } from "../tests/e2e/server-ports.ts";

const OUT_DIR = E2E_OUT_DIR;
const keys = await generateLocalKeys();
const publicEnv = {
  PUBLIC_SUPABASE_URL: E2E_API_URL,
  PUBLIC_SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
  SITE_URL: E2E_SITE_URL,
  ASTRO_OUT_DIR: OUT_DIR,
  ASTRO_TELEMETRY_DISABLED: "1",
};

const build = spawnSync("npx", ["astro", "build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...publicEnv } });
if (build.status !== 0) {
  console.error("e2e: the site build failed");
  process.exit(1);
}

const stack = await startLocalStack({ keys, port: E2E_API_PORT, siteUrl: E2E_SITE_URL, captureEmails: true });
// The browser tests act as the worker or an admin would (tests/e2e/stack.ts reads this).
writeFileSync(E2E_STACK_FILE, JSON.stringify({ url: stack.url, ...keys }));
const site = spawn(process.execPath, ["src/server/serve.ts", OUT_DIR], {
  stdio: "inherit",
  env: { ...process.env, ...publicEnv, HOST: "127.0.0.1", PORT: String(E2E_SITE_PORT) },
});

async function stop() {
  site.kill("SIGTERM");
  await stack.stop();
  process.exit(0);
}
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
site.once("exit", (code) => {
  console.error(`e2e: the site server stopped (exit ${code})`);
  void stack.stop().then(() => process.exit(1));
});
