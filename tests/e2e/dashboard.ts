// Shared steps of the dashboard's browser tests.
import { expect, type Locator, type Page } from "@playwright/test";

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
