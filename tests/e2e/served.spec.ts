// Issue 15: what the site server sends (items 8 and 11) and what the sign-in page weighs
// (item 10), against the built site as `npm start` and a deployment serve it.
import { expect, test, type Page } from "@playwright/test";
import { request as httpRequest } from "node:http";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { E2E_API_URL, E2E_SITE_URL } from "./server-ports.ts";

/** A GET as a browser sends it, headers and body as they come over the wire. */
function raw(path: string, headers: Record<string, string> = { "accept-encoding": "gzip, deflate, br, zstd" }) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }>((done, fail) => {
    httpRequest(`${E2E_SITE_URL}${path}`, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    })
      .on("error", fail)
      .end();
  });
}

function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const csp = String(headers["content-security-policy"]);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain(`connect-src 'self' ${E2E_API_URL} ${E2E_API_URL.replace("http:", "ws:")}`);
  expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
  expect(csp.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe");
}

test("pages come compressed and revalidated, hashed assets cached for a year, all with the security headers", async () => {
  const page = await raw("/login");
  expect(page.status).toBe(200);
  expect(page.headers["content-encoding"]).toBe("br");
  expect(page.headers["vary"]).toBe("Accept-Encoding");
  expect(page.headers["cache-control"]).toBe("no-cache");
  expect(page.headers["etag"]).toBeTruthy();
  expectSecurityHeaders(page.headers);

  const html = await (await fetch(`${E2E_SITE_URL}/login`)).text();
  const asset = html.match(/\/_astro\/[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const script = await raw(asset!);
  expect(script.headers["content-encoding"]).toBe("br");
  expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(script.headers["content-type"]).toMatch(/^text\/javascript/);
  expectSecurityHeaders(script.headers);

  const gzipOnly = await raw(asset!, { "accept-encoding": "gzip" });
  expect(gzipOnly.headers["content-encoding"]).toBe("gzip");

  // The dashboard shell is rendered on demand: same headers, its own script hashes; like the
  // API's answers, never kept by a shared cache (issue 24).
  const shell = await raw("/dashboard");
  expect(shell.status).toBe(200);
  expect(shell.headers["cache-control"]).toBe("private, no-cache");
  expectSecurityHeaders(shell.headers);
  const api = await fetch(`${E2E_API_URL}/rest/v1/programmes?select=id&limit=1`);
  expect(api.headers.get("cache-control")).toBe("no-store");
});

/** Opens a page and returns the content-security-policy violations the browser reported. */
async function violationsOn(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  const listener = (message: { type(): string; text(): string }) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) found.push(`${path}: ${message.text()}`);
  };
  page.on("console", listener);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  page.off("console", listener);
  return found;
}

test("the policy blocks nothing the site and the dashboard load themselves", async ({ page }) => {
  const violations: string[] = [];
  for (const path of ["/", "/en/", "/search", "/select-program", "/programs", "/login", "/en/signup", "/forgot-password", "/reset-password", "/page-qui-n-existe-pas"]) {
    violations.push(...(await violationsOn(page, path)));
  }
  // Signed in: the dashboard (supabase-js, realtime websocket) under the same policy.
  const student = DEMO_ACCOUNTS.find((account) => account.role === "student")!;
  await page.goto("/login");
  await page.getByLabel("Adresse e-mail").fill(student.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(student.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  violations.push(...(await violationsOn(page, "/dashboard/student")));
  violations.push(...(await violationsOn(page, "/dashboard/profile")));
  expect(violations).toEqual([]);
});

test("the sign-in page loads under 90 KB of JavaScript: no supabase-js, no i18next, one language", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const scripts = new Map<string, { url: string; bytes: number }>();
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script") scripts.set(event.requestId, { url: event.response.url, bytes: 0 });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.bytes = event.encodedDataLength;
  });
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  const loaded = [...scripts.values()];
  const total = loaded.reduce((sum, s) => sum + s.bytes, 0);
  expect(total, loaded.map((s) => `${s.url} ${s.bytes}`).join("\n")).toBeLessThanOrEqual(90 * 1024);

  const bodies = await Promise.all(loaded.map(async (s) => (await fetch(s.url)).text()));
  const code = bodies.join("\n");
  expect(code).not.toContain("PostgrestClient"); // supabase-js's database client
  expect(code).not.toContain("RealtimeClient");
  expect(code).not.toContain("i18next");
  expect(code).not.toContain("Forgotten password?"); // the English strings stay on the English page

  // The form works: the auth client and the schemas arrive when needed.
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Saisissez une adresse e-mail valide.")).toBeVisible();
});
