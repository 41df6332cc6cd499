// Re-registration and the certificate of enrolment in the browser (issue 13 item 4): the
// admin picks last year's L1 Génie logiciel cohort (supabase/seeds/20260504000000_results.sql),
// sees each student's result and proposal, re-registers the one who repeats and issues her
// certificate; the demo
// student downloads its certificate of enrolment from Mes documents, and the URL its QR code
// carries (read from the PDF) opens the public page that confirms it. Axe A/AA throughout.
// Only the seed's own cohort changes (no other spec reads it).
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { pdfText } from "../fixtures/pdf-text.ts";
import { account, expectNoAxeViolations, signInAs } from "./dashboard.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

test("the admin re-registers a continuing student from the cohort's results", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/student-enrollments");
  const section = page.getByTestId("reregistration");
  await section.getByLabel("Filière").selectOption({ label: "Génie logiciel" });
  await section.getByLabel("Niveau").selectOption("L1");
  const ibrahim = section.getByRole("row", { name: /Ibrahim Bello/ });
  await expect(ibrahim).toContainText("Année validée");
  await expect(ibrahim).toContainText("Passe en L2");
  await expect(section.getByRole("row", { name: /Rodrigue Tchoupo/ })).toContainText("Pas encore décidé");
  const carine = section.getByRole("row", { name: /Carine Fotso/ });
  await expect(carine).toContainText("Ajourné");
  await expect(carine).toContainText("Redouble en L1");
  await expectNoAxeViolations(page);

  await section.getByLabel("Choisir Carine Fotso").check();
  await section.getByRole("button", { name: "Réinscrire les étudiants choisis" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Réinscrire" }).click();
  await expect(section.getByTestId("rereg-results")).toContainText("Carine Fotso : réinscription en L1.");
  await expect(carine).toContainText("Inscrit en L1");
  await expectNoAxeViolations(page);
  // …and issues her certificate of enrolment for the new year.
  const download = page.waitForEvent("download");
  await carine.getByRole("button", { name: /Attestation/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^AI-\d{4}-\d{5}\.pdf$/);
});

test("the student downloads the certificate of enrolment and its QR code's page confirms it", async ({ page }) => {
  await signInAs(page, "student");
  await page.goto("/dashboard/student/documents");
  const certificates = page.getByTestId("enrolment-certificates");
  const download = page.waitForEvent("download");
  await certificates
    .getByRole("button", { name: /Télécharger l'attestation/ })
    .first()
    .click();
  const pdf = await download;
  const number = pdf.suggestedFilename().replace(/\.pdf$/, "");
  expect(number).toMatch(/^AI-\d{4}-\d{5}$/);
  await expect(certificates).toContainText(number);
  // The identity documents print is the registrar's; a correction is asked for, justified.
  const identity = page.getByTestId("my-identity");
  await expect(identity.getByTestId("legal-name")).toHaveText(account("student").fullName);
  await identity.getByRole("button", { name: "Demander une correction" }).click();
  const form = identity.getByTestId("correction-form");
  await form.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(form.getByText("Justifiez la demande (10 à 1000 caractères).")).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Annuler" }).click();
  await expect(identity.getByTestId("correction-form")).toHaveCount(0);

  const text = pdfText(readFileSync(await pdf.path()));
  expect(text).toContain(account("student").fullName);
  const url = /https?:\/\/\S+\/certificates\/verify\/\?c=[0-9a-f]{32}/.exec(text)?.[0];
  expect(url, text).toBeTruthy();
  await page.goto(url!);
  await expect(page.getByRole("status")).toHaveText("Attestation authentique : l'inscription est en cours");
  await expect(page.locator("[data-fact='Numéro']")).toHaveText(number);
  await expect(page.locator("[data-fact='Titulaire']")).toHaveText(account("student").fullName);
  await expect(page.locator("[data-fact='Niveau']")).toHaveText("Licence 2");
  await expectNoAxeViolations(page);
});
