// /admin/zoom in the browser: the admin sets the default platform of new courses, creates
// a course's meeting with the simulator (labelled as simulated), and saves Zoom credentials
// whose secret is never shown back; axe A/AA in fr, and the page in English. A teacher
// creates their course's meeting from teacher/classes.
import { expect, test } from "@playwright/test";
import { serviceClient } from "./stack.ts";
import { expectNoAxeViolations, signedIn, signInAs } from "./dashboard.ts";

const CODE = "ZOOM-E2E-1";
const SECRET = "e2eZoomClientSecretValue42";
const TEACHER_CODE = "ZOOM-E2E-2";

test.describe.configure({ mode: "serial", timeout: 120_000 });

test("the admin sets the default platform, creates a course's meeting with the simulator and saves Zoom credentials", async ({ page }) => {
  // A course of this test's own, so demo courses keep their meetings.
  const db = serviceClient();
  const { data: school } = await db.from("courses").select("school_id").eq("code", "INF-L2-101").single();
  await db.from("courses").delete().eq("code", CODE);
  const { error } = await db.from("courses").insert({ code: CODE, title: "Visioconférence de test", school_id: school!.school_id, meeting_platform: "zoom" });
  expect(error).toBeNull();

  await signInAs(page, "admin");
  await expect(page.getByTestId("admin-figures")).toContainText(/Séances en ligne sans réunion \(7 jours\)\s*\d+/);
  await page.getByRole("navigation", { name: "Navigation de votre espace" }).getByRole("link", { name: "Zoom et Teams" }).click();
  await expect(page).toHaveURL(/\/admin\/zoom$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Visioconférence (Zoom)");

  // Default platform: in person, kept after a reload, then back to Zoom.
  const platform = page.getByTestId("default-platform");
  await platform.getByText("En présentiel", { exact: true }).click();
  await platform.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Enregistré").first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("default-platform").getByRole("radio", { name: "En présentiel" })).toBeChecked();
  await page.getByTestId("default-platform").getByText("Zoom", { exact: true }).click();
  await page.getByTestId("default-platform").getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByTestId("default-platform").getByRole("radio", { name: "Zoom" })).toBeChecked();

  // No credentials: the simulator creates the meeting, and says so.
  await expect(page.getByTestId("zoom-status")).toContainText("Non configurés");
  const create = page.getByTestId("create-meeting");
  await create.getByLabel("Rechercher un cours (code ou intitulé)").fill(CODE);
  const row = create.getByTestId("meeting-course").filter({ hasText: CODE });
  await expect(create.getByTestId("meeting-course")).toHaveCount(1);
  await expect(row).toContainText("Aucune");
  await row.getByRole("button", { name: `Créer la réunion · ${CODE}` }).click();
  const summary = create.getByTestId("meeting-created");
  await expect(summary).toContainText(`Réunion créée pour ${CODE}`);
  await expect(summary).toContainText("Simulé");
  await expect(summary).toContainText(/https:\/\/zoom\.us\/j\/\d{11}\?pwd=\d{6}/);
  await expect(row.getByRole("link", { name: `Lien d'animateur · ${CODE}` })).toHaveAttribute("href", /^https:\/\/zoom\.us\/s\/\d{11}/);
  await expect(row.getByRole("button", { name: `Recréer la réunion · ${CODE}` })).toBeVisible();
  const { data: course } = await db.from("courses").select("zoom_meeting_id, zoom_passcode").eq("code", CODE).single();
  expect(course!.zoom_meeting_id).toMatch(/^\d{11}$/);
  await expectNoAxeViolations(page);

  // Credentials: a bad id refused on the page; saved ones are never shown back.
  const credentials = page.getByTestId("zoom-credentials");
  await credentials.getByLabel("Account ID").fill("a b");
  await credentials.getByLabel("Client ID").fill("e2eClientId");
  await credentials.getByLabel("Client secret").fill(SECRET);
  await credentials.getByRole("button", { name: "Enregistrer les identifiants" }).click();
  await expect(credentials.getByText("4 à 100 lettres, chiffres, tirets ou soulignés.")).toBeVisible();
  await credentials.getByLabel("Account ID").fill("e2eAccount7Xq9");
  await credentials.getByRole("button", { name: "Enregistrer les identifiants" }).click();
  await expect(page.getByTestId("zoom-status")).toContainText("Compte se terminant par « 7Xq9 »");
  await expect(page.getByTestId("zoom-status")).toContainText("Jamais testés.");
  await expect(credentials.getByLabel("Client secret")).toHaveValue("");
  expect(await page.content()).not.toContain(SECRET);
  await expectNoAxeViolations(page);

  // Removed again: the other tests of the run keep the simulator.
  await credentials.getByRole("button", { name: "Supprimer les identifiants" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByTestId("zoom-status")).toContainText("Non configurés");
  await db.from("courses").delete().eq("code", CODE);
});

test("the page in English, and a teacher creates a course's Zoom meeting from their classes", async ({ page, browser }) => {
  await signInAs(page, "admin", "/en");
  await page.goto("/en/admin/zoom");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Video meetings (Zoom)");
  await expect(page.getByRole("heading", { name: "Zoom credentials (Server-to-Server OAuth)" })).toBeVisible();
  await expect(page.getByTestId("default-platform").getByRole("radio", { name: "In person" })).toBeVisible();
  await expect(page.getByTestId("zoom-status")).toContainText("Not configured");
  await expectNoAxeViolations(page);

  // The demo teacher's own course with an online session tomorrow and no meeting yet.
  const db = serviceClient();
  const { data: owner } = await db.from("courses").select("school_id, teacher_id").eq("code", "INF-L2-101").single();
  await db.from("courses").delete().eq("code", TEACHER_CODE);
  const { data: course } = await db
    .from("courses")
    .insert({ code: TEACHER_CODE, title: "Atelier Zoom", school_id: owner!.school_id, teacher_id: owner!.teacher_id, meeting_platform: "zoom" })
    .select("id")
    .single();
  const start = new Date(Date.now() + 26 * 3_600_000);
  await db.from("schedule_events").insert({ course_id: course!.id, title: "Atelier", start_time: start.toISOString(), end_time: new Date(start.getTime() + 3_600_000).toISOString(), is_online: true });

  const other = await signedIn(browser, "teacher");
  await other.goto("/dashboard/teacher/classes");
  const line = other.getByTestId("teacher-classes").getByRole("listitem").filter({ hasText: TEACHER_CODE });
  await line.getByRole("button", { name: `Créer la réunion Zoom : ${TEACHER_CODE}` }).click();
  await expect(line.getByText(/Réunion \d{11} créée \(simulée/)).toBeVisible();
  await expect(line).toContainText(/ID : \d{11}/);
  await expect(line.getByRole("link", { name: /Démarrer|Start/ })).toHaveAttribute("href", /^https:\/\/zoom\.us\/s\/\d{11}/);
  await expectNoAxeViolations(other);
  await other.context().close();
  await db.from("courses").delete().eq("code", TEACHER_CODE);
});
