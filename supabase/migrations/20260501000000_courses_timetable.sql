-- Courses, timetable and virtual classes (issue 11).
--
-- * Teaching units (UE, DOMAIN §1): code, titles, credits, semester and place in the
--   catalogue; a course is one EC of its UE (courses.teaching_unit_id) and its existing
--   `coefficient` is the EC's weight inside the UE. The UE's credits weigh it in the
--   semester.
-- * Enrolling a cohort (programme + level [+ specialty] + semester) into the semester's
--   courses in one atomic admin action; dropping keeps the row (status 'dropped',
--   dropped_at) and the audit log says who did what.
-- * Course materials by week (files in the course-materials bucket, or links).
-- * The host's start link of a meeting: its own table, readable by the course's teacher
--   and admins only (DOMAIN §5: another LMS leaked it to every signed-in user).
-- * Attendance from join records: join_session() records the join time (present, or late
--   after 10 minutes) for an enrolled student within the join window (15 minutes before
--   the start to the end, as src/lib/meetings.ts and the worker); the teacher edits it.
-- * Sessions: a recording link and a series id; creating sessions goes through
--   create_sessions(), which refuses a teacher or cohort double-booking; a change to, or
--   the cancellation of, an upcoming session notifies the enrolled students.
-- * A private iCal feed per user: a revocable token (only its SHA-256 is stored), read by
--   the calendar-feed function with the secret key.

