// Assignments and reports in the browser: the student hands in a file, the teacher marks
// it with feedback, the student reads the mark; the teacher opens a course's report (chart
// and table) and exports it; the admin opens the institution's report. Axe A/AA on each page. The assignment is the test's own,
// removed afterwards, so the demo data other specs read stays as it was.
import { expect, test } from "@playwright/test";
import { serviceClient } from "./stack.ts";
import { account, expectNoAxeViolations, signedIn } from "./dashboard.ts";


test.describe.configure({ mode: "serial", timeout: 120_000 });

test("the student hands in a file, the teacher marks it with feedback, the student reads the mark", async ({ browser }) => {
  const db = serviceClient();
  const { data: course } = await db.from("courses").select("id").eq("code", "INF-L2-102").single();
  const title = `Devoir e2e ${Date.now() % 100000}`;
  const { data: evaluation } = await db.from("evaluations").insert({ course_id: course!.id, title, kind: "assignment" }).select("id").single();
  const { data: assignment, error } = await db
    .from("assignments")
    .insert({ course_id: course!.id, title, instructions: "Rendez un PDF.", due_at: new Date(Date.now() + 2 * 86_400_000).toISOString(), evaluation_id: evaluation!.id })
    .select("id")
    .single();
  expect(error).toBeNull();
  try {
    const student = await signedIn(browser, "student");
    await student.goto("/dashboard/student/assignments");
    await expect(student.getByRole("heading", { level: 1 })).toHaveText("Mes devoirs");
    const card = student.getByTestId("student-assignment").filter({ hasText: title });
    await expect(card).toContainText("À rendre");
    await expectNoAxeViolations(student);
    await card.getByLabel("Fichiers à rendre").setInputFiles({ name: "copie.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 copie e2e") });
    await card.getByRole("button", { name: "Rendre", exact: true }).click();
    await expect(card.getByRole("status")).toHaveText("Copie rendue.");
    await expect(card).toContainText("Rendu");

    const teacher = await signedIn(browser, "teacher");
    await teacher.goto("/dashboard/teacher/assignments");
    await expect(teacher.getByRole("heading", { level: 1 })).toHaveText("Devoirs");
    await teacher.getByRole("link", { name: `Voir les copies — ${title}` }).click();
    const copy = teacher.getByTestId("student-copy").filter({ hasText: account("student").fullName });
    await expect(copy.getByRole("button", { name: "Télécharger copie.pdf" })).toBeVisible();
    await expectNoAxeViolations(teacher);
    await copy.getByRole("textbox", { name: /^Note sur/ }).fill("15,5");
    await copy.getByLabel("Commentaire").fill("Bonne démarche, concluez davantage.");
    await copy.getByRole("button", { name: `Enregistrer la note de ${account("student").fullName}` }).click();
    await expect(copy).toContainText("Noté : 15,50 / 20");
    const { data: grade } = await db.from("grades").select("score").eq("evaluation_id", evaluation!.id).single();
    expect(Number(grade!.score)).toBe(15.5);

    await student.reload();
    await expect(card.getByTestId("my-mark")).toContainText("Votre note : 15,50 / 20");
    await expect(card.getByTestId("my-mark")).toContainText("Bonne démarche, concluez davantage.");
  } finally {
    const { data: files } = await db.from("assignment_submissions").select("files").eq("assignment_id", assignment!.id);
    const paths = (files ?? []).flatMap((f: { files: string[] }) => f.files);
    if (paths.length) await db.storage.from("submissions").remove(paths);
    await db.from("assignments").delete().eq("id", assignment!.id);
    await db.from("evaluations").delete().eq("id", evaluation!.id);
  }
});

test("the teacher opens a course's report (chart, table, CSV export), the admin the institution's", async ({ browser }) => {
  const teacher = await signedIn(browser, "teacher");
  await teacher.goto("/dashboard/teacher/reports");
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText("Rapports");
  await expect(teacher.getByTestId("distribution-chart").locator("svg")).toBeVisible();
  await expect(teacher.getByTestId("distribution-table").getByRole("row")).toHaveCount(11);
  await expect(teacher.locator("dt", { hasText: "Taux de réussite" })).toBeVisible();
  await expectNoAxeViolations(teacher);
  const download = teacher.waitForEvent("download");
  await teacher.getByRole("button", { name: "Exporter en CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^rapport-INF-.*\.csv$/);

  const admin = await signedIn(browser, "admin");
  await admin.goto("/dashboard/admin/reports");
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Rapports");
  await expect(admin.getByTestId("enrolment-chart").locator("svg")).toBeVisible();
  await expect(admin.getByTestId("institution-table").getByRole("row").nth(1)).toBeVisible();
  await expectNoAxeViolations(admin);
});
