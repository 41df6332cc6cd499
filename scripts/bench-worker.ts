// npm run bench:worker — one course-start tick at scale against a fresh local stack.
// Seeds N online sessions starting soon (each in its own course) and M active enrolments
// spread over them, runs one tick through supabase-js with the secret key as the worker
// does, and prints wall time, rows written and API round trips. The round trips must not
// grow with N or M.
import { createClient } from "@supabase/supabase-js";
import { generateLocalKeys } from "../supabase/local/env.ts";
import { startLocalStack } from "../supabase/local/stack.ts";
import { runTick } from "../worker/tick.ts";

const SIZES = [
  { events: 200, enrolments: 5_000 },
  { events: 2_000, enrolments: 50_000 },
];

console.log("events  enrolments  students  tick ms  rows written  round trips");
for (const { events, enrolments } of SIZES) {
  const stack = await startLocalStack({ keys: await generateLocalKeys(), port: 0, seed: false });
  const students = Math.ceil(enrolments / 20); // each student follows up to 20 of these courses
  await stack.sql(`insert into public.schools (slug, kind, name_fr, name_en) values ('bench', 'university', 'Banc', 'Bench')`);
  await stack.sql(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data)
     select gen_random_uuid(), 'authenticated', 'authenticated', 'bench' || i || '@bench.cm', '{"preferred_locale": "fr"}'
     from generate_series(1, $1) i`,
    [students],
  );
  await stack.sql(
    `insert into public.courses (code, title, school_id, meeting_platform, zoom_meeting_id)
     select 'B-' || i, 'Cours ' || i, (select id from public.schools), 'zoom', '123456789' from generate_series(1, $1) i`,
    [events],
  );
  await stack.sql(
    `insert into public.schedule_events (course_id, title, start_time, end_time, is_online)
     select id, 'Séance', now() + interval '5 minutes', now() + interval '95 minutes', true from public.courses`,
  );
  // Student s follows 20 courses spread evenly over the N (N is a multiple of 20), so every
  // (student, course) pair is distinct and each course has M / N students.
  await stack.sql(
    `with c as (select id, row_number() over (order by id) - 1 as n from public.courses),
          s as (select id, row_number() over (order by id) - 1 as n from public.profiles)
     insert into public.course_enrollments (course_id, user_id, status)
     select c.id, s.id, 'active' from generate_series(0, $1 - 1) k
     join s on s.n = k / 20
     join c on c.n = (k / 20 + (k % 20) * ($2 / 20)) % $2`,
    [enrolments, events],
  );
  const [{ count: enrolled }] = await stack.sql<{ count: number }>("select count(*)::int as count from public.course_enrollments");

  let roundTrips = 0;
  const timings: string[] = [];
  const counting: typeof fetch = async (input, init) => {
    roundTrips += 1;
    const t0 = performance.now();
    const response = await fetch(input, init);
    timings.push(`${new URL(String(input instanceof Request ? input.url : input)).pathname} ${Math.round(performance.now() - t0)}ms`);
    return response;
  };
  const worker = createClient(stack.url, stack.keys.secretKey, { auth: { persistSession: false }, global: { fetch: counting } });
  const started = performance.now();
  const result = await runTick(worker);
  const ms = Math.round(performance.now() - started);
  const [{ count: written }] = await stack.sql<{ count: number }>("select count(*)::int as count from public.student_notifications");
  console.log(
    `${String(events).padStart(6)}  ${String(enrolled).padStart(10)}  ${String(students).padStart(8)}  ${String(ms).padStart(7)}  ${String(written).padStart(12)}  ${String(roundTrips).padStart(11)}` +
      (result.created !== written ? `  (tick reported ${result.created})` : ""),
  );
  if (process.env.BENCH_VERBOSE) console.log("   ", timings.join(", "));
  await stack.stop();
}
