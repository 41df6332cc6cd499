// The signed-in application's frame: role selector, sidebar, access denied, not found,
// language, phone layout, help centre, the homes' blocks, and axe on each.
import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { AUTH_STORAGE_KEY } from "../../src/lib/auth-storage.ts";
import { expectNoAxeViolations, openAccountMenu, signIn } from "./dashboard.ts";
import { serviceClient } from "./stack.ts";

const account = (role: "student" | "teacher" | "admin") => DEMO_ACCOUNTS.find((a) => a.role === role)!;

test("a student lands in their area: sidebar with the current page, today's class with its live join button", async ({ page }) => {
  const student = account("student");
  await signIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  await expect(page.getByTestId("dashboard-greeting")).toHaveText(`Bonjour, ${student.fullName}`);
  await expect(page).toHaveTitle(/^Espace étudiant · /);
  const nav = page.getByRole("navigation", { name: "Navigation de votre espace" });
  await expect(nav.getByRole("link", { name: "Tableau de bord" })).toHaveAttribute("aria-current", "page");
  // The seed's online class starts about 10 minutes after seeding: its button is live.
  const join = page
    .getByTestId("todays-classes")
    .getByRole("link", { name: /^Rejoindre/ })
    .first();
  await expect(join).toHaveAttribute("href", /^https:\/\/(zoom\.us\/j\/|teams\.microsoft\.com)/);
  await expectNoAxeViolations(page);

  await nav.getByRole("link", { name: "Mon profil" }).click();
  await expect(page).toHaveURL(/\/dashboard\/student\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon profil");
  await expect(page.getByRole("navigation", { name: "Fil d'Ariane" })).toContainText("Espace étudiant");
  await expect(page).toHaveTitle(/^Mon profil · /);
});

test("another role's page answers Accès refusé, an unknown path the not-found page (404)", async ({ page }) => {
  const student = account("student");
  await signIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/dashboard\/student$/);

  await page.goto("/dashboard/admin");
  await expect(page.getByTestId("access-denied")).toContainText("Accès refusé");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Retour à mon tableau de bord" }).click();
  await expect(page).toHaveURL(/\/dashboard\/student$/);

  const response = await page.goto("/dashboard/student/nulle-part");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toContainText("Page introuvable");
  await expectNoAxeViolations(page);
});

test("a user with several roles chooses an area, the choice is remembered, and can switch", async ({ page }) => {
  const service = serviceClient();
  const email = `deux-roles-${Date.now()}@example.cm`;
  const password = "Deux-Roles-2026!";
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { full_name: "Ada Deux-Rôles" } });
  expect(created.error).toBeNull();
  const userId = created.data.user!.id;
  await service.from("user_roles").delete().eq("user_id", userId);
  const granted = await service.from("user_roles").insert([
    { user_id: userId, role: "student" },
    { user_id: userId, role: "teacher" },
  ]);
  expect(granted.error).toBeNull();

  await signIn(page, email, password);
  await expect(page.getByTestId("role-selector")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choisissez votre espace");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: /Espace enseignant/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/teacher$/);

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/teacher$/);
  await openAccountMenu(page);
  await page.getByRole("link", { name: "Changer d'espace" }).click();
  await expect(page.getByTestId("role-selector")).toBeVisible();
  await page.getByRole("link", { name: /Espace étudiant/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/student$/);
});

test("teacher and admin homes, in French and English, pass axe; the language switch keeps the page", async ({ page }) => {
  const teacher = account("teacher");
  await signIn(page, teacher.email, teacher.password);
  await expect(page).toHaveURL(/\/dashboard\/teacher$/);
  await expect(page.getByRole("heading", { name: "Copies à corriger" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByTestId("language-switch").click();
  await expect(page).toHaveURL(/\/en\/dashboard\/teacher$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Work to mark" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.evaluate((key) => localStorage.removeItem(key), AUTH_STORAGE_KEY);
  const admin = account("admin");
  await signIn(page, admin.email, admin.password, "/en");
  await expect(page).toHaveURL(/\/en\/dashboard\/admin$/);
  const figures = page.getByTestId("admin-figures");
  await expect(figures.getByRole("heading", { name: "Students" })).toBeVisible();
  await expect(figures).toContainText(/Students\s*\d+/);
  await expectNoAxeViolations(page);
  await page.getByTestId("language-switch").click();
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await expect(page.getByRole("heading", { name: "Étudiants" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("on a phone the sidebar opens from the menu button; the help centre opens the role's help page", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const student = account("student");
  await signIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  const nav = page.getByRole("navigation", { name: "Navigation de votre espace" });
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Ouvrir le menu" }).click();
  await expect(nav).toBeVisible();
  await expectNoAxeViolations(page);
  await nav.getByRole("link", { name: "Centre d'aide" }).click();
  await expect(page).toHaveURL(/\/help\/student$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aide — espace étudiant");
  await expectNoAxeViolations(page);
});

test("the public site's signed-in header stays on one line at 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const student = account("student");
  await signIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/dashboard\/student$/);
  await page.goto("/about");
  await expect(page.locator("[data-account-area]")).toHaveAttribute("data-state", "signed-in");
  const row = page.getByTestId("site-header-row");
  const tops = await row.evaluate((el) => [...el.querySelectorAll("a, button, input")].filter((e) => (e as HTMLElement).offsetParent).map((e) => Math.round(e.getBoundingClientRect().top)));
  const height = await row.evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeLessThan(70);
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(16);
});
