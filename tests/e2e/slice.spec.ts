import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";

const student = DEMO_ACCOUNTS.find((account) => account.role === "student")!;

test("a visitor switches to English, signs in and is greeted by name on the dashboard", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));

  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("L'université qui vient à vous");

  await page.getByRole("link", { name: "Read this page in English" }).click();
  await expect(page).toHaveURL(/\/en\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await page.evaluate(() => localStorage.getItem("preferred-language"))).toBe("en");

  await page.locator("[data-account-area]").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/en\/login\/?$/);
  await page.getByLabel("E-mail address").fill(student.email);
  await page.getByLabel("Password").fill(student.password);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(/\/en\/dashboard\/student$/);
  await expect(page.getByTestId("dashboard-greeting")).toHaveText(`Hello, ${student.fullName}`);
  expect(errors).toEqual([]);
});

test("the remembered language applies when the visitor comes back to the French home page", async ({ page }) => {
  await page.goto("/en/");
  await page.evaluate(() => localStorage.setItem("preferred-language", "en"));
  await page.goto("/");
  await expect(page).toHaveURL(/\/en\/$/);
});

test("the sign-in form explains bad input and a wrong password without losing what was typed", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Saisissez une adresse e-mail valide.")).toBeVisible();
  await expect(page.getByText("Saisissez votre mot de passe.")).toBeVisible();

  await page.getByLabel("Adresse e-mail").fill(student.email);
  await page.getByLabel("Mot de passe").fill("pas-le-bon");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toHaveText("Adresse e-mail ou mot de passe incorrect.");
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue(student.email);
});

test("the dashboard sends a signed-out visitor to sign in", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await expect(page.getByRole("heading", { name: "Connexion", exact: true })).toBeVisible();
});
