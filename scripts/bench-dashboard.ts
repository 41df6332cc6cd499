// npm run bench:dashboard — the signed-in application's weight (DESIGN §6 budgets):
// builds the site and starts a fresh seeded stack (scripts/e2e-server.ts, its own slot),
// signs in as each demo role in the system Chromium, and prints the gzip bytes of the
// JavaScript each role's home loads (shell + home: ≤ 150 KB) and, for every page of the
// route table, what that page adds on top (≤ 60 KB).
// Realtime (live updates) is deferred on purpose until the page has loaded and the browser is
// idle (src/lib/supabase/lazy-realtime.ts), in its own chunk realtime-client.*.js: its bytes
// are printed apart from the first load, not counted in it.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { chromiumPath } from "./chromium.ts";
import { DEMO_ACCOUNTS } from "../supabase/local/demo.ts";
import { ROLES, type Role } from "../src/dashboard/paths.ts";
import { ROUTES } from "../src/dashboard/routes.ts";

const SLOT = process.env.E2E_SLOT ?? "19";
process.env.E2E_SLOT = SLOT;
const { E2E_OUT_DIR, E2E_SITE_URL } = await import("../tests/e2e/server-ports.ts");
const HOME_BUDGET = 150 * 1024;
const PAGE_BUDGET = 60 * 1024;
/** --verbose lists every script each page loads. */
const VERBOSE = process.argv.includes("--verbose");

const gzipCache = new Map<string, number>();
function gzipBytes(url: string): number {
  const path = new URL(url).pathname;
  let size = gzipCache.get(path);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(E2E_OUT_DIR, "client", path)), { level: 9 }).length;
    gzipCache.set(path, size);
  }
  return size;
}

// Loaded once the page has loaded and the browser is idle (src/lib/after-load.ts), on every page:
// realtime, the outbox's runtime and the clearing of another account's device data. (The two
// pages that write offline, assignments and messages, import the outbox's runtime themselves:
// its 2.2 KB are not in their figure, far under budget either way.)
const DEFERRED_CHUNK = /\/(realtime-client|outbox-runtime|device-clear)\.[^/]*\.js$/;

/** The same-origin scripts a full load of `path` fetches, once the page's h1 is shown: first-load, and deferred. */
async function scriptsOf(page: Page, path: string): Promise<{ first: Set<string>; deferred: Set<string> }> {
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState("networkidle");
  const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
  const first = new Set<string>();
  const deferred = new Set<string>();
  for (const url of scripts) {
    const path = new URL(url).pathname;
    if (!url.startsWith(E2E_SITE_URL) || !path.endsWith(".js")) continue;
    (DEFERRED_CHUNK.test(path) ? deferred : first).add(url);
  }
  return { first, deferred };
}

const sum = (urls: Iterable<string>) => [...urls].reduce((total, url) => total + gzipBytes(url), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const server = spawn(process.execPath, ["scripts/e2e-server.ts"], { stdio: ["ignore", "ignore", "inherit"], env: process.env });
const stopServer = () => server.kill("SIGTERM");
process.on("exit", stopServer);
try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${E2E_SITE_URL}/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error("the site did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  let over = 0;
  let measured = 0;
  for (const role of ROLES as readonly Role[]) {
    const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
    // Without the service worker: this measures what pages load; bench:pwa measures the service worker.
    const context = await browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    await page.goto(`${E2E_SITE_URL}/login`);
    await page.getByLabel("Adresse e-mail").fill(account.email);
    await page.getByLabel("Mot de passe").fill(account.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL(`**/dashboard/${role}`);
    const { first: home, deferred } = await scriptsOf(page, `${E2E_SITE_URL}/dashboard/${role}`);
    const homeBytes = sum(home);
    measured++;
    if (homeBytes > HOME_BUDGET) over++;
    if (VERBOSE) for (const url of home) console.log(`      ${kb(gzipBytes(url)).padStart(9)}  ${new URL(url).pathname}`);
    console.log(
      `\n/dashboard/${role}: shell + home ${kb(homeBytes)} gzip JS first load (budget ${kb(HOME_BUDGET)})${homeBytes > HOME_BUDGET ? "  OVER" : ""}; then ${kb(sum(deferred))} deferred (realtime, outbox, device clearing)`,
    );
    if (VERBOSE) for (const url of deferred) console.log(`      ${kb(gzipBytes(url)).padStart(9)}  ${new URL(url).pathname}  (deferred)`);
    const pages = ROUTES.filter((r) => r.roles !== "signed-in" && r.roles.includes(role) && !r.path.includes(":") && r.name !== `${role}.home`);
    for (const route of pages) {
      const { first: scripts } = await scriptsOf(page, `${E2E_SITE_URL}${route.path}`);
      const added = sum([...scripts].filter((url) => !home.has(url)));
      measured++;
      if (added > PAGE_BUDGET) over++;
      console.log(`  ${route.path.padEnd(48)} +${kb(added).padStart(9)}${added > PAGE_BUDGET ? "  OVER" : ""}`);
      if (VERBOSE) for (const url of [...scripts].filter((u) => !home.has(u))) console.log(`      ${kb(gzipBytes(url)).padStart(9)}  ${new URL(url).pathname}`);
    }
    await context.close();
  }
  await browser.close();
  // Always the count, 0 included, so a run's last line says at a glance whether all is within.
  console.log(`\n${over} budget${over === 1 ? "" : "s"} exceeded (${measured} measured: the homes ≤ ${kb(HOME_BUDGET)}, each page ≤ +${kb(PAGE_BUDGET)})`);
} finally {
  stopServer();
}
process.exit(0);
