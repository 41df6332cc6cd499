-- Teaching: academic years and semesters, courses with their meeting links and teacher,
-- enrolments, and the timetable (schedule events) the course-start worker reads.
--
-- Who sees what:
-- * students: the courses they are enrolled in, their own enrolments, those courses' events;
-- * teachers: the courses they teach, who is enrolled in them, and edit their events;
-- * admins: everything, and they alone open courses and enrol students.

create table public.academic_years (
  id uuid primary key default gen_random_uuid(),
  label text not null unique check (label ~ '^[0-9]{4}-[0-9]{4}$'),
  starts_on date not null,
  ends_on date not null,
  is_current boolean not null default false,
  created_at timestamptz not null default now(),
  check (ends_on > starts_on)
);
-- At most one current academic year.
create unique index academic_years_one_current on public.academic_years (is_current) where is_current;

create table public.semesters (
  id uuid primary key default gen_random_uuid(),
  academic_year_id uuid not null references public.academic_years (id) on delete restrict,
  number smallint not null check (number in (1, 2)),
  name_fr text not null,
  name_en text not null,
  starts_on date not null,
  ends_on date not null,
  is_current boolean not null default false,
  created_at timestamptz not null default now(),
  unique (academic_year_id, number),
  check (ends_on > starts_on)
);
create unique index semesters_one_current on public.semesters (is_current) where is_current;

create table public.courses (
  id uuid primary key default gen_random_uuid(),
  code text not null unique check (code ~ '^[A-Z0-9-]{2,20}$'),
  title text not null check (char_length(title) between 1 and 200),
  description text not null default '',
  -- The language the course is taught in (the platform is bilingual, courses are not).
  language text not null default 'fr' check (language in ('fr', 'en')),
  school_id uuid not null references public.schools (id) on delete restrict,
  -- Where the course sits in the catalogue: a programme (and optionally a specialty and
  -- level), a professional formation or an extension programme.
  programme_id uuid references public.programmes (id) on delete set null,
  specialty_id uuid references public.specialties (id) on delete set null,
  level_code text references public.levels (code) on delete restrict,
  professional_formation_id uuid references public.professional_formations (id) on delete set null,
  extension_programme_id uuid references public.extension_programmes (id) on delete set null,
  semester_id uuid references public.semesters (id) on delete set null,
  teacher_id uuid references public.profiles (id) on delete set null,
  credits smallint not null default 3 check (credits between 0 and 30),
  -- Weight of the course in the semester average.
  coefficient numeric(4, 2) not null default 1 check (coefficient > 0),
  -- How the virtual class meets; the worker builds the meeting URL from these.
  meeting_platform text check (meeting_platform in ('zoom', 'teams', 'in_person')),
  zoom_meeting_id text check (zoom_meeting_id is null or zoom_meeting_id ~ '^[0-9 ]{9,13}$'),
  zoom_passcode text,
  teams_meeting_url text check (teams_meeting_url is null or teams_meeting_url ~ '^https://'),
  is_published boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.courses is 'A course taught in a semester by one teacher, with its virtual-class meeting details.';
create index courses_school_id_idx on public.courses (school_id);
create index courses_programme_id_idx on public.courses (programme_id);
create index courses_specialty_id_idx on public.courses (specialty_id);
create index courses_level_code_idx on public.courses (level_code);
create index courses_professional_formation_id_idx on public.courses (professional_formation_id);
create index courses_extension_programme_id_idx on public.courses (extension_programme_id);
create index courses_semester_id_idx on public.courses (semester_id);
create index courses_teacher_id_idx on public.courses (teacher_id);
create trigger courses_touch before update on public.courses for each row execute function private.touch_updated_at();

create table public.course_enrollments (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  status text not null default 'active' check (status in ('pending', 'active', 'completed', 'dropped')),
  enrolled_at timestamptz not null default now(),
  unique (course_id, user_id)
);
comment on table public.course_enrollments is 'A student in a course; status active while they follow it.';
-- (course_id, user_id) is covered by the unique constraint; user_id needs its own.
create index course_enrollments_user_id_idx on public.course_enrollments (user_id);

create table public.schedule_events (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 200),
  start_time timestamptz not null,
  end_time timestamptz not null,
  is_online boolean not null default false,
  room text,
  -- Per-session meeting details; when null the course's own apply.
  zoom_meeting_id text check (zoom_meeting_id is null or zoom_meeting_id ~ '^[0-9 ]{9,13}$'),
  zoom_passcode text,
  teams_meeting_url text check (teams_meeting_url is null or teams_meeting_url ~ '^https://'),
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  check (end_time > start_time)
);
comment on table public.schedule_events is 'One class session of a course: online (zoom/teams) or in a room.';
create index schedule_events_course_id_idx on public.schedule_events (course_id);
create index schedule_events_created_by_idx on public.schedule_events (created_by);
-- The worker's query: online sessions starting in the next 15 minutes.
create index schedule_events_online_start_idx on public.schedule_events (start_time) where is_online;

