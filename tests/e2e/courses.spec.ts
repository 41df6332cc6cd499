// Course administration in the browser: the admin creates a course with the IOU wizard
// (four steps, validated) and enrols its cohort in one action; the extension variant offers
// no virtual class for a pre-recorded certificate. Axe A/AA on each step.
import { expect, test, type Page } from "@playwright/test";
import { serviceClient } from "./stack.ts";
import { chooseOption, expectNoAxeViolations, signInAs } from "./dashboard.ts";

const CODE = `DRT-L1-${(Date.now() % 900) + 100}`;

async function choose(page: Page, scope: ReturnType<Page["getByTestId"]>, label: RegExp, option: string | RegExp) {
  await chooseOption(scope.getByRole("combobox", { name: label }), option);
}

test.describe.configure({ mode: "serial", timeout: 120_000 });

test("the admin creates a course with the IOU wizard and enrols its cohort", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/create-course/iou");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Créer un cours de l'Université ouverte");
  const wizard = page.getByTestId("wizard");
  await expect(wizard).toContainText("Étape 1 sur 4");
  await expectNoAxeViolations(page);

  // nothing chosen: refused with the fields named
  await wizard.getByRole("button", { name: "Suivant" }).click();
  await expect(wizard.getByText("Ce champ est obligatoire.").first()).toBeVisible();
  await choose(page, wizard, /Filière/, "Droit des affaires");
  await choose(page, wizard, /Niveau/, "L1");
  await wizard.getByRole("button", { name: "Suivant" }).click();

  await expect(wizard).toContainText("Étape 2 sur 4");
  await wizard.getByLabel("Code du cours").fill("mauvais code!");
  await wizard.getByLabel("Intitulé").fill("Droit des contrats OHADA");
  await wizard.getByRole("button", { name: "Suivant" }).click();
  await expect(wizard.getByText("2 à 20 caractères : majuscules, chiffres et tirets.")).toBeVisible();
  await wizard.getByLabel("Code du cours").fill(CODE);
  await expectNoAxeViolations(page);
  await wizard.getByRole("button", { name: "Suivant" }).click();

  await expect(wizard).toContainText("Étape 3 sur 4");
  await choose(page, wizard, /Enseignant/, "Ahmadou Bouba");
  await wizard.getByRole("button", { name: "Suivant" }).click();
  await expect(page.getByTestId("wizard-summary")).toContainText(CODE);
  await expect(page.getByTestId("wizard-summary")).toContainText("Droit des affaires L1");
  await wizard.getByRole("button", { name: "Créer le cours" }).click();

  const done = page.getByTestId("wizard-done");
  await expect(done).toContainText(`Cours ${CODE} créé.`);
  await done.getByRole("button", { name: "Inscrire la promotion" }).click();
  await expect(done.getByTestId("cohort-result")).toContainText(/\d+ inscriptions? créées? : 3 étudiants/);
  await expectNoAxeViolations(page);

  const service = serviceClient();
  const { data: course } = await service.from("courses").select("id, semester_id, level_code").eq("code", CODE).single();
  expect(course?.level_code).toBe("L1");
  const { count } = await service.from("course_enrollments").select("id", { count: "exact", head: true }).eq("course_id", course!.id).eq("status", "active");
  expect(count).toBe(3);
});

