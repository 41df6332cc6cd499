// Issue 24: works on a bad line and offline. The demo student visits once online (the service
// worker installs, keeps the application's code; each read is saved for the account), keeps
// one course document offline, then the network goes: home, timetable, the kept document,
// results, a receipt's PDF and notifications still open, each saying it is offline and how
// old its data is. Back online, sign-out deletes the account's data on the device, and a
// second student signing in on the same browser finds nothing of the first. The manifest and
// the service worker meet Chromium's installability criteria.
import { chromium, expect, test, type Page } from "@playwright/test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { account, signIn, signInAs, signOutFromDashboard } from "./dashboard.ts";
import { serviceClient } from "./stack.ts";

test.use({ serviceWorkers: "allow" });
test.describe.configure({ mode: "serial", timeout: 420_000 });

const OTHER = { email: "hors-ligne.e2e@example.cm", password: "Hors-Ligne-E2e-2026", name: "Inès Horsligne" };
const DATA_TIME = /^Données du \d{1,2} \S+ \d{4} à \d{2}:\d{2}\.$/;

test.beforeAll(async () => {
  const service = serviceClient();
  const created = await service.auth.admin.createUser({ email: OTHER.email, password: OTHER.password, email_confirm: true, user_metadata: { full_name: OTHER.name } });
  if (created.error) throw created.error;
  const role = await service.from("user_roles").insert({ user_id: created.data.user.id, role: "student" });
  if (role.error) throw role.error;
});

/** The page says it works offline, and when its data was fetched. */
async function expectOffline(page: Page) {
  const banner = page.getByRole("status").filter({ hasText: "Vous êtes hors ligne" });
  await expect(banner).toBeVisible();
  await expect(banner.getByTestId("data-time")).toHaveText(DATA_TIME);
}

/** Every IndexedDB database and Cache Storage entry of the origin, as text (code files left out). */
function deviceContents(page: Page) {
  return page.evaluate(async () => {
    const found: Record<string, string> = {};
    const done = <T>(request: IDBRequest<T>) => new Promise<T>((resolve, reject) => ((request.onsuccess = () => resolve(request.result)), (request.onerror = () => reject(request.error))));
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await done(indexedDB.open(name));
      for (const store of db.objectStoreNames) found[`idb ${name}/${store}`] = JSON.stringify(await done(db.transaction(store).objectStore(store).getAll()));
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get("content-type") ?? "";
        found[`cache ${name} ${new URL(request.url).pathname}`] = /javascript|css|image/.test(type) ? "" : ((await response?.text()) ?? "");
      }
    }
    return found;
  });
}

/** A page of the sidebar, opened as a user does (the application changes page without reloading). */
async function open(page: Page, link: string, heading: string | RegExp) {
  await page.getByRole("complementary").getByRole("link", { name: link, exact: true }).click();
  // The first load of a page's code on a busy two-core machine can take a while.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading, { timeout: 60_000 });
}

