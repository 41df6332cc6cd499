// npm run bench:schedule — planning a semester of 500 sessions (issue 11): the timetable
// page's rules in the browser (25 weekly series over a 21-week semester, cut at 500 with holidays
// skipped, then the double-booking check against 2,000 booked sessions), and the same 500
// saved in one create_sessions call on a fresh local stack (its own overlap checks in SQL,
// then the inserts), as a teacher's request runs it.
import { randomUUID } from "node:crypto";
import { findConflicts, type BookedSession } from "../src/lib/schedule/conflicts.ts";
import { CAMEROON_FIXED_HOLIDAYS, weeklySeries, type PlannedSession } from "../src/lib/schedule/series.ts";
import { generateLocalKeys } from "../supabase/local/env.ts";
import { startLocalStack } from "../supabase/local/stack.ts";

const SEMESTER = { from: "2027-02-15", to: "2027-07-11" };
const HOLIDAYS = CAMEROON_FIXED_HOLIDAYS.map((day) => `2027-${day}`);
const SERIES = 25;
const BOOKED = 2_000;

/** 25 weekly slots (5 days × 5 times), each a series over the semester: 500 sessions. */
function planSemester(): PlannedSession[] {
  const sessions: PlannedSession[] = [];
  for (let i = 0; i < SERIES; i++) {
    const startTime = `${String(8 + 2 * (i % 5)).padStart(2, "0")}:00`;
    sessions.push(...weeklySeries({ ...SEMESTER, weekday: 1 + Math.floor(i / 5), startTime, durationMinutes: 90, holidays: HOLIDAYS }).sessions);
  }
  return sessions.slice(0, 500);
}

const t0 = performance.now();
const planned = planSemester();
const built = performance.now() - t0;
const booked: BookedSession[] = Array.from({ length: BOOKED }, (_, i) => {
  const start = new Date(Date.UTC(2027, 1, 15, 6) + i * 97 * 60_000);
  return { id: `b${i}`, courseId: `c${i % 40}`, teacherId: `t${i % 30}`, start, end: new Date(start.getTime() + 90 * 60_000) };
});
const t1 = performance.now();
const conflicts = findConflicts(planned, booked, { teacherId: "t1", cohortCourseIds: new Set(["c1", "c2"]) });
const checked = performance.now() - t1;
if (planned.length !== 500) throw new Error(`planned ${planned.length} sessions, not 500`);

const stack = await startLocalStack({ keys: await generateLocalKeys(), port: 0, seed: false });
let saved: number;
try {
  const admin = randomUUID();
  await stack.sql(`insert into auth.users (id, aud, role, email) values ($1, 'authenticated', 'authenticated', 'bench.admin@bench.cm')`, [admin]);
  await stack.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [admin]);
  await stack.sql(`insert into public.schools (slug, kind, name_fr, name_en) values ('bench', 'university', 'Banc', 'Bench')`);
  const [{ id: course }] = await stack.sql<{ id: string }>(`insert into public.courses (code, title, school_id) values ('BENCH-101', 'Banc', (select id from public.schools)) returning id`);
  const sessions = JSON.stringify(planned.map((s) => ({ title: "Séance", start_time: s.start.toISOString(), end_time: s.end.toISOString(), is_online: true })));
  // As the admin's request runs it: their claims, the authenticated role, one transaction.
  await stack.sql("begin");
  let rows: unknown[];
  try {
    await stack.sql(`select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)`, [JSON.stringify({ sub: admin, role: "authenticated", aal: "aal1" }), admin]);
    await stack.sql("set local role authenticated");
    const t2 = performance.now();
    rows = await stack.sql("select public.create_sessions($1, $2::jsonb, true)", [course, sessions]);
    saved = performance.now() - t2;
    await stack.sql("commit");
  } catch (error) {
    await stack.sql("rollback");
    throw error;
  }
  if (rows.length !== 500) throw new Error(`create_sessions saved ${rows.length} sessions, not 500`);
} finally {
  await stack.stop();
}

console.log("semester of 500 sessions                       ms");
console.log(`build 25 weekly series (holidays skipped)  ${built.toFixed(1).padStart(8)}`);
console.log(`check against ${BOOKED} booked (${conflicts.length} clashes) ${checked.toFixed(1).padStart(8)}`);
console.log(`save through create_sessions (local stack) ${saved.toFixed(1).padStart(8)}`);
process.exit(0);