-- ---------------------------------------------------------------------------------
-- Helpers.
create function private.teaches_course(course uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.courses c
    where c.id = course and c.teacher_id = (select auth.uid())
  );
$$;
comment on function private.teaches_course(uuid) is 'True when the signed-in user is the teacher of that course.';

-- Enrolled means following the course now or having completed it (grades stay visible).
create function private.is_enrolled(course uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.course_enrollments e
    where e.course_id = course and e.user_id = (select auth.uid())
      and e.status in ('active', 'completed')
  );
$$;
comment on function private.is_enrolled(uuid) is 'True when the signed-in user is (or was) a student of that course.';

-- Member of a course: its teacher or one of its students.
create function private.is_course_member(course uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$ select private.teaches_course(course) or private.is_enrolled(course); $$;

-- Name cards: oneself, admins, classmates, one's teachers and one's students.
-- The messaging migration widens this to conversation partners.
create or replace function private.can_see_profile(person uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select person = (select auth.uid())
    or private.is_admin()
    or exists (
      -- someone enrolled in a course I teach or follow
      select 1 from public.course_enrollments theirs
      where theirs.user_id = person and theirs.status in ('active', 'completed')
        and private.is_course_member(theirs.course_id)
    )
    or exists (
      -- the teacher of a course I follow
      select 1 from public.courses c
      where c.teacher_id = person and private.is_enrolled(c.id)
    );
$$;

revoke all on function private.teaches_course(uuid), private.is_enrolled(uuid), private.is_course_member(uuid) from public;
grant execute on function private.teaches_course(uuid), private.is_enrolled(uuid), private.is_course_member(uuid)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- RLS.
alter table public.academic_years enable row level security;
alter table public.semesters enable row level security;
alter table public.courses enable row level security;
alter table public.course_enrollments enable row level security;
alter table public.schedule_events enable row level security;

-- The calendar is not secret to members of the university.
create policy "academic_years: members read" on public.academic_years for select to authenticated using (true);
create policy "academic_years: admins add" on public.academic_years for insert to authenticated with check ((select private.is_admin()));
create policy "academic_years: admins edit" on public.academic_years for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "academic_years: admins remove" on public.academic_years for delete to authenticated using ((select private.is_admin()));

create policy "semesters: members read" on public.semesters for select to authenticated using (true);
create policy "semesters: admins add" on public.semesters for insert to authenticated with check ((select private.is_admin()));
create policy "semesters: admins edit" on public.semesters for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "semesters: admins remove" on public.semesters for delete to authenticated using ((select private.is_admin()));

create policy "courses: students, its teacher and admins read"
  on public.courses for select to authenticated
  using (teacher_id = (select auth.uid()) or private.is_enrolled(id) or (select private.is_admin()));
create policy "courses: admins open courses"
  on public.courses for insert to authenticated
  with check ((select private.is_admin()));
-- A teacher keeps its course's description and meeting details up to date but cannot hand
-- the course to someone else.
create policy "courses: its teacher and admins edit"
  on public.courses for update to authenticated
  using (teacher_id = (select auth.uid()) or (select private.is_admin()))
  with check (teacher_id = (select auth.uid()) or (select private.is_admin()));
create policy "courses: admins remove"
  on public.courses for delete to authenticated
  using ((select private.is_admin()));

create policy "course_enrollments: the student, the course's teacher and admins read"
  on public.course_enrollments for select to authenticated
  using (user_id = (select auth.uid()) or private.teaches_course(course_id) or (select private.is_admin()));
create policy "course_enrollments: admins enrol"
  on public.course_enrollments for insert to authenticated
  with check ((select private.is_admin()));
create policy "course_enrollments: admins change status"
  on public.course_enrollments for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "course_enrollments: admins remove"
  on public.course_enrollments for delete to authenticated
  using ((select private.is_admin()));

create policy "schedule_events: course members and admins read"
  on public.schedule_events for select to authenticated
  using (private.is_course_member(course_id) or (select private.is_admin()));
create policy "schedule_events: the course's teacher and admins add"
  on public.schedule_events for insert to authenticated
  with check (private.teaches_course(course_id) or (select private.is_admin()));
create policy "schedule_events: the course's teacher and admins edit"
  on public.schedule_events for update to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()))
  with check (private.teaches_course(course_id) or (select private.is_admin()));
create policy "schedule_events: the course's teacher and admins remove"
  on public.schedule_events for delete to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()));

revoke all on public.academic_years, public.semesters, public.courses, public.course_enrollments,
  public.schedule_events from anon;
revoke truncate, references, trigger on public.academic_years, public.semesters, public.courses,
  public.course_enrollments, public.schedule_events from authenticated;
