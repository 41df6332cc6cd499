// admin/settings, admin/technical and admin/content, as the demo administrator.
import { expect, test } from "@playwright/test";
import { readCatalogueContent } from "../../src/lib/catalogue-sync/read-content.ts";
import { syncCatalogue } from "../../src/lib/catalogue-sync/rpc.ts";
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

test("the admin reads the catalogue as the content gives it: the last sync, what differs now, and where to edit it", async ({ page }) => {
  const service = serviceClient();
  // A run to show (npm start and deploys run it; the e2e stack is only seeded).
  await syncCatalogue(service, readCatalogueContent(), "e2e catalogue:sync");
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/content");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catalogue");
  await expect(page.getByTestId("catalogue-sync")).toContainText("e2e catalogue:sync");
  await expect(page.getByTestId("catalogue-sync")).toContainText("rien à faire");
  await expect(page.getByTestId("catalogue-in-step")).toBeVisible();
  // Edited in the CMS, not here: links, no form.
  await expect(page.getByTestId("open-cms")).toHaveAttribute("href", "/keystatic");
  await expect(page.getByTestId("catalogue-programmes").getByRole("link", { name: "Modifier dans le gestionnaire : Génie logiciel" })).toHaveAttribute(
    "href",
    "/keystatic/collection/filieres-fr/item/software-engineering",
  );
  await expect(page.getByRole("button", { name: /^(Ajouter|Modifier)/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A department that is not in the content (written around it): the next sync archives it.
  const { data: school } = await service.from("schools").select("id").eq("slug", "open-university").single();
  const added = await service.from("departments").insert({ school_id: school!.id, slug: "genie-civil", name_fr: "Génie civil", name_en: "Civil engineering" });
  expect(added.error).toBeNull();
  try {
    await page.reload();
    const differences = page.getByTestId("catalogue-differences");
    await expect(differences).toContainText("À archiver");
    await expect(differences).toContainText("Génie civil (genie-civil)");
    await page.getByTestId("language-switch").click();
    await expect(page.getByTestId("catalogue-differences")).toContainText("To archive");
    await expectNoAxeViolations(page);
  } finally {
    await service.from("departments").delete().eq("slug", "genie-civil");
  }
});
