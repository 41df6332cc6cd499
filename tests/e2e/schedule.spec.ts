// Timetable and virtual classes in the browser: the teacher plans a weekly series and sees a
// double-booking refused; the student sees the series in the timetable, subscribes to the
// private iCal URL (the feed parses and lists the sessions), joins a session 10 minutes
// before it starts, and the teacher's register shows the join. Axe A/AA on each page.
import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { serviceClient } from "./stack.ts";
import { chooseOption, expectNoAxeViolations, signInAs } from "./dashboard.ts";

const SERIES = `Atelier du dimanche ${Date.now().toString(36)}`;
const LIVE = `Séance e2e ${Date.now().toString(36)}`;
const CLASH = `Séance en conflit ${Date.now().toString(36)}`;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test("the teacher plans a weekly series and sees a double-booking refused", async ({ page }) => {
  await signInAs(page, "teacher");
  await page.goto("/dashboard/teacher/classes/schedule");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Planifier des séances");
  const form = page.getByTestId("plan-form");
  await expectNoAxeViolations(page);
  // the form (date, time and number fields) loads on request, focus in its first field
  await form.getByRole("button", { name: "Planifier une séance ou une série" }).click();
  const courseSelect = form.getByRole("combobox", { name: "Cours" });
  await expect(courseSelect).toBeFocused();
  await expectNoAxeViolations(page);
  await chooseOption(courseSelect, /INF-L2-101/);

  // an empty title is refused on the client
  await form.getByRole("button", { name: "Enregistrer" }).click();
  await expect(form.getByText("Donnez un intitulé (200 caractères au plus).")).toBeVisible();

  await form.getByLabel("Intitulé de la séance").fill(SERIES);
  await chooseOption(form.getByRole("combobox", { name: /Jour de la semaine/ }), "Dimanche");
  const start = form.getByRole("group", { name: "Heure de début (Douala)" });
  await start.getByRole("spinbutton").first().click();
  await page.keyboard.type("2000");
  await form.getByRole("button", { name: "Vérifier" }).click();
  await expect(page.getByTestId("plan-result")).toContainText("Aucun conflit");
  await expect(page.getByTestId("plan-result")).toContainText(/\d+ séances? à créer/);
  await form.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByTestId("plan-result").getByRole("status")).toContainText(/séances? enregistrées?/);
  await expect(page.getByTestId("plan-upcoming")).toContainText(SERIES);

  // the same slot in the teacher's other course: refused, nothing saved
  await chooseOption(courseSelect, /INF-L2-102/);
  await form.getByRole("button", { name: "Enregistrer" }).click();
  const conflicts = page.getByTestId("conflicts");
  await expect(conflicts).toContainText("Conflits : rien n'a été enregistré");
  await expect(conflicts).toContainText("l'enseignant a déjà INF-L2-101");
  await expectNoAxeViolations(page);
});

