// Marks and results in the browser: the teacher enters marks in the gradebook with the
// keyboard (a refused entry is flagged), publishes the evaluation; the student reads the
// deliberated demo semester (compensation, mention, decision). Axe A/AA in fr and en.
// The gradebook test works on an evaluation of its own, removed afterwards with the
// notices its publication sent, so the demo data other specs read stays as it was.
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { pdfText } from "../fixtures/pdf-text.ts";
import { serviceClient } from "./stack.ts";
import { account, expectNoAxeViolations, signInAs } from "./dashboard.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

test("the teacher enters marks with the keyboard and publishes them", async ({ page }) => {
  const db = serviceClient();
  const { data: course } = await db.from("courses").select("id").eq("code", "INF-L2-101").single();
  const title = `Interrogation e2e ${Date.now() % 100000}`;
  const { data: evaluation, error } = await db.from("evaluations").insert({ course_id: course!.id, title, kind: "continuous" }).select("id").single();
  expect(error).toBeNull();
  try {
    await signInAs(page, "teacher");
    await page.goto("/dashboard/teacher/grades");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carnet de notes");
    await page.getByLabel("Cours", { exact: true }).selectOption(course!.id);
    const student = account("student").fullName;
    const cell = page.getByRole("textbox", { name: `Note de ${student} — ${title}` });
    await expect(cell).toBeVisible();
    await expectNoAxeViolations(page);

    await cell.fill("25");
    await cell.press("Enter");
    await expect(cell).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("status").filter({ hasText: "25 est hors barème, une note va de 0 à 20." })).toBeAttached();
    // said in words under the cell, and what was typed stays
    await expect(cell).toHaveAccessibleDescription(/25 est hors barème/);
    await expect(cell).toHaveValue("25");
    const next = page.locator(":focus");
    await expect(next).toHaveAttribute("aria-label", new RegExp(`— ${title}$`));
    await expect(next).not.toHaveAttribute("aria-label", `Note de ${student} — ${title}`);
    await next.fill("abs");
    await next.press("ArrowUp");
    await expect(cell).toBeFocused();
    await cell.fill("15,5");
    await cell.press("Enter");
    await expect(cell).not.toHaveAttribute("aria-invalid", "true");
    await expect
      .poll(async () => (await db.from("grades").select("score, status").eq("evaluation_id", evaluation!.id).order("status")).data)
      .toEqual([
        { score: null, status: "absent" },
        { score: 15.5, status: "marked" },
      ]);

    await page.getByRole("button", { name: `Publier — ${title}` }).click();
    const dialog = page.getByRole("alertdialog", { name: `Publier « ${title} » ?` });
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Publier" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("columnheader", { name: new RegExp(title) })).toContainText("Publiée");
    const { data: published } = await db.from("evaluations").select("is_published").eq("id", evaluation!.id).single();
    expect(published!.is_published).toBe(true);

    // CSV export, then an import checked by a dry run before anything is written
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Exporter en CSV" }).click();
    const exported = readFileSync(await (await download).path(), "utf8");
    expect(exported).toContain(`ID;Étudiant;`);
    expect(exported).toMatch(new RegExp(`${account("student").fullName};.*15,5`));
    await page.getByRole("button", { name: "Importer un CSV" }).click();
    const importer = page.getByRole("dialog", { name: "Importer des notes (CSV)" });
    const demoId = "00000000-0000-4000-a000-000000000001";
    const csv = (rows: string[]) => ({ name: "notes.csv", mimeType: "text/csv", buffer: Buffer.from([`ID;Étudiant;${title}`, ...rows].join("\r\n")) });
    await importer.getByLabel("Fichier CSV").setInputFiles(csv([`${demoId};${student};16`, ";Personne Inconnue;12", `;${student};vingt`]));
    const report = importer.getByTestId("import-report");
    await expect(report).toContainText("1 modifiée");
    await expect(report).toContainText("Ligne 3 : étudiant introuvable dans ce cours (Personne Inconnue).");
    await expect(report).toContainText("Ligne 4, colonne « " + title + " » : note refusée (vingt).");
    await expect(importer.getByRole("button", { name: /^Importer \d/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await importer.getByLabel("Fichier CSV").setInputFiles(csv([`${demoId};${student};16`]));
    await expect(report).toContainText("1 note déjà publiée sera modifiée");
    await importer.getByRole("button", { name: "Importer 1 note" }).click();
    await expect(importer).toBeHidden();
    await expect(cell).toHaveValue("16");
    const { data: history } = await db.from("grade_history").select("old_score, new_score").eq("evaluation_id", evaluation!.id);
    expect(history).toEqual([{ old_score: 15.5, new_score: 16 }]);

    await page.goto("/en/dashboard/teacher/grades");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gradebook");
    await expect(page.getByTestId("gradebook")).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await db.from("student_notifications").delete().eq("data->>evaluation_id", evaluation!.id);
    await db.from("evaluations").delete().eq("id", evaluation!.id);
  }
});

test("the student reads the deliberated semester, in French and English", async ({ page }) => {
  await signInAs(page, "student");
  await page.goto("/dashboard/student/grades");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes notes et résultats");
  // last year's two semesters are published; the second one has the compensation
  await expect(page.getByTestId("results-semester")).toHaveCount(2);
  const semester = page.getByTestId("results-semester").filter({ hasText: /Semestre 2 \d{4}|Semester 2 \d{4}/ });
  await expect(semester.getByRole("heading", { level: 2 })).toContainText("après rattrapage");
  await expect(semester).toContainText("11,39 / 20");
  await expect(semester).toContainText("30 / 30");
  await expect(semester).toContainText("Semestre validé");
  await expect(semester).toContainText("Passable");
  await expect(semester.getByRole("rowheader", { name: /UE-MAT-102/ })).toContainText("Validée par compensation");
  await expect(page.getByTestId("results-current")).toBeVisible();
  await expectNoAxeViolations(page);

  // the relevé: a numbered PDF whose QR code leads to the public verification page
  const download = page.waitForEvent("download");
  await semester.getByRole("button", { name: /Télécharger le relevé/ }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/^RN-\d{4}-\d{6}\.pdf$/);
  const bytes = readFileSync(await pdf.path());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  // what a registrar signs: identifiers, the registrar's identity, programme, level, each UE
  // with its decision code, the semester's result, the signatory
  const text = pdfText(bytes);
  for (const item of [
    "NIU : M012000012345A",
    "MINESUP",
    account("student").fullName,
    "14 mars 2004, Douala",
    "Filière / Programme",
    "Niveau / Level",
    "UE-MAT-102",
    "CANT",
    "CA",
    "11,39 / 20",
    "Passable / Pass",
    "Semestre validé / Semester passed",
    "Dr Hélène Mbarga",
    "Cheffe du service de la scolarité",
  ])
    expect(text).toContain(item);
  const { data: transcript } = await serviceClient()
    .from("transcripts")
    .select("number, verification_code")
    .eq("number", pdf.suggestedFilename().replace(/\.pdf$/, ""))
    .single();
  await page.goto(`/transcripts/verify/?c=${transcript!.verification_code}`);
  await expect(page.getByRole("status")).toHaveText("Relevé authentique, toujours valable");
  await expect(page.locator("[data-fact='Numéro']")).toHaveText(transcript!.number);
  await expect(page.locator("[data-fact='Titulaire']")).toHaveText(account("student").fullName);
  await expect(page.locator("[data-fact='Moyenne du semestre']")).toHaveText("11,39 / 20");
  await expect(page.locator("[data-fact='Décision']")).toHaveText("Semestre validé");
  await expect(page.locator("[data-fact='UE UE-MAT-102']")).toContainText("CANT");
  await expectNoAxeViolations(page);
  await page.goto(`/en/transcripts/verify/?c=${"0".repeat(32)}`);
  await expect(page.getByRole("status")).toContainText("No transcript matches this code");
  await expectNoAxeViolations(page);

  await page.goto("/en/dashboard/student/grades");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My marks and results");
  await expect(semester).toContainText("11.39 / 20");
  await expect(semester).toContainText("Semester passed");
  await expect(semester.getByRole("rowheader", { name: /UE-MAT-102/ })).toContainText("Passed by compensation");
  await expectNoAxeViolations(page);
});

test("the admin closes a semester's normal session and publishes it", async ({ page }) => {
  const db = serviceClient();
  // A course of its own in this year's second semester (no deliberation there yet: last
  // year's are both closed), one student.
  const { data: semester } = await db
    .from("semesters")
    .select("id, name_fr, year:academic_years!inner(label, is_current)")
    .eq("number", 2)
    .eq("year.is_current", true)
    .order("starts_on", { ascending: false })
    .limit(1)
    .single();
  const { data: school } = await db.from("schools").select("id").eq("slug", "open-university").single();
  const student = "00000000-0000-4000-b000-000000000010";
  const { data: course, error } = await db.from("courses").insert({ code: "E2E-DELIB", title: "Délibération e2e", school_id: school!.id, semester_id: semester!.id }).select("id").single();
  expect(error).toBeNull();
  try {
    await db.from("course_enrollments").insert({ course_id: course!.id, user_id: student, status: "completed" });
    const { data: exam } = await db.from("evaluations").insert({ course_id: course!.id, title: "Examen", kind: "exam", is_published: true }).select("id").single();
    await db.from("grades").insert({ evaluation_id: exam!.id, student_id: student, score: 12.5, status: "marked" });

    await signInAs(page, "admin");
    await page.goto("/dashboard/admin/deliberations");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Délibérations");
    // The current semester (shown first) is not ready: its final exams are to come. The
    // dialog says so and closes nothing without the override and a reason.
    await page.getByRole("button", { name: "Clore la session normale" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Cette session n'est pas prête à être close.");
    await expect(dialog).toContainText("Examen final");
    await dialog.getByRole("button", { name: "Clore la session normale" }).click();
    await expect(dialog).toContainText("Cochez « Clore malgré tout »");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(dialog).toBeHidden();

    await page.getByLabel("Semestre", { exact: true }).selectOption(semester!.id);
    const results = page.getByTestId("deliberation-results");
    await expect(results.getByRole("row", { name: /12,50/ })).toContainText("Semestre validé");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Clore la session normale" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Clore la session normale" }).click();
    await expect(page.getByText(/session normale\s*Close le/)).toBeVisible();
    await page.getByRole("button", { name: "Publier — session normale" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Publier" }).click();
    await expect(page.getByText(/publiée le/)).toBeVisible();
    const { data: frozen } = await db.from("frozen_results").select("average, decision, deliberation:deliberations!inner(semester_id, published_at)").eq("deliberation.semester_id", semester!.id);
    expect(frozen).toHaveLength(1);
    expect(frozen![0]).toMatchObject({ average: 12.5, decision: "validated" });

    // Reopening is the registrar's (an admin at aal2): the dialog says what it does and wants
    // a reason; the demo admin, without a second factor, reads the database's refusal.
    await page.getByRole("button", { name: "Rouvrir la session — session normale" }).click();
    const reopen = page.getByRole("alertdialog");
    await expect(reopen).toContainText("retire ses résultats figés ; ils restent consignés");
    await expect(reopen).toContainText("relevés déjà délivrés");
    await reopen.getByRole("button", { name: "Rouvrir la session" }).click();
    await expect(reopen).toContainText("Indiquez le motif de la réouverture");
    await reopen.getByLabel("Motif de la réouverture").fill("Erreur de saisie signalée par le jury");
    await reopen.getByRole("button", { name: "Rouvrir la session" }).click();
    await expect(reopen).toContainText("seul un administrateur connecté avec la vérification en deux étapes");
    await expectNoAxeViolations(page);
    await reopen.getByRole("button", { name: "Annuler" }).click();
    await expect(page.getByText(/publiée le/)).toBeVisible(); // nothing reopened

    await page.goto("/en/dashboard/admin/deliberations");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deliberations");
    await expectNoAxeViolations(page);
  } finally {
    const { data: sessions } = await db.from("deliberations").select("id").eq("semester_id", semester!.id);
    for (const s of sessions ?? []) await db.from("student_notifications").delete().eq("data->>deliberation_id", s.id);
    await db.from("deliberations").delete().eq("semester_id", semester!.id);
    await db.from("courses").delete().eq("id", course!.id);
  }
});