-- ---------------------------------------------------------------------------------
-- Teaching units.
create table public.teaching_units (
  id uuid primary key default gen_random_uuid(),
  code text not null unique check (code ~ '^[A-Z0-9-]{2,20}$'),
  title_fr text not null check (char_length(title_fr) between 1 and 200),
  title_en text not null check (char_length(title_en) between 1 and 200),
  -- DOMAIN §1: a UE carries 1 to 6 credits (about 30 a semester).
  credits smallint not null check (credits between 1 and 6),
  semester_id uuid not null references public.semesters (id) on delete restrict,
  school_id uuid not null references public.schools (id) on delete restrict,
  programme_id uuid references public.programmes (id) on delete set null,
  specialty_id uuid references public.specialties (id) on delete set null,
  level_code text references public.levels (code) on delete restrict,
  professional_formation_id uuid references public.professional_formations (id) on delete set null,
  extension_programme_id uuid references public.extension_programmes (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.teaching_units is 'A UE (unité d''enseignement) of a semester: its courses are its ECs, weighted by courses.coefficient.';
create index teaching_units_semester_id_idx on public.teaching_units (semester_id);
create index teaching_units_school_id_idx on public.teaching_units (school_id);
create index teaching_units_programme_id_idx on public.teaching_units (programme_id);
create index teaching_units_specialty_id_idx on public.teaching_units (specialty_id);
create index teaching_units_level_code_idx on public.teaching_units (level_code);
create index teaching_units_professional_formation_id_idx on public.teaching_units (professional_formation_id);
create index teaching_units_extension_programme_id_idx on public.teaching_units (extension_programme_id);
create trigger teaching_units_touch before update on public.teaching_units for each row execute function private.touch_updated_at();
create trigger teaching_units_stamp before insert or update on public.teaching_units
  for each row execute function private.stamp_row('-');

alter table public.courses add column teaching_unit_id uuid references public.teaching_units (id) on delete set null;
create index courses_teaching_unit_id_idx on public.courses (teaching_unit_id);
comment on column public.courses.teaching_unit_id is 'The UE this course is an EC of; courses.coefficient is its weight inside the UE.';

-- An EC belongs to a UE of its own semester.
create function private.check_course_unit() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  if new.teaching_unit_id is not null and not exists (
    select 1 from public.teaching_units u
    where u.id = new.teaching_unit_id and u.semester_id is not distinct from new.semester_id
  ) then
    raise exception 'a course belongs to a teaching unit of its own semester' using errcode = '22023';
  end if;
  return new;
end;
$$;
create trigger courses_unit_in_semester before insert or update of teaching_unit_id, semester_id on public.courses
  for each row execute function private.check_course_unit();

alter table public.teaching_units enable row level security;
create policy "teaching_units: members read" on public.teaching_units for select to authenticated using (true);
create policy "teaching_units: admins add" on public.teaching_units for insert to authenticated
  with check ((select private.is_admin()));
create policy "teaching_units: admins edit" on public.teaching_units for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "teaching_units: admins remove" on public.teaching_units for delete to authenticated
  using ((select private.is_admin()));
revoke all on public.teaching_units from anon;
revoke truncate, references, trigger on public.teaching_units from authenticated;

-- ---------------------------------------------------------------------------------
-- Enrolment: cohorts in one action; dropping keeps history.
alter table public.course_enrollments add column dropped_at timestamptz;

-- dropped_at follows the status: set when a row becomes dropped, cleared when re-activated.
create function private.stamp_enrolment_drop() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  if new.status = 'dropped' and (tg_op = 'INSERT' or old.status is distinct from 'dropped') then
    new.dropped_at := now();
  elsif new.status <> 'dropped' then
    new.dropped_at := null;
  elsif tg_op = 'UPDATE' then
    new.dropped_at := old.dropped_at;
  end if;
  return new;
end;
$$;
create trigger course_enrollments_drop before insert or update on public.course_enrollments
  for each row execute function private.stamp_enrolment_drop();

-- Every course of the semester for that programme and level (and the specialty's own
-- courses when one is given), times every student actively registered for it in the
-- semester's academic year. A student already enrolled (or dropped) keeps their row.
create function public.enrol_cohort(semester uuid, programme uuid, level text, specialty uuid default null)
  returns jsonb
  language plpgsql security invoker set search_path = ''
as $$
#variable_conflict use_variable
declare
  year uuid;
  course_ids uuid[];
  student_ids uuid[];
  created integer;
begin
  if not private.is_admin() then
    raise exception 'only administrators enrol students' using errcode = '42501';
  end if;
  select s.academic_year_id into year from public.semesters s where s.id = semester;
  if year is null then
    raise exception 'unknown semester' using errcode = '22023';
  end if;
  select coalesce(array_agg(c.id order by c.code), '{}') into course_ids
  from public.courses c
  where c.semester_id = semester and c.programme_id = programme and c.level_code = level
    and (c.specialty_id is null or c.specialty_id = specialty);
  select coalesce(array_agg(r.student_id order by r.student_id), '{}') into student_ids
  from public.student_registrations r
  where r.academic_year_id = year and r.programme_id = programme and r.level_code = level
    and r.status = 'active' and (specialty is null or r.specialty_id = specialty);
  if cardinality(course_ids) = 0 then
    raise exception 'no course of that semester for this programme and level' using errcode = '22023';
  end if;
  if cardinality(student_ids) = 0 then
    raise exception 'no student registered in this programme and level this year' using errcode = '22023';
  end if;
  with added as (
    insert into public.course_enrollments (course_id, user_id, status)
    select c, s, 'active' from unnest(course_ids) c cross join unnest(student_ids) s
    on conflict (course_id, user_id) do nothing
    returning 1
  )
  select count(*) into created from added;
  perform public.record_audit('course.cohort_enrolled', 'semester', semester::text, jsonb_build_object(
    'programme_id', programme, 'level', level, 'specialty_id', specialty,
    'courses', cardinality(course_ids), 'students', cardinality(student_ids), 'created', created));
  return jsonb_build_object('courses', cardinality(course_ids), 'students', cardinality(student_ids), 'created', created);
end;
$$;
comment on function public.enrol_cohort(uuid, uuid, text, uuid) is
  'Admins: enrols every active student of a programme + level (+ specialty) into that semester''s courses, atomically and audited.';
revoke all on function public.enrol_cohort(uuid, uuid, text, uuid) from public, anon;
grant execute on function public.enrol_cohort(uuid, uuid, text, uuid) to authenticated;

-- Drop (or re-activate) one enrolment; the row stays, the audit log records the change.
create function public.set_enrolment_status(enrolment uuid, new_status text) returns void
  language plpgsql security invoker set search_path = ''
as $$
#variable_conflict use_variable
declare
  previous text;
begin
  if not private.is_admin() then
    raise exception 'only administrators change enrolments' using errcode = '42501';
  end if;
  if new_status not in ('active', 'completed', 'dropped') then
    raise exception 'unknown enrolment status %', new_status using errcode = '22023';
  end if;
  select e.status into previous from public.course_enrollments e where e.id = enrolment for update;
  if previous is null then
    raise exception 'unknown enrolment' using errcode = '22023';
  end if;
  update public.course_enrollments set status = new_status where id = enrolment;
  perform public.record_audit('course.enrolment_status', 'course_enrollment', enrolment::text,
    jsonb_build_object('from', previous, 'to', new_status));
end;
$$;
revoke all on function public.set_enrolment_status(uuid, text) from public, anon;
grant execute on function public.set_enrolment_status(uuid, text) to authenticated;

-- ---------------------------------------------------------------------------------
-- Course materials, ordered by week: a file in the course-materials bucket (its path
-- starts with the course id, as the bucket's rules expect) or a link.
create table public.course_materials (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  week smallint not null check (week between 1 and 30),
  title text not null check (char_length(title) between 1 and 200),
  kind text not null check (kind in ('file', 'link')),
  storage_path text check (storage_path is null or char_length(storage_path) <= 1024),
  url text check (url is null or (url ~ '^https://' and char_length(url) <= 2000)),
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  check ((kind = 'file') = (storage_path is not null) and (kind = 'link') = (url is not null)),
  check (storage_path is null or split_part(storage_path, '/', 1) = course_id::text)
);
comment on table public.course_materials is 'A course''s material for one week: a file in the course-materials bucket or a link.';
create index course_materials_course_week_idx on public.course_materials (course_id, week);
create index course_materials_created_by_idx on public.course_materials (created_by);
create trigger course_materials_stamp before insert or update on public.course_materials
  for each row execute function private.stamp_row('created_by');

alter table public.course_materials enable row level security;
create policy "course_materials: course members and admins read" on public.course_materials for select to authenticated
  using (private.is_course_member(course_id) or (select private.is_admin()));
create policy "course_materials: the teacher and admins add" on public.course_materials for insert to authenticated
  with check (private.teaches_course(course_id) or (select private.is_admin()));
create policy "course_materials: the teacher and admins edit" on public.course_materials for update to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()))
  with check (private.teaches_course(course_id) or (select private.is_admin()));
create policy "course_materials: the teacher and admins remove" on public.course_materials for delete to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()));
revoke all on public.course_materials from anon;
revoke truncate, references, trigger on public.course_materials from authenticated;

