// Shared steps of the dashboard's browser tests.
import { expect, type Page } from "@playwright/test";

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
