// Ports of the stack and site that e2e tests run against, apart from npm start's
// 54321/4321 so a developer's running product does not collide with the tests.
// Each Playwright worker has a stack and a site of its own (E2E_WORKERS of them, started by
// playwright.config.ts's web servers with E2E_WORKER=0, 1, …): a worker process knows its
// own from TEST_PARALLEL_INDEX, which Playwright sets before it loads the config and the
// specs, so every import of this module in a worker names that worker's stack and site.
// One worker by default: two on this 2-core machine took the suite from 18.3 to 15.0 min,
// but each test ran up to twice as long (some at 23 s of their 30 s), too close to the
// limits for CI; E2E_WORKERS=2 is there for a faster local run.
// E2E_SLOT (0 by default) shifts the whole run's ports and output folders, so two e2e runs
// on one machine (two developers' sessions, or a run beside a long one) do not collide.
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1) || 1);
const run = Number(process.env.E2E_SLOT ?? 0) || 0;
const slotOf = (worker: number) => run * E2E_WORKERS + worker;
const worker = Number(process.env.E2E_WORKER ?? process.env.TEST_PARALLEL_INDEX ?? 0) || 0;
const slot = slotOf(worker);

/** The site URL of worker `w`'s server (for the config, which starts them all). */
export const e2eSiteUrlOf = (w: number) => `http://127.0.0.1:${4421 + slotOf(w) * 10}`;
export const E2E_API_PORT = 54421 + slot * 10;
export const E2E_SITE_PORT = 4421 + slot * 10;
export const E2E_SITE_URL = e2eSiteUrlOf(worker);
export const E2E_API_URL = `http://127.0.0.1:${E2E_API_PORT}`;
/** Where scripts/e2e-server.ts builds the site for the tests. */
export const E2E_OUT_DIR = slot ? `dist-test-${slot}` : "dist-test";
/** Where scripts/e2e-server.ts leaves the fresh stack's URL and keys for the tests. */
export const E2E_STACK_FILE = `${E2E_OUT_DIR}/e2e-stack.json`;
