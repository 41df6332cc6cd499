// The demo university holds together as a registrar would sign it (issue 21 §5): the rules
// below run on the seeded stack, so a seed that breaks one fails here, not in a review.
// - LMD: each past semester of a programme and level is 30 credits, its ECs adding up to
//   each UE's credits; this semester's credits are the same on /semestre (the courses) and
//   on the deliberation (the UEs), for every student;
// - progression: a year validated moves the student up a level the next year, a deferred
//   one keeps it there (and out of the next level's courses);
// - one fact per course: the public catalogue (src/content/courses) gives every course the
//   platform teaches in a programme, with the platform's code, credits, title, level,
//   semester, filière and specialty; every public page that shows a code or credits (the
//   filière, specialty and level pages, /courses, the search index) reads them from these
//   files (CourseTable.astro), so checking the files checks every page;
// - files: every course material and assignment handout is a PDF in storage, no made-up link;
// - notifications and the outbox say what their rows say (dates, times, amounts);
// - fees: one date per instalment for the whole year, within the year, after each
//   student's registration, and no payment before it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../fixtures/stack.ts";

const stack = useLocalStack();
const sql = <T = Record<string, unknown>>(query: string, params?: unknown[]) => stack().sql<T>(query, params);
const DEMO = "00000000-0000-4000-a000-000000000001";
const CONTENT = join(import.meta.dirname, "..", "..", "src", "content", "courses", "fr");

let currentSemester = "";
beforeAll(async () => {
  [{ id: currentSemester }] = await sql<{ id: string }>("select id from public.semesters where is_current");
});

describe("credits", () => {
  it("every semester of a past year is 30 credits for each programme and level taught in it, S1 and S2 both", async () => {
    const semesters = await sql<{ year: string; programme: string; level: string; number: number; credits: number }>(
      `with units as (
         -- a course is an EC of its UE, or a UE of its own
         select distinct c.programme_id, c.level_code, c.semester_id,
           coalesce(u.id, c.id) as unit, coalesce(u.credits, c.credits) as credits
         from public.courses c left join public.teaching_units u on u.id = c.teaching_unit_id
         where c.programme_id is not null)
       select y.label as year, p.slug as programme, un.level_code as level, s.number, sum(un.credits)::int as credits
       from units un
       join public.semesters s on s.id = un.semester_id
       join public.academic_years y on y.id = s.academic_year_id
       join public.programmes p on p.id = un.programme_id
       where y.ends_on < (select starts_on from public.academic_years where is_current)
       group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    );
    expect(semesters.length).toBeGreaterThan(0);
    for (const s of semesters) expect(s, `${s.year} ${s.programme} ${s.level} S${s.number}`).toMatchObject({ credits: 30 });
    const years = new Map<string, number[]>();
    for (const s of semesters) years.set(`${s.year} ${s.programme} ${s.level}`, [...(years.get(`${s.year} ${s.programme} ${s.level}`) ?? []), s.number]);
    for (const [year, numbers] of years) expect(numbers, year).toEqual([1, 2]);
  });

  it("the ECs of every UE add up to its credits", async () => {
    const units = await sql<{ code: string; credits: number; ecs: number }>(
      `select u.code, u.credits, coalesce(sum(c.credits), 0)::int as ecs
       from public.teaching_units u left join public.courses c on c.teaching_unit_id = u.id
       group by u.id order by u.code`,
    );
    expect(units.length).toBeGreaterThan(0);
    for (const u of units) expect(u.ecs, u.code).toBe(u.credits);
  });

  it("this semester's credits are the same counted by course (/semestre) and by UE (the deliberation), for every student", async () => {
    const students = await sql<{ student_id: string; courses: number; units: number }>(
      `with mine as (
         select e.user_id, sum(c.credits)::int as credits
         from public.course_enrollments e join public.courses c on c.id = e.course_id
         where c.semester_id = $1 and e.status in ('active', 'completed') group by e.user_id)
       select r.student_id, m.credits as courses, r.credits_total as units
       from public.semester_results($1, 'normal') r join mine m on m.user_id = r.student_id`,
      [currentSemester],
    );
    expect(students.length).toBeGreaterThan(20);
    for (const s of students) expect(s.courses, s.student_id).toBe(s.units);
    // the demo student's L2 semester is a whole one
    expect(students.find((s) => s.student_id === DEMO)).toMatchObject({ courses: 30, units: 30 });
  });
});

describe("progression", () => {
  it("a validated year moves up a level, a deferred one repeats it: never the next level's registration or courses", async () => {
    const students = await sql<{ student_id: string; level: string; next_level: string | null; outcome: string; next_courses_level: string[] | null }>(
      `with last_published as (
         select distinct on (f.student_id, d.semester_id) f.student_id, d.semester_id, f.decision, s.academic_year_id
         from public.frozen_results f
         join public.deliberations d on d.id = f.deliberation_id and d.published_at is not null
         join public.semesters s on s.id = d.semester_id
         order by f.student_id, d.semester_id, (d.session = 'resit') desc),
       outcomes as (
         select student_id, academic_year_id,
           case when bool_and(decision = 'validated') then 'progress' when bool_or(decision = 'deferred') then 'repeat' else 'undecided' end as outcome
         from last_published group by 1, 2)
       select o.student_id, r.level_code as level, n.level_code as next_level, o.outcome,
         (select array_agg(distinct c.level_code) from public.course_enrollments e
          join public.courses c on c.id = e.course_id join public.semesters s on s.id = c.semester_id
          where e.user_id = o.student_id and s.academic_year_id = n.academic_year_id and c.programme_id is not null) as next_courses_level
       from outcomes o
       join public.student_registrations r on r.student_id = o.student_id and r.academic_year_id = o.academic_year_id
       join public.academic_years y on y.id = o.academic_year_id
       left join public.student_registrations n on n.student_id = o.student_id
         and n.academic_year_id = (select id from public.academic_years where starts_on > y.starts_on order by starts_on limit 1)`,
    );
    expect(students.filter((s) => s.outcome === "progress").length).toBeGreaterThan(20);
    expect(students.filter((s) => s.outcome === "repeat").length).toBeGreaterThan(0);
    const LEVELS = ["L1", "L2", "L3", "M1", "M2"];
    const next = (level: string) => LEVELS[LEVELS.indexOf(level) + 1];
    for (const s of students) {
      if (s.next_level === null) continue; // not re-registered (yet)
      if (s.outcome === "progress") expect(s.next_level, s.student_id).toBe(next(s.level));
      else expect(s.next_level, s.student_id).toBe(s.level);
      for (const level of s.next_courses_level ?? []) expect(level, s.student_id).toBe(s.next_level);
    }
  });

  it("a continuing student keeps the matricule of its first registration", async () => {
    const changed = await sql(
      `select r.student_id from public.student_registrations r
       join public.student_registrations before on before.student_id = r.student_id and before.registered_at < r.registered_at
       where before.student_number <> r.student_number`,
    );
    expect(changed).toEqual([]);
  });
});

/** The French files' front matter: the reference (src/content/README.md). */
function contentCourses() {
  return readdirSync(CONTENT)
    .filter((file) => file.endsWith(".md"))
    .map((file) => {
      const text = readFileSync(join(CONTENT, file), "utf8");
      const field = (name: string) => new RegExp(`^${name}:\\s*"?([^"\\n]+)"?`, "m").exec(text)?.[1].trim() ?? null;
      return {
        file,
        code: field("code")!,
        title: field("title")!,
        filiere: field("filiere"),
        specialty: field("specialty"),
        level: field("level")!.toUpperCase(),
        semester: Number(field("semester")),
        credits: Number(field("credits")),
      };
    });
}

