// People administration in the browser: the admin creates an account with the teacher
// role (who then signs in to the teacher area), disables an account (which can no longer
// sign in), imports students from CSV after a dry run, filters and exports the students,
// reads the audit log; a teacher sees their students. Axe A/AA on each page in fr and en.
import { expect, test } from "@playwright/test";
import { readFileSync, writeFileSync } from "node:fs";
import { serviceClient } from "./stack.ts";
import { account, expectNoAxeViolations, signIn, signInAs } from "./dashboard.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

test("the admin creates a teacher, who signs in to the teacher area; the change is in the audit log", async ({ page, browser }) => {
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/users");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestion des utilisateurs");
  await expect(page.getByTestId("data-table").locator("tbody tr")).toHaveCount(20);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Créer un compte" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Créer un compte" });
  await dialog.getByRole("button", { name: "Créer le compte" }).click();
  await expect(dialog.getByText("Indiquez le nom complet.")).toBeVisible();
  await dialog.getByLabel("Nom complet").fill("Brigitte Fouda");
  await dialog.getByLabel("Adresse e-mail").fill("brigitte.fouda@example.cm");
  await dialog.getByRole("textbox", { name: "Mot de passe" }).fill("court");
  await dialog.getByRole("button", { name: "Créer le compte" }).click();
  await expect(dialog.getByText("Le mot de passe doit comporter au moins 8 caractères.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Mot de passe" }).fill("Brigitte-Fouda-2026");
  await dialog.getByText("Enseignant", { exact: true }).click();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Créer le compte" }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel("Rechercher par nom ou e-mail").fill("brigitte");
  await page.getByRole("button", { name: "Rechercher", exact: true }).click();
  const row = page.getByTestId("data-table").getByRole("row", { name: /Brigitte Fouda/ });
  await expect(row).toContainText("Enseignant");

  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, "brigitte.fouda@example.cm", "Brigitte-Fouda-2026");
  await expect(other).toHaveURL(/\/dashboard\/teacher$/);
  await context.close();

  await page.getByRole("tab", { name: "Journal d'audit" }).click();
  const log = page.getByRole("tabpanel");
  await expect(log.getByRole("row", { name: /Compte créé.*Brigitte Fouda/ })).toBeVisible();
  await expect(log.getByRole("row", { name: /Rôle donné.*Brigitte Fouda.*Enseignant/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("tab", { name: "Sécurité" }).click();
  const requireMfa = page.getByRole("switch", { name: /Exiger la double authentification/ });
  await expect(requireMfa).not.toBeChecked();
  await expectNoAxeViolations(page);
  // This admin has no second factor: requiring it of every admin would lock them out of the
  // admin area at once (the database asks aal2 of every admin then), so the switch waits
  // until they have proven a factor, and says why.
  await expect(requireMfa).toBeDisabled();
  await expect(page.getByTestId("mfa-require-needs-aal2")).toContainText("activez d'abord la double authentification sur votre propre compte");
  await expect(page.getByTestId("mfa-banner")).toContainText("Protégez votre compte administrateur");
});

test("the admin disables an account, which can no longer sign in", async ({ page, browser }) => {
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/users");
  await page.getByLabel("Rechercher par nom ou e-mail").fill("brigitte");
  await page.getByRole("button", { name: "Rechercher", exact: true }).click();
  await page.getByRole("button", { name: "Actions pour Brigitte Fouda" }).click();
  await page.getByRole("menuitem", { name: "Désactiver le compte" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Désactiver ce compte ?" });
  await confirm.getByRole("button", { name: "Confirmer" }).click();
  await expect(page.getByTestId("data-table").getByRole("row", { name: /Brigitte Fouda/ })).toContainText("Désactivé");

  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, "brigitte.fouda@example.cm", "Brigitte-Fouda-2026");
  await expect(other.getByRole("alert")).toBeVisible();
  await expect(other).toHaveURL(/\/login/);
  await context.close();

  await page.getByRole("tab", { name: "Journal d'audit" }).click();
  await expect(page.getByRole("tabpanel").getByRole("row", { name: /Compte désactivé.*Brigitte Fouda/ })).toBeVisible();
});

test("the CSV import's dry run lists a bad row's error, then imports the good rows", async ({ page }, testInfo) => {
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/users");
  await page.getByRole("button", { name: "Importer des étudiants (CSV)" }).click();
  const dialog = page.getByRole("dialog", { name: "Importer des étudiants" });
  const csv = [
    "full_name,email,phone,programme,level,matricule",
    "Clarisse Import,clarisse.import@example.cm,,software-engineering,L1,",
    "Mauvaise Ligne,pas-un-email,,software-engineering,L7,",
    "Daniel Import,,+237 677 11 22 33,accounting-finance,L2,",
  ].join("\n");
  const file = testInfo.outputPath("students.csv");
  writeFileSync(file, csv);
  await dialog.getByLabel("Fichier CSV").setInputFiles(file);
  await dialog.getByRole("button", { name: "Vérifier (essai à blanc)" }).click();
  const report = dialog.getByTestId("import-report");
  await expect(report.getByText("Lignes valides : 2 sur 3.")).toBeVisible();
  await expect(report.getByRole("row", { name: /Mauvaise Ligne/ })).toContainText("E-mail : adresse e-mail invalide");
  await expect(report.getByRole("row", { name: /Mauvaise Ligne/ })).toContainText("Niveau : niveau attendu");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Importer 2 étudiants" }).click();
  await expect(report.getByText("2 étudiants importés.")).toBeVisible();
  await dialog.getByRole("button", { name: "Fermer" }).last().click();

  await page.goto("/dashboard/admin/students");
  await page.getByTestId("filter-programme").selectOption("software-engineering");
  await expect(page.getByTestId("data-table").getByRole("row", { name: /Clarisse Import/ })).toBeVisible();
  await expect(page.getByTestId("data-table").getByRole("row", { name: /Daniel Import/ })).toHaveCount(0);
});

test("the students page filters by programme on the server and exports CSV", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/students");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Étudiants");
  const table = page.getByTestId("data-table");
  await expect(table.getByRole("row", { name: new RegExp(account("student").fullName) })).toBeVisible();
  // The registrar's queue of identity corrections: the seeded request, refused with a reason
  // (supabase/seeds/20260803000000_registrar_identity.sql).
  const corrections = page.getByTestId("identity-corrections");
  await expect(corrections).toContainText("Epse Tchana");
  await expect(corrections).toContainText("acte de mariage");
  await expectNoAxeViolations(page);
  await corrections.getByRole("button", { name: "Refuser" }).click();
  const refuse = page.getByRole("dialog", { name: "Refuser la correction" });
  await refuse.getByRole("button", { name: "Refuser la demande" }).click();
  await expect(refuse.getByText("Indiquez le motif (2 à 500 caractères).")).toBeVisible();
  await refuse.getByLabel("Motif du refus").fill("Acte de mariage illisible : joignez une copie certifiée.");
  await refuse.getByRole("button", { name: "Refuser la demande" }).click();
  await expect(corrections).toContainText("Aucune demande en attente.");
  await page.getByTestId("filter-programme").selectOption("accounting-finance");
  await expect(table.getByRole("row", { name: new RegExp(account("student").fullName) })).toHaveCount(0);
  await expect(table.locator("tbody tr").first()).toContainText("Comptabilité");
  // Sorted on the server by matricule, descending: the highest number first.
  await table.getByRole("button", { name: "Matricule" }).click();
  await table.getByRole("button", { name: "Matricule" }).click();
  await expect(table.getByRole("columnheader", { name: "Matricule" })).toHaveAttribute("aria-sort", "descending");
  const numbers = await table.locator("tbody tr td:first-child").allTextContents();
  expect(numbers.length).toBeGreaterThan(1);
  expect([...numbers].sort().reverse()).toEqual(numbers);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exporter CSV" }).click();
  const file = await (await download).path();
  const text = readFileSync(file, "utf8");
  expect(text.split("\r\n")[0]).toContain("Matricule;Nom;Programme;Niveau;Statut;Solde");
  expect(text).toContain("Daniel Import");
  expect(text).not.toContain(account("student").fullName);
  await page.getByLabel("Rechercher par nom ou matricule").fill("daniel");
  await page.getByLabel("Rechercher par nom ou matricule").press("Enter");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr")).toContainText("Daniel Import");

  await page.goto("/dashboard/admin/teachers");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enseignants");
  await expect(page.getByTestId("data-table").getByRole("row", { name: new RegExp(account("teacher").fullName) })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the people pages in English pass axe", async ({ page }) => {
  await signInAs(page, "admin", "/en");
  for (const [path, title] of [
    ["/en/dashboard/admin/users", "User management"],
    ["/en/dashboard/admin/students", "Students"],
    ["/en/dashboard/admin/teachers", "Teachers"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByTestId("data-table").locator("tbody tr").first()).not.toHaveAttribute("data-testid", "skeleton-row");
    await expectNoAxeViolations(page);
  }
  await page.goto("/en/dashboard/admin/users");
  await page.getByRole("tab", { name: "Audit log" }).click();
  await expect(page.getByRole("tabpanel").getByRole("row").nth(1)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a teacher sees the students of their courses, filtered by course, with attendance and average", async ({ page }) => {
  const teacher = account("teacher");
  await signIn(page, teacher.email, teacher.password);
  await expect(page).toHaveURL(/\/dashboard\/teacher$/);
  await page.getByRole("navigation", { name: "Navigation de votre espace" }).getByRole("link", { name: "Mes étudiants" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes étudiants");
  const table = page.getByTestId("data-table");
  await expect(table.getByRole("row", { name: new RegExp(account("student").fullName) }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  // Filter by another of the teacher's courses that has students (some demo courses have
  // none): afterwards every row is that course's.
  const service = serviceClient();
  const { data: me } = await service.from("profiles").select("id").eq("full_name", teacher.fullName).single();
  const { data: taught } = await service.from("courses").select("code, course_enrollments!inner(status)").eq("teacher_id", me!.id).eq("course_enrollments.status", "active");
  const withStudents = new Set((taught ?? []).map((c) => c.code as string));
  const firstRow = (await table.locator("tbody tr").first().textContent())!;
  const course = page.getByTestId("filter-course");
  const options = await course.locator("option").evaluateAll((all) => all.map((o) => ({ value: (o as HTMLOptionElement).value, code: (o.textContent ?? "").split(" — ")[0] })));
  const chosen = options.find((o) => o.value && withStudents.has(o.code) && !firstRow.includes(o.code))!;
  expect(chosen, "the demo teacher has two courses with students").toBeTruthy();
  await course.selectOption(chosen.value);
  await expect(table.locator("tbody tr").first()).toContainText(chosen.code);
  await expect(table.locator("tbody tr").filter({ hasNotText: chosen.code })).toHaveCount(0);
  await expect(table.locator("tbody tr").first()).toContainText(/%|—/);

  await page.goto("/en/dashboard/teacher/students");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My students");
  await expect(table.locator("tbody tr").first()).not.toHaveAttribute("data-testid", "skeleton-row");
  await expectNoAxeViolations(page);
});
