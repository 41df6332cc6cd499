// Changing the timetable and sharing materials in the browser: the teacher edits a session
// and the student sees the change on the course page; the teacher uploads a file for a week
// and the student finds it in Mes documents and downloads it; the admin shifts a range of a
// course's sessions in advanced scheduling; the area's other new pages render (proposals,
// extension and professional schools, IOU scheduled courses). Axe A/AA on each page. Rows of their own only
// (unique titles, sessions in 2031 for the shift), so other specs' data is untouched.
import { expect, test } from "@playwright/test";
import { serviceClient } from "./stack.ts";
import { chooseOption, expectNoAxeViolations, signInAs } from "./dashboard.ts";

const run = Date.now().toString(36);
const DAY = 86_400_000;

/** 06:00 in Douala (05:00 UTC), `days` from today: early, away from the other specs' sessions. */
const earlyMorning = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 5, 0);
};

test.describe.configure({ mode: "serial", timeout: 120_000 });

test("the teacher edits a session and the student sees the change", async ({ page, browser }) => {
  const service = serviceClient();
  const { data: course } = await service.from("courses").select("id").eq("code", "INF-L2-102").single();
  const start = earlyMorning(3);
  const title = `Révision ${run}`;
  const inserted = await service
    .from("schedule_events")
    .insert({ course_id: course!.id, title, is_online: true, start_time: new Date(start).toISOString(), end_time: new Date(start + 3_600_000).toISOString() })
    .select("id")
    .single();
  expect(inserted.error).toBeNull();

  await signInAs(page, "teacher");
  await page.goto("/dashboard/teacher/classes/schedule");
  const line = page.getByTestId("plan-upcoming").locator("li").filter({ hasText: title });
  await line.getByRole("button", { name: /Modifier/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Modifier la séance" })).toBeVisible();
  await dialog.getByLabel("Intitulé de la séance").fill(`${title} (salle)`);
  await dialog.getByLabel("En ligne (Zoom ou Teams du cours)").uncheck({ force: true });
  await dialog.getByLabel("Salle").fill("Amphi 300");
  const time = dialog.getByRole("group", { name: "Heure de début (Douala)" });
  await time.getByRole("spinbutton").first().click();
  await page.keyboard.type("0630");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Séance modifiée ; les étudiants sont prévenus.")).toBeVisible();
  const { data: saved } = await service.from("schedule_events").select("title, room, is_online, start_time").eq("id", inserted.data!.id).single();
  expect(saved).toMatchObject({ title: `${title} (salle)`, room: "Amphi 300", is_online: false });
  expect(new Date(saved!.start_time).getTime()).toBe(start + 30 * 60_000);
  // Cancelling asks with two unambiguous buttons; keeping the session keeps it.
  const edited = page
    .getByTestId("plan-upcoming")
    .locator("li")
    .filter({ hasText: `${title} (salle)` });
  await edited.getByRole("button", { name: "Annuler la séance" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByRole("button", { name: "Annuler la séance" })).toBeVisible();
  await confirm.getByRole("button", { name: "Garder la séance" }).click();
  await expect(confirm).toBeHidden();
  await expect(edited).toBeVisible();

  const studentContext = await browser.newContext({ locale: "fr-FR", timezoneId: "Africa/Douala" });
  const student = await studentContext.newPage();
  await signInAs(student, "student");
  await student.goto(`/dashboard/student/courses/${course!.id}`);
  await expect(student.getByText(`${title} (salle)`)).toBeVisible();
  await expect(student.getByText(/06:30/).first()).toBeVisible();
  await studentContext.close();

  // proposing a course: it waits for an admin
  await page.goto("/dashboard/teacher/courses/new");
  await expect(page.getByTestId("proposals")).toContainText("INF-M1-215");
  await expectNoAxeViolations(page);
});

test("the teacher uploads a material and the student finds it in documents", async ({ page, browser }) => {
  const title = `Fiche de TD ${run}`;
  await signInAs(page, "teacher");
  await page.goto("/dashboard/teacher/courses");
  await page.getByRole("link", { name: "Algorithmique et structures de données" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("INF-L2-101");
  await expect(page.getByTestId("lessons-editor")).toContainText("Capsule 1");
  const form = page.getByTestId("add-material");
  await form.getByRole("textbox", { name: "Semaine" }).fill("5");
  await form.getByLabel("Titre").fill(title);
  await form.getByLabel("Fichier (50 Mo au plus)").setInputFiles({ name: "fiche-td.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 fiche de TD") });
  await form.getByRole("button", { name: "Ajouter" }).click();
  await expect(page.getByText("Support ajouté ; vos étudiants le voient")).toBeVisible();
  await expect(page.getByTestId("teacher-materials").getByRole("region", { name: "Semaine 5" })).toContainText(title);
  await expectNoAxeViolations(page);

  const studentContext = await browser.newContext({ locale: "fr-FR", timezoneId: "Africa/Douala" });
  const student = await studentContext.newPage();
  await signInAs(student, "student");
  await student.goto("/dashboard/student/documents");
  await expect(student.getByRole("heading", { level: 1 })).toHaveText("Mes documents");
  const materials = student.getByTestId("my-materials");
  await materials.getByLabel("Rechercher un support").fill(`fiche de td ${run}`);
  await expect(materials.getByRole("status")).toHaveText("1 support");
  const row = materials.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("INF-L2-101");
  const download = student.waitForEvent("download");
  await row.getByRole("button", { name: /Télécharger/ }).click();
  expect((await download).suggestedFilename()).toBe("fiche-td.pdf");
  await expect(student.getByTestId("official-documents")).toContainText("Reçus de paiement");
  await expectNoAxeViolations(student);
  await studentContext.close();
});

test("the admin shifts a range of a course's sessions in advanced scheduling", async ({ page }) => {
  const service = serviceClient();
  const { data: course } = await service.from("courses").select("id").eq("code", "INF-M1-201").single();
  // Mondays 2–16 June 2031, 08:00 in Douala
  const mondays = [2, 9, 16].map((d) => Date.UTC(2031, 5, d, 7, 0));
  const rows = mondays.map((t, i) => ({
    course_id: course!.id,
    title: `Séminaire ${run} ${i + 1}`,
    is_online: true,
    start_time: new Date(t).toISOString(),
    end_time: new Date(t + 7_200_000).toISOString(),
  }));
  const inserted = await service.from("schedule_events").insert(rows).select("id, title");
  expect(inserted.error).toBeNull();

  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/advanced-programming");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Programmation avancée");
  const form = page.getByTestId("shift-form");
  await form.getByRole("button", { name: "Décaler des séances" }).click();
  await chooseOption(form.getByRole("combobox", { name: /Cours/ }), /INF-M1-201/);
  // from 5 to 20 June: the second and third sessions
  await form.getByRole("group", { name: "Du" }).getByRole("spinbutton").first().click();
  await page.keyboard.type("05062031");
  await form.getByRole("group", { name: "Au" }).getByRole("spinbutton").first().click();
  await page.keyboard.type("20062031");
  await form.getByRole("textbox", { name: "Décalage (jours)" }).fill("2");
  await form.getByRole("textbox", { name: "Décalage (minutes)" }).fill("30");
  await form.getByRole("button", { name: "Aperçu" }).click();
  const result = page.getByTestId("shift-result");
  await expect(result).toContainText("2 séances seront décalées");
  await expect(result).toContainText("Aucun conflit");
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Décaler" }).click();
  await expect(result.getByRole("status")).toHaveText("2 séances décalées ; les étudiants sont prévenus.");

  const { data: after } = await service
    .from("schedule_events")
    .select("title, start_time")
    .in(
      "id",
      inserted.data!.map((r) => r.id),
    )
    .order("title");
  const shift = 2 * DAY + 30 * 60_000;
  expect(after!.map((r) => new Date(r.start_time).getTime())).toEqual([mondays[0], mondays[1] + shift, mondays[2] + shift]);

  // the other admin pages of the area render their demo content, accessibly
  for (const [path, testId, text] of [
    ["/dashboard/admin/extension-school", "extension-programmes", "EXT-CRT-101"],
    ["/dashboard/admin/professional-school", "internships", "Orange Cameroun"],
    ["/dashboard/admin/iou-scheduled-courses", "iou-days", "INF-L2-101"],
    ["/dashboard/admin/unified-course-management", "course-proposals", "INF-M1-215"],
  ]) {
    await page.goto(path);
    await expect(page.getByTestId(testId)).toContainText(text);
    await expectNoAxeViolations(page);
  }
});