describe("one fact per course, on the public site and in the platform", () => {
  it("every course a programme teaches is in the public catalogue, with the platform's code, credits, title, level, semester and place", async () => {
    const taught = await sql<{ code: string; title: string; filiere: string; specialty: string | null; level: string; semester: number; credits: number }>(
      `select c.code, c.title, p.slug as filiere, sp.slug as specialty, c.level_code as level, s.number as semester, c.credits
       from public.courses c
       join public.programmes p on p.id = c.programme_id
       left join public.specialties sp on sp.id = c.specialty_id
       join public.semesters s on s.id = c.semester_id`,
    );
    const site = new Map(contentCourses().map((c) => [c.code, c]));
    expect(taught.length).toBeGreaterThan(30);
    for (const course of taught) {
      const page = site.get(course.code);
      expect(page, `${course.code} has no file in src/content/courses/fr`).toBeDefined();
      const { file: _file, ...facts } = page!;
      expect(facts, course.code).toEqual(course);
    }
  });

  it("no two pages share a code, and a page whose code the platform has gives that course's title and credits", async () => {
    const pages = contentCourses();
    expect(new Set(pages.map((c) => c.code)).size).toBe(pages.length);
    const platform = await sql<{ code: string; title: string; credits: number }>("select code, title, credits from public.courses");
    const courses = new Map(platform.map((c) => [c.code, c]));
    for (const page of pages) {
      const course = courses.get(page.code);
      if (course) expect({ title: page.title, credits: page.credits }, page.code).toEqual({ title: course.title, credits: course.credits });
    }
  });
});