-- ---------------------------------------------------------------------------------
-- The host's start link: per course, or per session (overrides the course's).
create table public.meeting_host_links (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  schedule_event_id uuid references public.schedule_events (id) on delete cascade,
  start_url text not null check (start_url ~ '^https://' and char_length(start_url) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.meeting_host_links is 'The host''s start URL of a course''s (or a session''s) meeting: its teacher and admins only, never students.';
create unique index meeting_host_links_one_per_course on public.meeting_host_links (course_id) where schedule_event_id is null;
create unique index meeting_host_links_one_per_event on public.meeting_host_links (schedule_event_id) where schedule_event_id is not null;
create index meeting_host_links_course_id_idx on public.meeting_host_links (course_id);
create index meeting_host_links_schedule_event_id_idx on public.meeting_host_links (schedule_event_id);
create trigger meeting_host_links_touch before update on public.meeting_host_links for each row execute function private.touch_updated_at();
create trigger meeting_host_links_stamp before insert or update on public.meeting_host_links
  for each row execute function private.stamp_row('-');

alter table public.meeting_host_links enable row level security;
create policy "meeting_host_links: the course's teacher and admins read" on public.meeting_host_links for select to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()));
create policy "meeting_host_links: the course's teacher and admins add" on public.meeting_host_links for insert to authenticated
  with check ((private.teaches_course(course_id) or (select private.is_admin()))
    and (schedule_event_id is null or private.course_of_event(schedule_event_id) = course_id));
create policy "meeting_host_links: the course's teacher and admins edit" on public.meeting_host_links for update to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()))
  with check ((private.teaches_course(course_id) or (select private.is_admin()))
    and (schedule_event_id is null or private.course_of_event(schedule_event_id) = course_id));
create policy "meeting_host_links: the course's teacher and admins remove" on public.meeting_host_links for delete to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()));
revoke all on public.meeting_host_links from anon;
revoke truncate, references, trigger on public.meeting_host_links from authenticated;

-- ---------------------------------------------------------------------------------
-- Sessions: a recording afterwards, the series a session was generated in.
alter table public.schedule_events
  add column recording_url text check (recording_url is null or (recording_url ~ '^https://' and char_length(recording_url) <= 2000)),
  add column series_id uuid;
create index schedule_events_series_id_idx on public.schedule_events (series_id);
create index schedule_events_start_time_idx on public.schedule_events (start_time);

