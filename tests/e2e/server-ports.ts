// Ports of the stack and site that e2e tests run against, apart from npm start's
// 54321/4321 so a developer's running product does not collide with the tests.
export const E2E_API_PORT = 54421;
export const E2E_SITE_PORT = 4421;
export const E2E_SITE_URL = `http://127.0.0.1:${E2E_SITE_PORT}`;
export const E2E_API_URL = `http://127.0.0.1:${E2E_API_PORT}`;
/** Where scripts/e2e-server.ts leaves the fresh stack's URL and keys for the tests. */
export const E2E_STACK_FILE = "dist-test/e2e-stack.json";