describe("files", () => {
  it("every course material is a PDF in storage, and no material is a link", async () => {
    const materials = await sql<{ storage_path: string | null; kind: string; url: string | null }>("select storage_path, kind, url from public.course_materials");
    expect(materials.length).toBeGreaterThan(20);
    expect(materials.filter((m) => m.kind !== "file")).toEqual([]);
    await expectPdfs(
      "course-materials",
      materials.map((m) => m.storage_path!),
    );
  });

  it("an assignment that sends to its handout has the handout attached, and it is a PDF in storage", async () => {
    const assignments = await sql<{ title: string; instructions: string; attachments: string[] }>("select title, instructions, attachments from public.assignments");
    const mentioning = assignments.filter((a) => /\bfiche\b|\bhandout\b/i.test(a.instructions));
    expect(mentioning.length).toBeGreaterThan(20);
    for (const a of mentioning) expect(a.attachments.length, `${a.title}: ${a.instructions}`).toBeGreaterThan(0);
    await expectPdfs(
      "course-materials",
      assignments.flatMap((a) => a.attachments),
    );
  });

  it("a declared bank slip is its PDF in storage", async () => {
    const slips = await sql<{ slip_path: string }>("select slip_path from public.payments where slip_path is not null");
    expect(slips.length).toBeGreaterThan(0);
    await expectPdfs(
      "bank-slips",
      slips.map((s) => s.slip_path),
    );
  });
});

async function expectPdfs(bucket: string, paths: string[]) {
  const storage = stack().client({ secret: true }).storage.from(bucket);
  for (const path of paths) {
    const { data, error } = await storage.download(path);
    expect(error, `${bucket}/${path}`).toBeNull();
    expect(
      Buffer.from(await data!.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      `${bucket}/${path}`,
    ).toBe("%PDF-");
  }
}

const MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];
/** The date a French sentence gives in words ("le mardi 1er décembre 2026"), as YYYY-MM-DD. */
function dateInWords(text: string): string | null {
  const match = /\ble (?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) (\d{1,2})(?:er)? ([a-zéû]+) (\d{4})/.exec(text);
  if (!match || !MONTHS.includes(match[2])) return null;
  return `${match[3]}-${String(MONTHS.indexOf(match[2]) + 1).padStart(2, "0")}-${match[1].padStart(2, "0")}`;
}
const doualaDay = (instant: string) => new Date(new Date(instant).getTime() + 3_600_000).toISOString().slice(0, 10);
const doualaTime = (instant: string) => new Date(new Date(instant).getTime() + 3_600_000).toISOString().slice(11, 16);