-- The teacher and the cohort of a course: who must not be in two places at once.
-- Conflicts of the proposed slots [{start_time, end_time}] of that course with the other
-- sessions of its teacher, or of any course sharing an active student with it. `ignore`
-- leaves out sessions being edited. Security definer: a teacher cannot read a colleague's
-- timetable, yet must know the cohort is busy; only times and course codes come out.
create function private.session_conflicts(course uuid, slots jsonb, ignore uuid[] default '{}')
  returns jsonb
  language sql stable security definer set search_path = ''
as $$
  with proposed as (
    select (s.n - 1)::int as slot, (s.value ->> 'start_time')::timestamptz as starts, (s.value ->> 'end_time')::timestamptz as ends
    from jsonb_array_elements(slots) with ordinality as s(value, n)
  ),
  me as (select teacher_id from public.courses where id = course),
  related as (
    select c.id, c.code, 'teacher' as kind
    from public.courses c, me
    where me.teacher_id is not null and c.teacher_id = me.teacher_id
    union
    select distinct other.course_id, c.code, 'cohort'
    from public.course_enrollments mine
    join public.course_enrollments other on other.user_id = mine.user_id and other.status = 'active'
    join public.courses c on c.id = other.course_id
    where mine.course_id = course and mine.status = 'active'
  )
  select coalesce(jsonb_agg(distinct jsonb_build_object(
    'slot', p.slot, 'kind', r.kind, 'course_code', r.code, 'event_id', e.id,
    'start_time', e.start_time, 'end_time', e.end_time)), '[]'::jsonb)
  from proposed p
  join public.schedule_events e on e.start_time < p.ends and p.starts < e.end_time
  join related r on r.id = e.course_id
  where e.id <> all (ignore);
$$;
revoke all on function private.session_conflicts(uuid, jsonb, uuid[]) from public;
grant execute on function private.session_conflicts(uuid, jsonb, uuid[]) to authenticated, service_role;

-- What the timetable form asks before saving.
create function public.schedule_conflicts(course uuid, slots jsonb, ignore uuid[] default '{}') returns jsonb
  language plpgsql stable security invoker set search_path = ''
as $$
begin
  if not (private.teaches_course(course) or private.is_admin()) then
    raise exception 'only the course''s teacher and administrators plan its sessions' using errcode = '42501';
  end if;
  if jsonb_typeof(slots) <> 'array' or jsonb_array_length(slots) > 1000 then
    raise exception 'slots must be a list of at most 1000 sessions' using errcode = '22023';
  end if;
  return private.session_conflicts(course, slots, ignore);
end;
$$;
revoke all on function public.schedule_conflicts(uuid, jsonb, uuid[]) from public, anon;
grant execute on function public.schedule_conflicts(uuid, jsonb, uuid[]) to authenticated;

-- Creates sessions (one, or a weekly series sharing a series id) atomically, refusing the
-- whole batch when any slot overlaps another of the batch or a session of the teacher or
-- the cohort: errcode PT409, which the Data API answers as HTTP 409 with the conflicts as
-- JSON in `details`.
-- sessions: [{title, start_time, end_time, is_online, room?}]
create function public.create_sessions(course uuid, sessions jsonb, as_series boolean default false)
  returns setof uuid
  language plpgsql security invoker set search_path = ''
as $$
#variable_conflict use_variable
declare
  conflicts jsonb;
  series uuid := case when as_series then gen_random_uuid() end;
begin
  if not (private.teaches_course(course) or private.is_admin()) then
    raise exception 'only the course''s teacher and administrators plan its sessions' using errcode = '42501';
  end if;
  if jsonb_typeof(sessions) <> 'array' or jsonb_array_length(sessions) not between 1 and 1000 then
    raise exception 'between 1 and 1000 sessions at a time' using errcode = '22023';
  end if;
  -- Within the batch.
  select jsonb_agg(jsonb_build_object('slot', a.i - 1, 'kind', 'batch', 'other_slot', b.i - 1))
    into conflicts
  from jsonb_array_elements(sessions) with ordinality a(s, i)
  join jsonb_array_elements(sessions) with ordinality b(s, i)
    on a.i < b.i and (a.s ->> 'start_time')::timestamptz < (b.s ->> 'end_time')::timestamptz
   and (b.s ->> 'start_time')::timestamptz < (a.s ->> 'end_time')::timestamptz;
  if conflicts is null then
    conflicts := private.session_conflicts(course, sessions);
    if jsonb_array_length(conflicts) = 0 then conflicts := null; end if;
  end if;
  if conflicts is not null then
    raise exception 'these sessions overlap others of the teacher or the cohort'
      using errcode = 'PT409', detail = conflicts::text;
  end if;
  return query
  with created as (
    insert into public.schedule_events (course_id, title, start_time, end_time, is_online, room, series_id)
    select course, s ->> 'title', (s ->> 'start_time')::timestamptz, (s ->> 'end_time')::timestamptz,
           coalesce((s ->> 'is_online')::boolean, true), nullif(s ->> 'room', ''), series
    from jsonb_array_elements(sessions) s
    returning id
  )
  select created.id from created;