test("the extension variant: a pre-recorded certificate has no virtual class", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/en/dashboard/admin/create-course/extension");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an Extension School course");
  const wizard = page.getByTestId("wizard");
  await choose(page, wizard, /Extension programme/, /Pre-recorded lessons/);
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("Course code").fill(`EXT-CRT-${(Date.now() % 900) + 100}`);
  await wizard.getByLabel("Title").fill("Agile project delivery");
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard).toContainText("Pre-recorded lessons (no virtual class)");
  await expect(wizard.getByRole("button", { name: /Virtual class/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("unified course management: filters on the server, a bulk change to the filtered courses, CSV", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/unified-course-management");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestion unifiée des cours");
  const table = page.getByTestId("data-table");
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByTestId("filter-school").selectOption("professional-school");
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await expect(table).toContainText("PRO-CQP-WEB");
  await page.getByTestId("filter-school").selectOption("");

  await page.getByLabel("Rechercher (code ou intitulé)").fill(CODE);
  await page.getByLabel("Rechercher (code ou intitulé)").press("Enter");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table).toContainText("Ahmadou Bouba");
  const bulk = page.getByTestId("bulk-actions");
  await expect(bulk).toContainText("S'applique au cours correspondant aux filtres.");
  await bulk.getByTestId("bulk-action").selectOption("unpublish");
  await bulk.getByRole("button", { name: "Appliquer" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Appliquer" }).click();
  await expect(bulk.getByRole("status")).toHaveText("1 cours modifié.");
  await page.getByTestId("filter-status").selectOption("draft");
  await expect(table).toContainText(CODE);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exporter CSV" }).click();
  expect((await download).suggestedFilename()).toBe("cours.csv");
});

test("the admin opens the course in depth: adds a material, drops a student (kept as dropped); the global timetable filters by school", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/course-management");
  await page.getByLabel("Code ou intitulé").fill(CODE);
  await page.getByRole("button", { name: "Chercher" }).click();
  await page
    .getByTestId("manage-results")
    .getByRole("link", { name: new RegExp(CODE) })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(CODE);
  await expect(page.getByTestId("manage-details")).toContainText("Ahmadou Bouba");
  await expectNoAxeViolations(page);

  const materials = page.getByTestId("manage-materials");
  await materials.getByTestId("add-material").getByText("Lien", { exact: true }).click();
  await materials.getByLabel("Titre").fill("Plan du cours");
  await materials.getByLabel("Adresse (https://…)").fill("pas une adresse");
  await materials.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(materials).toContainText("Donnez une adresse qui commence par https://.");
  await materials.getByLabel("Adresse (https://…)").fill("https://example.org/plan.pdf");
  await materials.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(materials.getByRole("region", { name: "Semaine 1" })).toContainText("Plan du cours");

  const students = page.getByTestId("manage-students");
  await expect(students).toContainText("3 actifs");
  await students
    .getByTestId("enrolment")
    .first()
    .getByRole("button", { name: /Retirer/ })
    .click();
  const withdraw = page.getByRole("alertdialog");
  await withdraw.getByRole("button", { name: "Retirer du cours" }).click();
  await expect(withdraw).toContainText("Donnez un motif de 5 à 500 caractères.");
  await withdraw.getByLabel(/Motif/).fill("Inscrit dans le mauvais groupe");
  await expectNoAxeViolations(page);
  await withdraw.getByRole("button", { name: "Retirer du cours" }).click();
  await expect(students).toContainText("2 actifs");
  await expect(students.getByTestId("enrolment").filter({ hasText: "Retiré" })).toHaveCount(1);

  // one student of another programme, found by name, enrolled with a reason
  await students.getByRole("button", { name: "Inscrire un étudiant" }).click();
  const enrol = page.getByRole("dialog");
  await enrol.getByLabel("Nom ou matricule").fill("Awa Ngono");
  await enrol.getByRole("button", { name: "Chercher" }).click();
  await enrol
    .getByTestId("found-students")
    .getByRole("button", { name: /Awa Ngono/ })
    .click();
  await enrol.getByLabel(/Motif/).fill("Crédit de droit en option");
  await expectNoAxeViolations(page);
  await enrol.getByRole("button", { name: "Inscrire", exact: true }).click();
  await expect(students).toContainText("3 actifs");
  await expect(students.getByTestId("enrolment").filter({ hasText: "Awa Ngono" })).toContainText("Actif");
  await expect(page.getByRole("link", { name: "Planifier les séances" })).toHaveAttribute("href", /advanced-programming\?course=/);

  await page.goto("/dashboard/admin/schedule");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Emploi du temps général");
  await page.getByTestId("filter-school").selectOption({ label: "École professionnelle" });
  await page.getByRole("button", { name: "Calendrier" }).click();
  await expect(page.getByTestId("calendar")).toBeVisible();
  await expect(page.getByTestId("calendar-loading")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("the registrar groups two courses into a new UE, its credits counted", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/course-management");
  await expect(page.getByTestId("manage-count")).toContainText(/\d+ cours/);
  await page.getByRole("tab", { name: "Unités d'enseignement" }).click();
  const units = page.getByTestId("course-units");
  const pick = async (label: string | RegExp, text: string | RegExp) => {
    const select = units.getByLabel(label);
    await select.selectOption((await select.locator("option", { hasText: text }).first().getAttribute("value"))!);
  };
  await pick("Filière", "Droit des affaires");
  await pick("Niveau", /^L1/);
  const unitCode = `UE-${CODE}`;
  await units.getByLabel(/^Code/).fill(unitCode);
  await units.getByRole("textbox", { name: "Crédits (1 à 6)" }).fill("5");
  await units.getByLabel("Intitulé en français").fill("Droit fondamental");
  await units.getByLabel("Intitulé en anglais").fill("Fundamental law");
  await units.getByRole("button", { name: "Créer l'UE" }).click();
  const unit = units.getByTestId("unit").filter({ hasText: unitCode });
  await expect(unit).toContainText("5 crédits");
  for (const code of [CODE, "DRT-L1-101"]) {
    await pick(`Ajouter un cours à l'UE ${unitCode}`, code);
    await unit.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(unit.getByTestId("unit-course").filter({ hasText: code })).toBeVisible();
  }
  await expect(unit.getByTestId("unit-course")).toHaveCount(2);
  await expectNoAxeViolations(page);
});
