// Marks under real concurrency (issue 20 §10), on real PostgreSQL: PGlite runs one
// statement at a time, so only here do the row locks that order mark writes and closing
// actually meet.
//
// * A teacher saving marks while an admin closes the session: every change lands before
//   the freeze (and is in the frozen results) or is refused; none lands after. The
//   invariant: once everything has settled, the frozen results equal what the engine
//   computes from the grades table now.
// * The same mark saved twice at once: one value wins, both changes are in grade_history.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { DEMO, outcomes, startHostedDb, type HostedDb } from "../../fixtures/hosted-db.ts";

let h: HostedDb;
let school = "";
let students: string[] = [];
let seq = 0;

const teacher = { role: "authenticated", sub: DEMO.teacher } as const;
const admin = { role: "authenticated", sub: DEMO.admin } as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  h = await startHostedDb();
  school = (await h.owner.query("select id from public.schools where slug = 'open-university'")).rows[0].id;
  students = (await h.owner.query("select user_id from public.user_roles where role = 'student' and user_id::text like '00000000-0000-4000-b000-%' order by user_id limit 12")).rows.map(
    (r) => r.user_id,
  );
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

/** A semester of its own: one course of the demo teacher, a published CC and exam, every student marked 10. */
async function markedSemester(): Promise<{ semester: string; cc: string }> {
  seq += 1;
  const start = 2090 + seq;
  const {
    rows: [{ id: year }],
  } = await h.owner.query("insert into public.academic_years (label, starts_on, ends_on) values ($1, make_date($2, 9, 1), make_date($2 + 1, 7, 31)) returning id", [`${start}-${start + 1}`, start]);
  const {
    rows: [{ id: semester }],
  } = await h.owner.query(
    `insert into public.semesters (academic_year_id, number, name_fr, name_en, starts_on, ends_on)
     values ($1, 1, 'S conc', 'S conc', make_date($2, 9, 15), make_date($2 + 1, 2, 10)) returning id`,
    [year, start],
  );
  const {
    rows: [{ id: course }],
  } = await h.owner.query("insert into public.courses (code, title, school_id, semester_id, teacher_id) values ($1, 'Concurrence', $2, $3, $4) returning id", [
    `CONC-${seq}`,
    school,
    semester,
    DEMO.teacher,
  ]);
  for (const s of students) await h.owner.query("insert into public.course_enrollments (course_id, user_id, status) values ($1, $2, 'active')", [course, s]);
  const evaluation = async (kind: string) =>
    (await h.owner.query("insert into public.evaluations (course_id, title, kind, held_on, is_published) values ($1, $2, $2, current_date - 30, true) returning id", [course, kind])).rows[0]
      .id as string;
  const cc = await evaluation("continuous");
  const exam = await evaluation("exam");
  await h.owner.query("insert into public.grades (evaluation_id, student_id, score) select e, s, 10 from unnest($1::uuid[]) e, unnest($2::uuid[]) s", [[cc, exam], students]);
  return { semester, cc };
}

const save = (db: pg.Client, evaluation: string, student: string, score: number) =>
  db.query(
    `insert into public.grades (evaluation_id, student_id, score, status) values ($1, $2, $3, 'marked')
     on conflict (evaluation_id, student_id) do update set score = excluded.score, status = excluded.status`,
    [evaluation, student, score],
  );

const close = (semester: string, hold = 0) =>
  h.actAs(admin, async (db) => {
    const {
      rows: [{ id }],
    } = await db.query("select public.close_deliberation($1, 'normal') as id", [semester]);
    if (hold) await db.query("select pg_sleep($1)", [hold / 1000]);
    return id as string;
  });

/** Frozen results against the engine on the grades as they are now (the owner sees all). */
async function expectFrozenEqualsGrades(semester: string) {
  const { rows } = await h.owner.query(
    `select count(*)::int as students,
            count(*) filter (where f.average is not distinct from r.average and f.decision = r.decision
                                   and f.units = r.units)::int as equal
     from public.deliberations d
     join public.frozen_results f on f.deliberation_id = d.id
     join public.semester_results($1, 'normal') r on r.student_id = f.student_id
     where d.semester_id = $1 and d.reopened_at is null`,
    [semester],
  );
  expect(rows[0]).toEqual({ students: students.length, equal: students.length });
}

const score = async (evaluation: string, student: string) =>
  Number((await h.owner.query("select score from public.grades where evaluation_id = $1 and student_id = $2", [evaluation, student])).rows[0].score);

describe("a teacher saving marks while an admin closes the session", () => {
  it("a save under way when the close starts is frozen with the rest", async () => {
    const { semester, cc } = await markedSemester();
    const saving = h.actAs(teacher, async (db) => {
      await save(db, cc, students[0], 18);
      await db.query("select pg_sleep(0.4)"); // still uncommitted when the close starts
    });
    await sleep(100);
    const [saved, closed] = await Promise.allSettled([saving, close(semester)]);
    expect(saved.status).toBe("fulfilled");
    expect(closed.status).toBe("fulfilled");
    expect(await score(cc, students[0])).toBe(18);
    await expectFrozenEqualsGrades(semester);
  });

  it("a save that starts while the close is under way is refused, not written after it", async () => {
    const { semester, cc } = await markedSemester();
    const closing = close(semester, 400); // holds the semester until it commits
    await sleep(100);
    const saving = h.actAs(teacher, (db) => save(db, cc, students[0], 19));
    const { ok, errors } = await outcomes<unknown>([closing, saving]);
    expect(ok).toHaveLength(1);
    expect(errors).toEqual([expect.stringMatching(/frozen/)]);
    expect(await score(cc, students[0])).toBe(10);
    await expectFrozenEqualsGrades(semester);
  });

  it("a burst of saves racing a close: each lands before the freeze or is refused", async () => {
    const { semester, cc } = await markedSemester();
    const saves = students.map((s, i) => h.actAs(teacher, (db) => save(db, cc, s, 11 + (i % 9))));
    const closing = close(semester);
    const { errors } = await outcomes<unknown>(saves);
    await closing;
    for (const e of errors) expect(e).toMatch(/frozen/);
    await expectFrozenEqualsGrades(semester);
    // every save that went through changed a published mark: one history row each, no more
    const {
      rows: [{ n }],
    } = await h.owner.query("select count(*)::int as n from public.grade_history where evaluation_id = $1", [cc]);
    expect(n).toBe(students.length - errors.length);
  });
});

describe("the same mark saved twice at once", () => {
  it("one value wins and both changes are in the history", async () => {
    const { cc } = await markedSemester();
    const student = students[1];
    const both = await outcomes([14, 16].map((value) => h.actAs(teacher, (db) => save(db, cc, student, value))));
    expect(both.errors).toEqual([]);
    const final = await score(cc, student);
    expect([14, 16]).toContain(final);
    const { rows } = await h.owner.query("select old_score::float as old, new_score::float as new, changed_by from public.grade_history where evaluation_id = $1 and student_id = $2 order by id", [
      cc,
      student,
    ]);
    expect(rows).toEqual([
      { old: 10, new: 30 - final, changed_by: DEMO.teacher },
      { old: 30 - final, new: final, changed_by: DEMO.teacher },
    ]);
  });
});
