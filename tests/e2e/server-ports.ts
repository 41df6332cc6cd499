// Ports of the stack and site that e2e tests run against, apart from npm start's
// 54321/4321 so a developer's running product does not collide with the tests.
// E2E_SLOT (0 by default) shifts ports and output folder, so two e2e runs on one
// machine (two developers' sessions, or a run beside a long one) do not collide.
const slot = Number(process.env.E2E_SLOT ?? 0) || 0;
export const E2E_API_PORT = 54421 + slot * 10;
export const E2E_SITE_PORT = 4421 + slot * 10;
export const E2E_SITE_URL = `http://127.0.0.1:${E2E_SITE_PORT}`;
export const E2E_API_URL = `http://127.0.0.1:${E2E_API_PORT}`;
/** Where scripts/e2e-server.ts builds the site for the tests. */
export const E2E_OUT_DIR = slot ? `dist-test-${slot}` : "dist-test";
/** Where scripts/e2e-server.ts leaves the fresh stack's URL and keys for the tests. */
export const E2E_STACK_FILE = `${E2E_OUT_DIR}/e2e-stack.json`;
