// admin/settings and admin/technical, as the demo administrator.
import { expect, test } from "@playwright/test";
import { serviceClient } from "./stack.ts";
import { expectNoAxeViolations, signInAs } from "./dashboard.ts";

// Long forms, each checked by axe: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

// Other specs share this stack and read the demo year (the students page lists the current
// year's registrations): put back the current semester and the settings changed here.
let saved: { semesterId: string; yearId: string; settings: Record<string, unknown> } | undefined;
test.beforeAll(async () => {
  const service = serviceClient();
  const semester = await service.from("semesters").select("id, academic_year_id").eq("is_current", true).single();
  const settings = await service.from("institution_settings").select("*").single();
  if (semester.error || settings.error) throw semester.error ?? settings.error;
  saved = { semesterId: semester.data.id, yearId: semester.data.academic_year_id, settings: settings.data };
});
test.afterAll(async () => {
  if (!saved) return;
  const service = serviceClient();
  for (const step of [
    () => service.from("semesters").update({ is_current: false }).neq("id", saved!.semesterId),
    () => service.from("academic_years").update({ is_current: false }).neq("id", saved!.yearId),
    () => service.from("academic_years").update({ is_current: true }).eq("id", saved!.yearId),
    () => service.from("semesters").update({ is_current: true }).eq("id", saved!.semesterId),
    () => service.from("institution_settings").update(saved!.settings).eq("id", true),
  ]) {
    const { error } = await step();
    if (error) throw error;
  }
});

test("the admin changes the institution and the grading options, adds a year and switches the current semester", async ({ page }) => {
  await signInAs(page, "admin");
  await page.getByRole("navigation", { name: "Navigation de votre espace" }).getByRole("link", { name: "Paramètres" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paramètres de l'établissement");
  const institution = page.getByTestId("institution-form");
  await expect(institution.getByLabel("Nom de l'établissement")).toHaveValue("Université en ligne du Cameroun");
  await expectNoAxeViolations(page);

  // Bad input is named on its field and nothing is lost.
  await institution.getByLabel("Numéro d'identifiant unique (NIU)").fill("abc");
  await institution.getByLabel("Modèle de matricule").fill("UEL-{YYYY}-{SEQ:5}");
  await institution.getByRole("button", { name: "Enregistrer" }).click();
  await expect(institution.getByText("Le NIU compte 10 à 20 lettres majuscules et chiffres.")).toBeVisible();
  await expect(institution.getByTestId("matricule-example")).toHaveText(`Exemple : UEL-${new Date().getFullYear()}-00001`);
  await institution.getByLabel("Numéro d'identifiant unique (NIU)").fill("P098765432101Z");
  await institution.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByTestId("toast")).toContainText("Enregistré avec succès");

  const grading = page.getByTestId("grading-form");
  await grading.getByRole("button", { name: "Modifier les règles de notation" }).click();
  await grading.getByRole("textbox", { name: "Note éliminatoire (/20)" }).fill("12");
  await grading.getByRole("button", { name: "Enregistrer" }).click();
  await expect(grading.getByText("La note éliminatoire doit être inférieure à la moyenne de validation.")).toBeVisible();
  await grading.getByRole("textbox", { name: "Note éliminatoire (/20)" }).fill("7");
  await grading.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByTestId("toast").last()).toContainText("Enregistré avec succès");

  await page.reload();
  await expect(page.getByTestId("institution-form").getByLabel("Numéro d'identifiant unique (NIU)")).toHaveValue("P098765432101Z");

  const calendar = page.getByTestId("academic-calendar");
  const next = new Date().getFullYear() + 1;
  await calendar.getByLabel("Année (ex. 2027-2028)").fill(`${next}-${next + 1}`);
  await calendar.getByLabel("Début de l'année (AAAA-MM-JJ)").fill(`${next}-09-01`);
  await calendar.getByLabel("Fin du semestre 1 (AAAA-MM-JJ)").fill(`${next + 1}-02-10`);
  await calendar.getByLabel("Fin de l'année (AAAA-MM-JJ)").fill(`${next + 1}-07-31`);
  await calendar.getByRole("button", { name: "Ajouter l'année et ses deux semestres" }).click();
  await expect(calendar.getByRole("heading", { name: `${next}-${next + 1}` })).toBeVisible();
  await calendar.getByRole("button", { name: `En faire le semestre courant : Semestre 1 ${next}-${next + 1}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirmer" }).click();
  await expect(calendar.getByRole("heading", { name: `${next}-${next + 1}` })).toContainText("En cours");
});

test("the admin reads the platform's health and runs a worker tick now, in French and English", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/technical");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("État technique");
  const worker = page.getByTestId("worker-health");
  await expect(page.getByTestId("system-health")).toContainText("Répond en");
  await expectNoAxeViolations(page);
  await worker.getByRole("button", { name: "Lancer un passage maintenant" }).click();
  await expect(page.getByTestId("toast")).toContainText("Passage effectué");
  await expect(worker).toContainText("(manuel)");

  await page.getByTestId("language-switch").click();
  await expect(page).toHaveURL(/\/en\/dashboard\/admin\/technical$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Technical health");
  await expect(page.getByTestId("worker-health")).toContainText("(manual)");
  await expectNoAxeViolations(page);
});

test("the admin adds a department and sees where the data now differs from the public site", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/content");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catalogue");
  await expect(page.getByTestId("catalogue-in-step")).toBeVisible();
  await expectNoAxeViolations(page);

  const departments = page.getByTestId("catalogue-departments");
  await departments.getByRole("button", { name: "Ajouter : Départements" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("Minuscules, chiffres et tirets seulement (ex. genie-civil).")).toBeVisible();
  await dialog.getByLabel("Identifiant").fill("genie-civil");
  await dialog.getByText("Université ouverte", { exact: true }).click();
  await dialog.getByLabel("Nom (français)").fill("Génie civil");
  await dialog.getByLabel("Nom (anglais)").fill("Civil engineering");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByTestId("toast")).toContainText("Créé avec succès");
  await expect(departments.getByRole("cell", { name: "Génie civil", exact: true })).toBeVisible();
  await expect(page.getByTestId("catalogue-differences")).toContainText("Dans les données, absent du site");
  await expect(page.getByTestId("catalogue-differences")).toContainText("genie-civil");
});
