-- Courses, timetable and virtual classes (issue 11), continued.
--
-- * reschedule_session(): the course's teacher (or an admin) edits one session — title,
--   time, online or room — refused like create_sessions (errcode PT409, the conflicts in
--   `details`) when it would double-book the teacher or the cohort. The existing trigger
--   (private.notify_session_change) tells the enrolled students.
-- * shift_sessions(): moves every session of a course starting within [from, to) by N
--   minutes in one statement, all or nothing, after the same conflict check (the moved
--   sessions are left out of the comparison); audited when an admin does it; students
--   notified by the trigger.
-- * Video lessons (extension certificates' pre-recorded lessons, and any course's
--   capsules): per course, ordered, with URL and duration; each student's progress (opened,
--   completed) is written only through set_lesson_progress() by an enrolled student, and
--   read by that student, the course's teacher and admins.

-- ---------------------------------------------------------------------------------
-- Editing one session.
create function public.reschedule_session(
  event uuid, title text, start_time timestamptz, end_time timestamptz, is_online boolean, room text default null)
  returns void
  language plpgsql security invoker set search_path = ''
as $$
#variable_conflict use_variable
declare
  ev public.schedule_events;
  conflicts jsonb;
begin
  select * into ev from public.schedule_events e where e.id = event;
  if ev.id is null or not (private.teaches_course(ev.course_id) or private.is_admin()) then
    raise exception 'only the course''s teacher and administrators change its sessions' using errcode = '42501';
  end if;
  if end_time <= start_time or end_time - start_time > interval '12 hours' then
    raise exception 'a session lasts between 1 minute and 12 hours' using errcode = '22023';
  end if;
  conflicts := private.session_conflicts(ev.course_id,
    jsonb_build_array(jsonb_build_object('start_time', start_time, 'end_time', end_time)), array[event]);
  if jsonb_array_length(conflicts) > 0 then
    raise exception 'this session would overlap another of the teacher or the cohort'
      using errcode = 'PT409', detail = conflicts::text;
  end if;
  update public.schedule_events e
     set title = reschedule_session.title, start_time = reschedule_session.start_time,
         end_time = reschedule_session.end_time, is_online = reschedule_session.is_online,
         room = case when reschedule_session.is_online then null else nullif(btrim(reschedule_session.room), '') end
   where e.id = event;
end;
$$;
comment on function public.reschedule_session(uuid, text, timestamptz, timestamptz, boolean, text) is
  'The course''s teacher or an admin edits a session; refused (PT409) on a teacher or cohort double-booking.';
revoke all on function public.reschedule_session(uuid, text, timestamptz, timestamptz, boolean, text) from public, anon;
grant execute on function public.reschedule_session(uuid, text, timestamptz, timestamptz, boolean, text) to authenticated;

-- ---------------------------------------------------------------------------------
-- Shifting a range of a course's sessions.
create function public.shift_sessions(course uuid, range_from timestamptz, range_to timestamptz, by_minutes integer)
  returns integer
  language plpgsql security invoker set search_path = ''
as $$
#variable_conflict use_variable
declare
  moved uuid[];
  slots jsonb;
  conflicts jsonb;
  delta interval := make_interval(mins => by_minutes);
  n integer;
begin
  if not (private.teaches_course(course) or private.is_admin()) then
    raise exception 'only the course''s teacher and administrators plan its sessions' using errcode = '42501';
  end if;
  if by_minutes is null or by_minutes = 0 or abs(by_minutes) > 366 * 24 * 60 then
    raise exception 'shift by a non-zero number of minutes, at most a year' using errcode = '22023';
  end if;
  if range_from is null or range_to is null or range_to <= range_from then
    raise exception 'the range ends before it starts' using errcode = '22023';
  end if;
  -- The sessions to move, locked, in start order (slot i of the conflicts = moved[i + 1]).
  select coalesce(array_agg(e.id order by e.start_time, e.id), '{}'),
         coalesce(jsonb_agg(jsonb_build_object('start_time', e.start_time + delta, 'end_time', e.end_time + delta)
           order by e.start_time, e.id), '[]'::jsonb)
    into moved, slots
  from (select * from public.schedule_events s
        where s.course_id = course and s.start_time >= range_from and s.start_time < range_to
        for update) e;
  if cardinality(moved) = 0 then
    raise exception 'no session of this course starts in that range' using errcode = '22023';
  end if;
  if cardinality(moved) > 1000 then
    raise exception 'at most 1000 sessions at a time' using errcode = '22023';
  end if;
  conflicts := private.session_conflicts(course, slots, moved);
  if jsonb_array_length(conflicts) > 0 then
    raise exception 'the moved sessions would overlap others of the teacher or the cohort'
      using errcode = 'PT409', detail = conflicts::text;
  end if;
  update public.schedule_events e
     set start_time = e.start_time + delta, end_time = e.end_time + delta
   where e.id = any (moved);
  get diagnostics n = row_count;
  -- The audit log is the administrators' (a teacher's own shift reaches its students).
  if private.is_admin() then
    perform public.record_audit('schedule.sessions_shifted', 'course', course::text, jsonb_build_object(
      'from', range_from, 'to', range_to, 'by_minutes', by_minutes, 'sessions', n));
  end if;
  return n;