describe("notifications say what their data says", () => {
  type Notice = { type: string; title: string; message: string; data: Record<string, string>; created_at: string };
  let notices: Notice[] = [];
  beforeAll(async () => {
    notices = await sql<Notice>("select type, title, message, data, created_at from public.student_notifications where user_id = $1", [DEMO]);
  });
  const one = (kind: string) => {
    const found = notices.filter((n) => n.data.kind === kind);
    expect(found, kind).toHaveLength(1);
    return found[0];
  };

  it("none is dated in the future, none prints an ISO date", () => {
    for (const n of notices) {
      expect(new Date(n.created_at).getTime(), n.title).toBeLessThanOrEqual(Date.now());
      expect(n.message, n.title).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
  });

  it("an assignment due: the day and time of its deadline, as the worker's reminder says it, and recorded as sent", async () => {
    const n = one("assignment_due");
    const [a] = await sql<{ due_at: string; title: string; reminded: boolean }>(
      "select due_at, title, exists (select 1 from private.assignment_reminders r where r.assignment_id = a.id and r.student_id = $2) as reminded from public.assignments a where id = $1",
      [n.data.assignment_id, DEMO],
    );
    const [year, month, day] = doualaDay(a.due_at).split("-");
    expect(n.message).toContain(`${a.title} est à rendre le ${day}/${month}/${year} à ${doualaTime(a.due_at)}`);
    expect(new Date(n.data.due_at).getTime()).toBe(new Date(a.due_at).getTime());
    expect(a.reminded).toBe(true);
  });

  it("a closure: a day after the announcement, the one its data names", () => {
    const n = one("closure");
    expect(dateInWords(n.message)).toBe(n.data.closed_on);
    expect(n.data.closed_on > doualaDay(n.created_at)).toBe(true);
  });

  it("a pending payment: announced when it was started, for its instalment", async () => {
    const n = one("payment_pending");
    const [p] = await sql<{ created_at: string; status: string; label_fr: string }>(
      "select p.created_at, p.status, fi.label_fr from public.payments p join public.fee_instalments fi on fi.id = p.instalment_id where p.id = $1",
      [n.data.payment_id],
    );
    expect(new Date(n.created_at).getTime()).toBe(new Date(p.created_at).getTime());
    expect(n.message).toContain(p.label_fr);
  });

  it("a published mark: after the mark, of a published evaluation of that course", async () => {
    const n = one("grade_published");
    const [e] = await sql<{ is_published: boolean; course: string; graded_at: string }>(
      `select e.is_published, c.title as course, g.graded_at from public.evaluations e join public.courses c on c.id = e.course_id
       join public.grades g on g.evaluation_id = e.id and g.student_id = $2 where e.id = $1`,
      [n.data.evaluation_id, DEMO],
    );
    expect(e.is_published).toBe(true);
    expect(n.title).toContain(e.course);
    expect(new Date(n.created_at).getTime()).toBeGreaterThanOrEqual(new Date(e.graded_at).getTime());
  });

  it("the registration file complete: on the day of the registration", async () => {
    const n = one("registration");
    const [r] = await sql<{ registered_at: string }>("select registered_at from public.student_registrations where id = $1", [n.data.registration_id]);
    expect(doualaDay(n.created_at)).toBe(doualaDay(r.registered_at));
  });

  it("the outbox: the course-start SMS a quarter of an hour before its session, the receipt when paid, the message e-mails when written", async () => {
    const [sms] = await sql<{ body: string; created_at: string; start_time: string; course: string }>(
      `select o.body, o.created_at, e.start_time, c.title as course from public.outbox_messages o
       join public.schedule_events e on e.id = o.schedule_event_id join public.courses c on c.id = e.course_id
       where o.user_id = $1 and o.kind = 'course_starting'`,
      [DEMO],
    );
    expect(new Date(sms.start_time).getTime() - new Date(sms.created_at).getTime()).toBe(15 * 60_000);
    expect(sms.body).toContain(`${sms.course} commence dans 15 minutes.`);

    const receipts = await sql<{ body: string; created_at: string }>("select body, created_at from public.outbox_messages where user_id = $1 and kind = 'payment'", [DEMO]);
    expect(receipts.length).toBeGreaterThan(0);
    for (const r of receipts) {
      const amount = Number(/(\d[\d\s\u202f]*) FCFA/.exec(r.body)![1].replace(/\D/g, ""));
      const paid = await sql("select 1 from public.payments where student_id = $1 and status = 'succeeded' and amount_xaf = $2 and paid_at = $3", [DEMO, amount, r.created_at]);
      expect(paid, r.body).toHaveLength(1);
    }

    const mails = await sql<{ body: string; created_at: string; user_id: string }>("select body, created_at, user_id from public.outbox_messages where kind = 'message'");
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) {
      const subject = /« (.+) »/.exec(m.body)![1];
      const written = await sql(
        `select 1 from public.messages x join public.conversations c on c.id = x.conversation_id
         join public.conversation_participants p on p.conversation_id = c.id and p.user_id = $3
         where c.subject = $1 and x.created_at = $2 and x.sender_id <> $3`,
        [subject, m.created_at, m.user_id],
      );
      expect(written, m.body).toHaveLength(1);
    }
  });
});

describe("fees", () => {
  it("each instalment falls due on one date for the whole year, within the year, in order", async () => {
    const dates = await sql<{ year: string; position: number; dates: string[]; starts_on: string; ends_on: string }>(
      `select y.label as year, fi.position, array_agg(distinct fi.due_on::text) as dates, y.starts_on::text, y.ends_on::text
       from public.fee_instalments fi join public.fee_schedules fs on fs.id = fi.fee_schedule_id join public.academic_years y on y.id = fs.academic_year_id
       group by y.id, fi.position order by y.label, fi.position`,
    );
    expect(dates.length).toBeGreaterThan(0);
    let previous = "";
    for (const d of dates) {
      expect(d.dates, `${d.year} instalment ${d.position}`).toHaveLength(1);
      expect(d.dates[0] >= d.starts_on && d.dates[0] <= d.ends_on, `${d.year} instalment ${d.position}: ${d.dates[0]}`).toBe(true);
      if (d.position > 1) expect(d.dates[0] > previous, `${d.year} instalment ${d.position}`).toBe(true);
      previous = d.dates[0];
    }
  });

  it("a student is registered before any instalment billed falls due, and pays nothing before registering", async () => {
    const early = await sql(
      `select sf.student_id, fi.due_on, r.registered_at from public.student_fees sf
       join public.fee_schedules fs on fs.id = sf.fee_schedule_id
       join public.fee_instalments fi on fi.fee_schedule_id = fs.id
       join public.student_registrations r on r.student_id = sf.student_id and r.academic_year_id = fs.academic_year_id
       where fi.due_on < r.registered_at::date`,
    );
    expect(early).toEqual([]);
    const prepaid = await sql(
      `select p.id from public.payments p join public.student_fees sf on sf.id = p.student_fee_id
       join public.fee_schedules fs on fs.id = sf.fee_schedule_id
       join public.student_registrations r on r.student_id = p.student_id and r.academic_year_id = fs.academic_year_id
       where p.paid_at < r.registered_at`,
    );
    expect(prepaid).toEqual([]);
  });
});