test("after one online visit the student's pages open offline, then sign-out leaves nothing for the next student", async ({ page, context }) => {
  const student = account("student");
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });

  // ---- online, once ------------------------------------------------------------------------
  await signInAs(page, "student");
  const studentId = await page.evaluate(() => JSON.parse(localStorage.getItem("uel-auth") ?? "{}").user?.id as string);
  expect(studentId).toBeTruthy();
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByTestId("offline-banner")).toBeEmpty();

  await open(page, "Mes cours", "Mes cours");
  await page.getByTestId("course-list").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/dashboard\/student\/courses\/[0-9a-f-]{36}$/);
  const courseTitle = (await page.getByRole("heading", { level: 1 }).textContent())!;
  const materials = page.getByTestId("materials");
  // One document kept offline: its switch, then the space it takes.
  const keepFirst = materials.getByRole("switch", { name: /^Disponible hors ligne : / }).first();
  const keptTitle = (await keepFirst.evaluate((el) => el.closest("label")?.textContent ?? "")).replace(/^.*?: /, "").trim();
  await keepFirst.locator("xpath=ancestor::label").click();
  await expect(materials.getByTestId("course-space")).toHaveText(/^1 document sur cet appareil \(\d+(,\d)?\s(o|Ko|Mo)\)$/);
  await expect(materials.getByTestId("device-space")).toContainText("Ce site utilise");

  await open(page, "Mon emploi du temps", "Mon emploi du temps");
  // The week's sessions, listed first (the calendar grid loads on request).
  await expect(page.getByTestId("period")).toContainText("Semaine :", { timeout: 60_000 });
  await expect(page.getByTestId("session-list").getByTestId("session-line").first()).toBeVisible();
  await open(page, "Mes notes", "Mes notes et résultats");
  // The payments page fetches the receipts' PDF code once idle, so a receipt opens offline.
  const pdfCode = page.waitForResponse((response) => /\/_astro\/receipt-pdf\.[^/]+\.js$/.test(response.url()), { timeout: 60_000 });
  await open(page, "Mes paiements", "Mes paiements");
  await expect(page.getByRole("button", { name: /^Télécharger le reçu / }).first()).toBeVisible();
  await pdfCode;
  await open(page, "Notifications", "Notifications");

  // ---- offline: reloaded from the service worker and the device ------------------------------
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications", { timeout: 60_000 });
  await expectOffline(page);

  await open(page, "Tableau de bord", "Bonjour, Awa Ngono");
  await expectOffline(page);

  await open(page, "Mon emploi du temps", "Mon emploi du temps");
  await expectOffline(page);
  // The week's sessions, listed first (the calendar grid loads on request).
  await expect(page.getByTestId("period")).toContainText("Semaine :", { timeout: 60_000 });
  await expect(page.getByTestId("session-list").getByTestId("session-line").first()).toBeVisible();

  await open(page, "Mes cours", "Mes cours");
  await expect(page.getByTestId("kept-summary")).toHaveText(/^Hors ligne : 1 document, /);
  await page.getByTestId("course-list").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(courseTitle);
  await expectOffline(page);
  await expect(page.getByTestId("materials").getByRole("switch", { name: `Disponible hors ligne : ${keptTitle}` })).toBeChecked();
  const material = page.waitForEvent("download");
  await page
    .getByTestId("materials")
    .getByRole("button", { name: `Télécharger : ${keptTitle}` })
    .click();
  expect((await material).suggestedFilename()).toBeTruthy();
  expect(readFileSync((await (await material).path())!).length).toBeGreaterThan(0);

  await open(page, "Mes notes", "Mes notes et résultats");
  await expectOffline(page);
  await expect(page.getByTestId("results-semester").or(page.getByTestId("results-current")).first()).toBeVisible();

  await open(page, "Mes paiements", "Mes paiements");
  await expectOffline(page);
  const receipt = page.waitForEvent("download");
  await page
    .getByRole("button", { name: /^Télécharger le reçu / })
    .first()
    .click();
  const pdf = await receipt;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  // ---- back online: sign out, another student on the same browser -----------------------------
  await context.setOffline(false);
  await page.goto("/dashboard/student");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour, Awa Ngono", { timeout: 60_000 });
  await expect(page.getByTestId("offline-banner")).toBeEmpty();
  expect(Object.keys(await deviceContents(page)).some((key) => key.includes(studentId))).toBe(true);
  await signOutFromDashboard(page);
  await expect(page).toHaveURL(/\/$/);
  // The deletion starts at sign-out and finishes in the browser's own time.
  await expect.poll(async () => Object.keys(await deviceContents(page)).filter((key) => key.includes(studentId) || /uel-(data|files|outbox)-/.test(key)), { timeout: 15_000 }).toEqual([]);

  await signIn(page, OTHER.email, OTHER.password);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Bonjour/, { timeout: 60_000 });
  await open(page, "Mes paiements", "Mes paiements");
  const second = await deviceContents(page);
  const otherId = await page.evaluate(() => JSON.parse(localStorage.getItem("uel-auth") ?? "{}").user?.id as string);
  expect(Object.keys(second).some((key) => key.startsWith(`idb uel-data-${otherId}/reads`))).toBe(true);
  const leaks = Object.entries(second).filter(([key, text]) => key.includes(studentId) || text.includes(studentId) || text.includes(student.fullName));
  expect(leaks.map(([key]) => key)).toEqual([]);
  expect(violations).toEqual([]);
});

test("the manifest and the service worker meet Chromium's installability criteria", async ({ browserName: _ }, testInfo) => {
  // Chromium never offers to install from an incognito context, which Playwright's contexts
  // are: this one is a real profile.
  const profile = mkdtempSync(join(tmpdir(), "uel-install-"));
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL: testInfo.project.use.baseURL, locale: "fr-FR", serviceWorkers: "allow" });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signInAs(page, "student");
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
    const manifest = JSON.parse((await cdp.send("Page.getAppManifest")).data ?? "{}");
    expect(manifest).toMatchObject({ start_url: "/dashboard", lang: "fr-CM", display: "standalone", theme_color: "#06361e" });
    // The English pages link the English manifest, which starts at the English dashboard.
    await page.goto("/en/dashboard/student");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Awa Ngono", { timeout: 60_000 });
    expect(JSON.parse((await cdp.send("Page.getAppManifest")).data ?? "{}")).toMatchObject({ start_url: "/en/dashboard", lang: "en-CM", short_name: "OUC Cameroon" });
    expect((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