end;
$$;
comment on function public.shift_sessions(uuid, timestamptz, timestamptz, integer) is
  'Moves every session of a course starting in [from, to) by N minutes, atomically; refused (PT409) on a double-booking.';
revoke all on function public.shift_sessions(uuid, timestamptz, timestamptz, integer) from public, anon;
grant execute on function public.shift_sessions(uuid, timestamptz, timestamptz, integer) to authenticated;

-- ---------------------------------------------------------------------------------
-- Video lessons.
create table public.video_lessons (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  position smallint not null check (position between 1 and 500),
  title text not null check (char_length(title) between 1 and 200),
  url text not null check (url ~ '^https://' and char_length(url) <= 2000),
  duration_minutes smallint not null check (duration_minutes between 1 and 600),
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (course_id, position) deferrable initially immediate
);
comment on table public.video_lessons is 'A course''s pre-recorded lesson (extension certificates, capsules): its place, link and length.';
create index video_lessons_created_by_idx on public.video_lessons (created_by);
create trigger video_lessons_stamp before insert or update on public.video_lessons
  for each row execute function private.stamp_row('created_by');

alter table public.video_lessons enable row level security;
create policy "video_lessons: course members and admins read" on public.video_lessons for select to authenticated
  using (private.is_course_member(course_id) or (select private.is_admin()));
create policy "video_lessons: the teacher and admins add" on public.video_lessons for insert to authenticated
  with check (private.teaches_course(course_id) or (select private.is_admin()));
create policy "video_lessons: the teacher and admins edit" on public.video_lessons for update to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()))
  with check (private.teaches_course(course_id) or (select private.is_admin()));
create policy "video_lessons: the teacher and admins remove" on public.video_lessons for delete to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()));
revoke all on public.video_lessons from anon;
revoke truncate, references, trigger on public.video_lessons from authenticated;

create table public.video_lesson_progress (
  lesson_id uuid not null references public.video_lessons (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  -- The lesson's course, kept here so that the read rule needs no join.
  course_id uuid not null references public.courses (id) on delete cascade,
  first_opened_at timestamptz not null default now(),
  completed_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (lesson_id, user_id)
);
comment on table public.video_lesson_progress is 'A student''s progress in one video lesson; written only by set_lesson_progress().';
create index video_lesson_progress_user_id_idx on public.video_lesson_progress (user_id);
create index video_lesson_progress_course_id_idx on public.video_lesson_progress (course_id);

alter table public.video_lesson_progress enable row level security;
create policy "video_lesson_progress: student, its teacher, admins read" on public.video_lesson_progress
  for select to authenticated
  using (user_id = (select auth.uid()) or private.teaches_course(course_id) or (select private.is_admin()));
revoke all on public.video_lesson_progress from anon;
revoke insert, update, delete, truncate, references, trigger on public.video_lesson_progress from authenticated;

-- An actively enrolled student opens a lesson, or marks it done (or not done again).
create function public.set_lesson_progress(lesson uuid, completed boolean default null)
  returns jsonb
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  caller uuid := (select auth.uid());
  course uuid;
  result public.video_lesson_progress;
begin
  select l.course_id into course from public.video_lessons l where l.id = lesson;
  if course is null or caller is null or not exists (
    select 1 from public.course_enrollments e
    where e.course_id = course and e.user_id = caller and e.status = 'active') then
    raise exception 'not a lesson of one of your courses' using errcode = '42501';
  end if;
  insert into public.video_lesson_progress as p (lesson_id, user_id, course_id, completed_at)
  values (lesson, caller, course, case when completed then now() end)
  on conflict (lesson_id, user_id) do update
    set completed_at = case when completed is null then p.completed_at
                            when completed then coalesce(p.completed_at, now()) end,
        updated_at = now()
  returning * into result;
  return jsonb_build_object('first_opened_at', result.first_opened_at, 'completed_at', result.completed_at);
end;
$$;
comment on function public.set_lesson_progress(uuid, boolean) is
  'An actively enrolled student records opening a video lesson, or marks it completed (true) or not (false).';
revoke all on function public.set_lesson_progress(uuid, boolean) from public, anon;
grant execute on function public.set_lesson_progress(uuid, boolean) to authenticated;
