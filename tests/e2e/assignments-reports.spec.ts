// Assignments and reports in the browser: the student's home lists the assignment among its
// deadlines and shows the latest published marks (French and English); the student hands in
// a file and the assignment leaves the home's deadlines; the teacher marks it with feedback,
// the student reads the mark; the teacher opens a course's report (chart and table) and
// exports it; the admin opens the institution's report. Axe A/AA on each page. The
// assignment is the test's own, removed afterwards, so the demo data other specs read stays
// as it was.
import { expect, test, type Page } from "@playwright/test";
import type { SupabaseClient } from "@supabase/supabase-js";
import { formatMark } from "../../src/lib/format.ts";
import { serviceClient } from "./stack.ts";
import { account, expectNoAxeViolations, signedIn } from "./dashboard.ts";

// The demo student's id (supabase/seed.sql).
const DEMO_STUDENT = "00000000-0000-4000-a000-000000000001";
const HOME = {
  fr: { path: "/dashboard/student", deadlines: "Prochaines échéances", marks: "Dernières notes publiées", absent: "Absent", excused: "Excusé" },
  en: { path: "/en/dashboard/student", deadlines: "Next deadlines", marks: "Latest published marks", absent: "Absent", excused: "Excused" },
} as const;

/**
 * A home block once loaded: rendered (before the page hydrates there is no block, and no
 * item to find), its skeleton gone, and no error in place of its content.
 */
async function loadedBlock(page: Page, title: string) {
  const block = page.getByRole("region", { name: title });
  await expect(block).toBeVisible();
  await expect(block.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(block.getByRole("alert")).toHaveCount(0);
  return block;
}

/**
 * The home's "latest published marks" shows the demo student's seeded marks: course,
 * evaluation and score of the latest five. Many seeded marks share a grading date, so each
 * row shown must be one of the marks graded no earlier than the fifth latest.
 */
async function expectLatestMarks(page: Page, db: SupabaseClient, locale: "fr" | "en") {
  const { data, error } = await db
    .from("grades")
    .select("score, status, graded_at, evaluation:evaluations!inner(title, is_published, course:courses!evaluations_course_id_fkey(title))")
    .eq("student_id", DEMO_STUDENT)
    .eq("evaluation.is_published", true)
    .order("graded_at", { ascending: false });
  expect(error).toBeNull();
  type Row = { score: number | null; status: string; graded_at: string; evaluation: { title: string; course: { title: string } } };
  const rows = data as unknown as Row[];
  expect(rows.length).toBeGreaterThan(0);
  const shown = Math.min(5, rows.length);
  const cutoff = new Date(rows[shown - 1].graded_at).getTime();
  const t = HOME[locale];
  const candidates = rows
    .filter((r) => new Date(r.graded_at).getTime() >= cutoff)
    .map((r) => {
      const mark = r.status === "absent" ? t.absent : r.status === "excused" ? t.excused : `${formatMark(locale, Number(r.score))}/20`;
      return `${r.evaluation.course.title}${r.evaluation.title}${mark}`;
    });
  const block = await loadedBlock(page, t.marks);
  const items = block.getByTestId("latest-marks").getByRole("listitem");
  await expect(items).toHaveCount(shown);
  for (const text of await items.allTextContents()) expect(candidates).toContain(text.trim());
}

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
    // signedIn lands on the student's home: the new assignment is due, the marks are there
    const student = await signedIn(browser, "student");
    const deadline = (await loadedBlock(student, HOME.fr.deadlines)).getByRole("listitem").filter({ hasText: title });
    await expect(deadline).toHaveCount(1);
    await expect(deadline).toContainText("Devoir ·");
    await expect(deadline).toContainText("Bases de données relationnelles — À rendre le");
    await expectLatestMarks(student, db, "fr");
    await expectNoAxeViolations(student);

    await student.goto("/dashboard/student/assignments");
    await expect(student.getByRole("heading", { level: 1 })).toHaveText("Mes devoirs");
    const card = student.getByTestId("student-assignment").filter({ hasText: title });
    await expect(card).toContainText("À rendre");
    await expectNoAxeViolations(student);
    await card.getByLabel("Fichiers à rendre").setInputFiles({ name: "copie.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 copie e2e") });
    await card.getByRole("button", { name: "Rendre", exact: true }).click();
    await expect(card.getByRole("status")).toHaveText("Copie rendue.");
    await expect(card).toContainText("Rendu");
    // handed in: gone from the home's deadlines (in French and in English)
    await student.goto(HOME.fr.path);
    await expect((await loadedBlock(student, HOME.fr.deadlines)).getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
    await student.goto(HOME.en.path);
    await expect((await loadedBlock(student, HOME.en.deadlines)).getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
    await expectLatestMarks(student, db, "en");
    await student.goto("/dashboard/student/assignments");

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
