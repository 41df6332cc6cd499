// Shared steps of the browser tests: signing in as a user would, axe, the kit's controls.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";

export type DemoRole = "student" | "teacher" | "admin";

/** The demo account of a role (supabase/local/demo.ts). */
export function account(role: DemoRole) {
  return DEMO_ACCOUNTS.find((a) => a.role === role)!;
}

/** Fills and sends the sign-in form (`prefix` "/en" for the English one); waits for nothing. */
export async function signIn(page: Page, email: string, password: string, prefix = ""): Promise<void> {
  await page.goto(`${prefix}/login`);
  await page.getByLabel(prefix ? "E-mail address" : "Adresse e-mail").fill(email);
  await page.getByLabel(prefix ? "Password" : "Mot de passe").fill(password);
  await page.getByRole("button", { name: prefix ? "Sign in" : "Se connecter" }).click();
}

/** Signs in as the demo account of a role and waits for that role's home. */
export async function signInAs(page: Page, role: DemoRole, prefix = ""): Promise<void> {
  const { email, password } = account(role);
  await signIn(page, email, password, prefix);
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/${role}$`));
}

/** A new browser context signed in as a role (tests that need two users at once). */
export async function signedIn(browser: Browser, role: DemoRole): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, role);
  return page;
}

/**
 * axe, WCAG 2.2 A and AA, on the page as it is. React Aria's live announcer keeps for a few
 * seconds copies of what it announced from a dialog since closed: not page content.
 * `settled` first waits for every loading region (aria-busy) to finish.
 */
export async function expectNoAxeViolations(page: Page, { settled = false } = {}): Promise<void> {
  if (settled) await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("[data-live-announcer]").analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Opens the top bar's account menu (profile, switch area, sign out). */
export async function openAccountMenu(page: Page): Promise<void> {
  const menu = page.getByTestId("account-menu");
  await menu.locator("summary").click();
  await expect(menu.locator("ul")).toBeVisible();
}

/** Signs out through the account menu, as a user would. */
export async function signOutFromDashboard(page: Page, label = "Déconnexion"): Promise<void> {
  await openAccountMenu(page);
  await page.getByTestId("account-menu").getByRole("button", { name: label }).click();
}

/** Picks, in a kit Select (the browser's <select>), the option whose text matches. */
export async function chooseOption(select: Locator, text: string | RegExp): Promise<void> {
  await expect(select.locator("option").filter({ hasText: text }).first()).toBeAttached();
  const labels = await select.locator("option").allTextContents();
  const label = labels.find((l) => (typeof text === "string" ? l === text : text.test(l)));
  if (!label) throw new Error(`no option ${String(text)} among ${labels.join(" | ")}`);
  await select.selectOption({ label });
}
