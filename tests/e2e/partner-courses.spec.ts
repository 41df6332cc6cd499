// Harvard Online partner courses in the browser: the admin adds a one-seat course, the demo
// student asks for a seat on student/courses, the admin approves it on /admin/harvard-online
// and sees the course full; approving a request of the seeded full course shows the "course
// full" message and changes nothing. Axe A/AA on each page, fr then en. The course is this
// run's own (unique code); the seeded rows are only read (the refused approval changes none).
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, signInAs } from "./dashboard.ts";

const run = Date.now().toString(36).toUpperCase();
const DAY = 86_400_000;
const isoDay = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

test.describe.configure({ timeout: 120_000 });

test("a student asks for a seat in a new partner course, the admin approves it; a full course refuses", async ({ page, browser }) => {
  const code = `E2E-${run}`;
  const title = `Negotiation Mastery ${run}`;

  // the admin adds a one-seat course
  await signInAs(page, "admin");
  await expect(page.getByTestId("admin-figures")).toContainText(/Demandes Harvard Online à traiter\s*\d+/);
  await page.goto("/dashboard/admin/harvard-online");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cours Harvard Online");
  await expect(page.getByRole("listitem", { name: /HO-DS-ML/ }).getByTestId("seats")).toHaveText("2 / 2 places");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Nouveau cours partenaire" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau cours partenaire" });
  await dialog.getByLabel("Code").fill(code);
  await dialog.getByLabel("Intitulé").fill(title);
  await dialog.getByLabel("Lien vers le cours (https)").fill("http://online.hbs.edu/courses/negotiation/");
  await dialog.getByLabel("Début (AAAA-MM-JJ)").fill(isoDay(20));
  await dialog.getByLabel("Fin (AAAA-MM-JJ)").fill(isoDay(80));
  await dialog.getByRole("textbox", { name: "Nombre de places" }).fill("1");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("Une adresse https:// complète.")).toBeVisible();
  await dialog.getByLabel("Lien vers le cours (https)").fill("https://online.hbs.edu/courses/negotiation/");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole("listitem", { name: new RegExp(code) });
  await expect(card.getByTestId("seats")).toHaveText("0 / 1 place");

  // the student asks for a seat
  const context = await browser.newContext();
  const student = await context.newPage();
  await signInAs(student, "student");
  await student.goto("/dashboard/student/courses");
  const section = student.getByTestId("student-partner-courses");
  await expect(section.getByRole("heading", { name: "Cours partenaires (Harvard Online)" })).toBeVisible();
  await expect(section.getByRole("listitem", { name: "Leadership Principles" })).toContainText("Ma demande : Approuvée");
  const offer = section.getByRole("listitem", { name: title });
  await expect(offer).toContainText("1 place restante");
  await offer.getByRole("button", { name: /Demander une place/ }).click();
  const ask = student.getByRole("dialog", { name: `Demander une place : ${title}` });
  await ask.getByLabel(/Votre motivation/).fill("Court");
  await ask.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(ask.getByText("Au moins 10 caractères.")).toBeVisible();
  await ask.getByLabel(/Votre motivation/).fill("Je négocie les partenariats de notre association étudiante.");
  await ask.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(ask).toBeHidden();
  await expect(offer).toContainText("Ma demande : Demandée");
  await expectNoAxeViolations(student);

  // the admin approves it on the requests queue: the course is then full
  await card.getByRole("link", { name: /Voir les demandes/ }).click();
  await expect(page).toHaveURL(/\/admin\/harvard-online\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demandes Harvard Online");
  const summary = page.getByTestId("seat-summary");
  await expect(summary).toContainText(`${code} : 0 / 1 place`);
  const table = page.getByTestId("data-table");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expectNoAxeViolations(page);
  await table.getByRole("button", { name: "Approuver : Awa Ngono" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 demande mise à jour." })).toBeVisible();
  await expect(summary).toContainText(`${code} : 1 / 1 place`);
  await expect(table.locator("tbody tr").first()).toContainText("Approuvée");

  // the seeded full course: approving the demo student's waiting request is refused
  await page.getByTestId("filter-course").selectOption({ label: "HO-DS-ML · Data Science: Machine Learning" });
  await page.getByTestId("filter-status").selectOption({ label: "Liste d'attente" });
  const tick = table.getByRole("checkbox", { name: "Sélectionner la demande de Awa Ngono" });
  await tick.focus();
  await page.keyboard.press("Space");
  await expect(tick).toBeChecked();
  await page.getByRole("button", { name: "Approuver la sélection (1)" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Cours complet : 2 places sur 2 déjà attribuées." })).toBeVisible();
  await expect(table.locator("tbody tr")).toContainText(["Liste d'attente"]);
  await expectNoAxeViolations(page);

  // in English: the queue and the student's section
  await page.goto("/en/admin/harvard-online");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Harvard Online requests");
  await expect(page.getByRole("link", { name: "Partner courses" })).toBeVisible();
  await expectNoAxeViolations(page);
  await student.goto("/en/dashboard/student/courses");
  await expect(student.getByTestId("student-partner-courses").getByRole("listitem", { name: title })).toContainText("My request: Approved");
  await context.close();
});
