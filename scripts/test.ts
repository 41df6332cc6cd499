// npm test: type checks, lint and format check, unit + integration tests (vitest, each
// integration file on its own fresh local stack), then browser tests (Playwright in the
// system Chromium against the built site and a fresh stack). Runs every step, exits
// non-zero if any failed, and ends with one "N passed, N failed" line counting every test.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureChromium } from "./chromium.ts";

const reports = mkdtempSync(join(tmpdir(), "uel-test-"));
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", LITE_TELEMETRY: "0", DO_NOT_TRACK: "1" };
const failedSteps: string[] = [];
let passed = 0;
let failed = 0;

function step(name: string, command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  // Each step's time, so a run that outgrows its 20 minutes says where.
  console.log(`◀ ${name}: ${result.status === 0 ? "passed" : "failed"} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : undefined;
}

const chromium = ensureChromium();
if (!chromium) {
  console.error("No Chromium found: set CHROMIUM_PATH, or install Debian's package with `sudo apt-get install -y chromium`.");
  process.exit(1);
}

step("type check: site, lib, tests and local stack (astro check)", "npx", ["astro", "check"]);
step("type check: worker (tsc)", "npx", ["tsc", "-p", "worker/tsconfig.json"]);
step("lint: hooks, accessibility, import cycles and boundaries (ESLint)", "npx", ["eslint", "--max-warnings=0", "."]);
step("format check (Prettier)", "npx", ["prettier", "--check", "--log-level=warn", "."]);

const vitestReport = join(reports, "vitest.json");
step("unit and integration tests (vitest)", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]);
const vitest = readJson<{ numPassedTests: number; numFailedTests: number }>(vitestReport);
passed += vitest?.numPassedTests ?? 0;
failed += vitest?.numFailedTests ?? 0;

const playwrightReport = join(reports, "playwright.json");
step("browser tests (Playwright, system Chromium)", "npx", ["playwright", "test", "--reporter=list,json"], {
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});
const playwright = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(playwrightReport);
passed += (playwright?.stats.expected ?? 0) + (playwright?.stats.flaky ?? 0);
failed += playwright?.stats.unexpected ?? 0;

if (failedSteps.length) console.error(`\nFailed: ${failedSteps.join("; ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