test("the student sees the series, subscribes to the iCal feed, joins 10 minutes before the start, and the register shows it", async ({ page, browser }) => {
  // a session of the student's course starting in 10 minutes
  const service = serviceClient();
  const { data: course } = await service.from("courses").select("id").eq("code", "INF-L2-101").single();
  const startsAt = Date.now() + 10 * 60_000;
  const { error } = await service.from("schedule_events").insert({
    course_id: course!.id,
    title: LIVE,
    is_online: true,
    start_time: new Date(startsAt).toISOString(),
    end_time: new Date(startsAt + 90 * 60_000).toISOString(),
  });
  expect(error).toBeNull();
  // Two more of the student's courses over the series' first session (a carried-over UE
  // clashes, it happens), the second a short one (as a session running past midnight is cut
  // at the day's end): the calendar keeps every session readable and large enough to tap.
  // Written past the planner, which refuses a clash for a teacher or cohort.
  const { data: first } = await service.from("schedule_events").select("start_time").eq("title", SERIES).order("start_time").limit(1).single();
  const clashAt = Date.parse(first!.start_time);
  const { data: others } = await service.from("courses").select("id").in("code", ["INF-L2-102", "INF-L2-103"]);
  const { error: clashError } = await service.from("schedule_events").insert(
    others!.map((other, index) => ({
      course_id: other.id,
      title: `${CLASH} ${index + 1}`,
      is_online: false,
      start_time: new Date(clashAt + index * 15 * 60_000).toISOString(),
      end_time: new Date(clashAt + index * 15 * 60_000 + (index === 0 ? 45 : 10) * 60_000).toISOString(),
    })),
  );
  expect(clashError).toBeNull();

  await signInAs(page, "student");
  await page.goto("/dashboard/student/schedule");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon emploi du temps");
  const list = page.getByTestId("session-list");
  await expect(list).toContainText(SERIES);
  await expect(page.getByTestId("period")).toContainText("Semaine :");
  await expectNoAxeViolations(page);
  // the week's grid loads on request (FullCalendar's chunk), the list staying below it
  await page.getByRole("button", { name: "Calendrier" }).click();
  await expect(page.getByRole("button", { name: "Calendrier" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("calendar")).toContainText(SERIES);
  await expect(page.getByTestId("calendar")).toContainText(`${CLASH} 2`);
  await expectNoAxeViolations(page);

  // the private calendar link: the feed parses and lists the sessions
  const feed = page.getByTestId("calendar-feed");
  const create = feed.getByRole("button", { name: "Créer mon lien d'abonnement" });
  await create.click();
  const url = await feed.getByLabel("Votre lien d'abonnement (iCal)").inputValue();
  expect(url).toContain("/functions/v1/calendar-feed?token=");
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  const summaries = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v).summary);
  expect(summaries.some((s) => s.includes(SERIES))).toBe(true);
  expect(summaries.some((s) => s.includes(LIVE))).toBe(true);

  // join 10 minutes before: Zoom opens in a new tab (stubbed: outside the machine)
  await page.context().route("https://zoom.us/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>Zoom</title>" }));
  const line = list.getByTestId("session-line").filter({ hasText: LIVE });
  const popup = page.waitForEvent("popup");
  await line.getByRole("link", { name: /Rejoindre/ }).click();
  expect((await popup).url()).toMatch(/^https:\/\/zoom\.us\/j\/\d+/);
  await expect(line.getByRole("status")).toContainText("Présence enregistrée à");

  // the teacher's register shows the join
  const teacherContext = await browser.newContext({ locale: "fr-FR", timezoneId: "Africa/Douala" });
  const teacher = await teacherContext.newPage();
  await signInAs(teacher, "teacher");
  await teacher.goto("/dashboard/teacher/classes");
  const classLine = teacher.getByTestId("teacher-classes").locator("li").filter({ hasText: LIVE });
  await classLine.getByRole("button", { name: /Présences/ }).click();
  const register = teacher.getByRole("dialog");
  const row = register.getByRole("row").filter({ hasText: "Connecté à" });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("combobox")).toHaveValue("present");
  // "Tous présents" fills the rest in one go; exceptions are then changed one by one.
  await register.getByRole("button", { name: "Tous présents" }).click();
  await expect(register.getByText("Les étudiants non notés sont marqués présents.")).toBeVisible();
  await expect(register.locator("select:has(option[value='']:checked)")).toHaveCount(0);
  await expect(register.getByRole("button", { name: "Tous présents" })).toBeDisabled();
  await expectNoAxeViolations(teacher);
  await teacherContext.close();
});

test("the student reads a course page and reviews it; the virtual class page lists the semester's sessions (en)", async ({ page }) => {
  await signInAs(page, "student");
  await page.goto("/dashboard/student/courses");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes cours");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Algorithmique et structures de données" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("INF-L2-101");
  const review = page.getByTestId("review");
  await review.getByRole("radio", { name: "4 sur 5" }).check({ force: true });
  await review.getByLabel("Commentaire (facultatif)").fill("Des exemples très clairs.");
  await review.getByRole("button", { name: "Enregistrer mon avis" }).click();
  await expect(review).toContainText("Moyenne des avis");
  await expectNoAxeViolations(page);

  const semester = (await serviceClient().from("semesters").select("id").eq("is_current", true).single()).data!.id as string;
  await page.goto(`/en/virtual-class/${semester}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Virtual classes");
  await expect(page.getByTestId("virtual-next").getByTestId("virtual-session").first()).toContainText("INF-L2-");
  await expectNoAxeViolations(page);
  await page.goto(`/semestre/${semester}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Semestre");
  await expectNoAxeViolations(page);
});