end;
$$;
revoke all on function public.create_sessions(uuid, jsonb, boolean) from public, anon;
grant execute on function public.create_sessions(uuid, jsonb, boolean) to authenticated;

-- A change to an upcoming session (its time, place or meeting), or its cancellation,
-- tells the course's active students, each in their own language. Not for rows removed
-- with their course (a cascade), nor for sessions already over.
create function private.notify_session_change() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  ev public.schedule_events := case when tg_op = 'DELETE' then old else new end;
  cancelled boolean := tg_op = 'DELETE';
  course_title text;
begin
  if pg_trigger_depth() > 1 or old.end_time < now() then
    return null;
  end if;
  if not cancelled and (new.title, new.start_time, new.end_time, new.is_online, new.room, new.zoom_meeting_id,
      new.zoom_passcode, new.teams_meeting_url)
      is not distinct from (old.title, old.start_time, old.end_time, old.is_online, old.room, old.zoom_meeting_id,
      old.zoom_passcode, old.teams_meeting_url) then
    return null;
  end if;
  select c.title into course_title from public.courses c where c.id = ev.course_id;
  insert into public.student_notifications (user_id, type, priority, title, message, data, action_url, action_label)
  select e.user_id, 'announcement', 'high',
    left(case when p.preferred_locale = 'en'
      then (case when cancelled then 'Session cancelled: ' else 'Session changed: ' end) || course_title
      else (case when cancelled then 'Séance annulée : ' else 'Séance modifiée : ' end) || course_title end, 200),
    left(case when p.preferred_locale = 'en'
      then ev.title || ' — ' || to_char(ev.start_time at time zone 'Africa/Douala', 'DD/MM/YYYY HH24:MI') || ' (Douala)'
        || case when cancelled then ' is cancelled.' else '. See the timetable.' end
      else ev.title || ' — ' || to_char(ev.start_time at time zone 'Africa/Douala', 'DD/MM/YYYY HH24:MI') || ' (Douala)'
        || case when cancelled then ' est annulée.' else '. Voir l''emploi du temps.' end end, 2000),
    jsonb_build_object('kind', case when cancelled then 'session_cancelled' else 'session_changed' end,
      'course_id', ev.course_id, 'event_id', ev.id, 'start_time', ev.start_time),
    '/dashboard/student/schedule',
    case when p.preferred_locale = 'en' then 'Timetable' else 'Emploi du temps' end
  from public.course_enrollments e
  join public.profiles p on p.id = e.user_id
  where e.course_id = ev.course_id and e.status = 'active';
  return null;
end;
$$;
create trigger schedule_events_notify_change after update or delete on public.schedule_events
  for each row execute function private.notify_session_change();

-- ---------------------------------------------------------------------------------
-- Attendance from join records.
alter table public.attendance add column joined_at timestamptz;

-- A student joining a session: allowed from 15 minutes before the start to the end (the
-- worker's notice window); the first join is kept; present, or late when more than 10
-- minutes after the start. Returns the row's status and join time.
create function public.join_session(event uuid) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  ev public.schedule_events;
  caller uuid := (select auth.uid());
  result public.attendance;
begin
  select * into ev from public.schedule_events e where e.id = event;
  if ev.id is null or caller is null or not private.is_student_of(ev.course_id, caller)
     or not exists (select 1 from public.course_enrollments ce
                    where ce.course_id = ev.course_id and ce.user_id = caller and ce.status = 'active') then
    raise exception 'not a session of one of your courses' using errcode = '42501';
  end if;
  if now() < ev.start_time - interval '15 minutes' or now() > ev.end_time then
    raise exception 'this session opens 15 minutes before it starts and closes when it ends' using errcode = '22023';
  end if;
  insert into public.attendance (schedule_event_id, student_id, status, joined_at, recorded_by, recorded_at)
  values (ev.id, caller, case when now() > ev.start_time + interval '10 minutes' then 'late' else 'present' end,
          now(), caller, now())
  on conflict (schedule_event_id, student_id) do update
    set joined_at = coalesce(public.attendance.joined_at, excluded.joined_at),
        status = case when public.attendance.joined_at is null and public.attendance.status = 'absent'
                      then excluded.status else public.attendance.status end
  returning * into result;
  return jsonb_build_object('status', result.status, 'joined_at', result.joined_at);
end;
$$;
comment on function public.join_session(uuid) is 'An enrolled student joins a session in its window: records attendance with the join time.';
revoke all on function public.join_session(uuid) from public, anon;
grant execute on function public.join_session(uuid) to authenticated;

-- ---------------------------------------------------------------------------------
-- Private calendar feeds: one token per user; only its hash is kept, so the URL is shown
-- once when created. Creating a new one revokes the old.
create table private.calendar_feeds (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now()
);
comment on table private.calendar_feeds is 'The SHA-256 of each user''s calendar feed token. Not exposed.';
alter table private.calendar_feeds enable row level security;
revoke all on private.calendar_feeds from public, anon, authenticated;

create function public.create_calendar_feed() returns text
  language plpgsql security definer set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  token text := encode(extensions.gen_random_bytes(24), 'hex');
begin
  if caller is null then
    raise exception 'sign in first' using errcode = '42501';
  end if;
  insert into private.calendar_feeds (user_id, token_hash, created_at)
  values (caller, encode(extensions.digest(token, 'sha256'), 'hex'), now())
  on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = excluded.created_at;
  return token;
end;
$$;

create function public.revoke_calendar_feed() returns void
  language sql security definer set search_path = ''
as $$ delete from private.calendar_feeds where user_id = (select auth.uid()); $$;

create function public.calendar_feed_created_at() returns timestamptz
  language sql stable security definer set search_path = ''
as $$ select created_at from private.calendar_feeds where user_id = (select auth.uid()); $$;

revoke all on function public.create_calendar_feed(), public.revoke_calendar_feed(), public.calendar_feed_created_at()
  from public, anon;
grant execute on function public.create_calendar_feed(), public.revoke_calendar_feed(), public.calendar_feed_created_at()
  to authenticated;

-- The feed function (secret key): the token's owner and the sessions of their courses
-- (taught, or followed actively or completed) from 60 days ago to a year ahead; null for
-- an unknown or revoked token.
create function public.calendar_feed_events(token text) returns jsonb
  language sql stable security definer set search_path = ''
as $$
  with owner as (
    select f.user_id, p.full_name, p.preferred_locale
    from private.calendar_feeds f join public.profiles p on p.id = f.user_id
    where f.token_hash = encode(extensions.digest(token, 'sha256'), 'hex')
  )
  select jsonb_build_object(
    'user_id', o.user_id, 'full_name', o.full_name, 'locale', o.preferred_locale,
    'events', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', e.id, 'title', e.title, 'start_time', e.start_time, 'end_time', e.end_time,
        'is_online', e.is_online, 'room', e.room, 'course_code', c.code, 'course_title', c.title,
        'meeting_platform', c.meeting_platform,
        'zoom_meeting_id', coalesce(e.zoom_meeting_id, c.zoom_meeting_id),
        'zoom_passcode', coalesce(e.zoom_passcode, c.zoom_passcode),
        'teams_meeting_url', coalesce(e.teams_meeting_url, c.teams_meeting_url)
      ) order by e.start_time)
      from public.schedule_events e join public.courses c on c.id = e.course_id
      where e.start_time > now() - interval '60 days' and e.start_time < now() + interval '365 days'
        and (c.teacher_id = o.user_id or exists (
          select 1 from public.course_enrollments ce
          where ce.course_id = c.id and ce.user_id = o.user_id and ce.status in ('active', 'completed')))
    ), '[]'::jsonb))
  from owner o;
$$;
revoke all on function public.calendar_feed_events(text) from public, anon, authenticated;
grant execute on function public.calendar_feed_events(text) to service_role;

revoke all on function private.check_course_unit(), private.stamp_enrolment_drop(), private.notify_session_change()
  from public;
