-- Re-registration of continuing students and the certificate of enrolment (issue 13 item 4).
--
-- * private.enrol_registration(): what a registration brings with it — the level's courses
--   (or the formation's / extension programme's) and the published fee schedule of its
--   year. Admission (admit_application, redefined here to call it) and re-registration
--   share it.
-- * private.year_outcome(student, year): the results engine's verdict on a year: the
--   semesters of that year in which the student followed courses, each with its last
--   published session (resit over normal). 'progress' when every one is validated, 'repeat'
--   when one is deferred (failed after the resit), 'undecided' otherwise (no published
--   result, a mark missing, or the resit still to come). The engine has no conditional
--   progression ("passage conditionnel" on a credit threshold): a year is validated or not.
-- * public.reregister_student(): an admin registers a continuing student for a later
--   year, atomically and audited: same matricule, the next level (or the same one when it
--   repeats; an undecided student only at the same level and with a reason), courses and
--   fees. Refused: a second registration for that year, a student whose registration is
--   not active, a level past the programme's last. reregister_cohort() does a whole cohort
--   (or the students chosen in it), one outcome per student; reregistration_candidates()
--   lists a cohort with each student's result and proposed level, server-paged.
-- * Certificates of enrolment (attestations d'inscription): issue_enrolment_certificate()
--   numbers one per registration, AI-<year>-<5 digits>, sequential per academic year and
--   never reused (a counter that only goes up), with what was printed and a verification
--   code; verify_enrolment_certificate() tells anyone only the number, holder, programme,
--   level, year, issue date, institution and whether it is still valid.

-- ---------------------------------------------------------------------------------
-- What a registration brings: courses and fees.
create function private.enrol_registration(registration uuid, current_semester_only boolean) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  reg public.student_registrations;
  enrolled integer;
  schedule uuid;
begin
  select * into reg from public.student_registrations r where r.id = registration;
  if reg.id is null then
    raise exception 'no such registration' using errcode = 'P0002';
  end if;
  -- The level's courses (or the formation's / extension programme's): those of the current
  -- semester on admission, those of the registration's year on re-registration.
  insert into public.course_enrollments (course_id, user_id, status)
  select c.id, reg.student_id, 'active'
  from public.courses c
  left join public.semesters s on s.id = c.semester_id
  where (c.semester_id is null
         or (current_semester_only and s.is_current)
         or (not current_semester_only and s.academic_year_id = reg.academic_year_id))
    and ((reg.programme_id is not null and c.programme_id = reg.programme_id
          and c.level_code is not distinct from reg.level_code
          and (c.specialty_id is null or c.specialty_id = reg.specialty_id))
      or (reg.professional_formation_id is not null and c.professional_formation_id = reg.professional_formation_id)
      or (reg.extension_programme_id is not null and c.extension_programme_id = reg.extension_programme_id))
  on conflict (course_id, user_id) do nothing;
  get diagnostics enrolled = row_count;

  -- The fee schedule of that year (its level's, else the programme-wide one; the first one
  -- the bursar published), billed at once (student_fees is audited).
  select fs.id into schedule from public.fee_schedules fs
  where fs.academic_year_id = reg.academic_year_id and fs.published
    and fs.programme_id is not distinct from reg.programme_id
    and fs.professional_formation_id is not distinct from reg.professional_formation_id
    and fs.extension_programme_id is not distinct from reg.extension_programme_id
    and (fs.level_code is null or fs.level_code = reg.level_code)
  order by fs.level_code nulls last, fs.created_at, fs.id
  limit 1;
  if schedule is not null then
    insert into public.student_fees (student_id, fee_schedule_id) values (reg.student_id, schedule)
    on conflict (student_id, fee_schedule_id) do nothing;
  end if;
  return jsonb_build_object('courses', enrolled, 'fee_schedule_id', schedule);
end;
$$;
revoke all on function private.enrol_registration(uuid, boolean) from public;

-- Admission, as in 20260604000003, with its courses and fees from the shared function.
create or replace function public.admit_application(application uuid) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  app public.applications;
  year uuid;
  kind text;
  number text;
  registration uuid;
  brought jsonb;
begin
  if not private.is_admin() then
    raise exception 'only administrators admit applicants' using errcode = '42501';
  end if;
  -- The row lock makes a second admin wait, then see the first one's result.
  select * into app from public.applications a where a.id = application for update;
  if app.id is null then
    raise exception 'no such application' using errcode = 'P0002';
  end if;
  if app.status = 'enrolled' then
    select r.id, r.student_number into registration, number
    from public.student_registrations r where r.application_id = app.id;
    return jsonb_build_object('student_id', app.applicant_id, 'matricule', number, 'registration_id', registration, 'already', true);
  end if;
  if app.status <> 'admitted' then
    raise exception 'only an accepted application can be registered (this one is %)', app.status using errcode = '23514';
  end if;
  if app.applicant_id is null then
    raise exception 'the applicant has no account yet' using errcode = '23514';
  end if;
  year := coalesce(app.academic_year_id, (select y.id from public.academic_years y where y.is_current));
  if year is null then
    raise exception 'no academic year to register for' using errcode = 'P0002';
  end if;
  select s.kind into kind from public.schools s where s.id = private.application_school(app);
  if kind is null then
    raise exception 'the application names no programme' using errcode = '23514';
  end if;
  number := private.next_matricule(year, kind);

  insert into public.user_roles (user_id, role) values (app.applicant_id, 'student') on conflict do nothing;
  insert into public.student_registrations (student_id, academic_year_id, student_number, programme_id, specialty_id,
    level_code, professional_formation_id, extension_programme_id, application_id)
  values (app.applicant_id, year, number, app.programme_id, case when app.programme_id is not null then app.specialty_id end,
    case when app.programme_id is not null then app.level_code end, app.professional_formation_id, app.extension_programme_id, app.id)
  returning id into registration;
  brought := private.enrol_registration(registration, true);

  perform set_config('app.status_note', number, true);
  update public.applications set status = 'enrolled' where id = app.id;
  perform set_config('app.status_note', '', true);
  perform public.record_audit('admissions.admitted', 'application', app.id::text,
    jsonb_build_object('student_id', app.applicant_id, 'matricule', number, 'courses', brought -> 'courses',
      'fee_schedule_id', brought -> 'fee_schedule_id'));
  return jsonb_build_object('student_id', app.applicant_id, 'matricule', number, 'registration_id', registration,
    'courses', brought -> 'courses', 'fee_schedule_id', brought -> 'fee_schedule_id', 'already', false);
end;
$$;

-- ---------------------------------------------------------------------------------
-- A year's verdict from the published results.
create function private.year_outcome(student uuid, year uuid)
  returns table (outcome text, credits_earned integer, credits_total integer, semesters integer)
  language sql stable security definer set search_path = ''
as $$
  with followed as (
    select distinct c.semester_id
    from public.course_enrollments e
    join public.courses c on c.id = e.course_id
    join public.semesters s on s.id = c.semester_id
    where e.user_id = student and s.academic_year_id = year and e.status in ('active', 'completed')
  ),
  last_published as (
    select f.semester_id,
      (select fr.decision from public.frozen_results fr join public.deliberations d on d.id = fr.deliberation_id
       where d.semester_id = f.semester_id and d.published_at is not null and fr.student_id = student
       order by (d.session = 'resit') desc limit 1) as decision,
      (select fr.credits_earned from public.frozen_results fr join public.deliberations d on d.id = fr.deliberation_id
       where d.semester_id = f.semester_id and d.published_at is not null and fr.student_id = student
       order by (d.session = 'resit') desc limit 1) as earned,
      (select fr.credits_total from public.frozen_results fr join public.deliberations d on d.id = fr.deliberation_id
       where d.semester_id = f.semester_id and d.published_at is not null and fr.student_id = student
       order by (d.session = 'resit') desc limit 1) as total
    from followed f
  )
  select
    case
      when count(*) = 0 or bool_or(lp.decision is null) or bool_or(lp.decision in ('incomplete', 'resit')) then 'undecided'
      when bool_and(lp.decision = 'validated') then 'progress'
      else 'repeat' end,
    coalesce(sum(lp.earned), 0)::integer, coalesce(sum(lp.total), 0)::integer, count(*)::integer
  from last_published lp;
$$;
revoke all on function private.year_outcome(uuid, uuid) from public;

-- The level after this one in the programme, null past its last (a licence ends at L3, a
-- master runs M1–M2, a licence-master L1–M2).
create function private.next_level(programme uuid, level text) returns text
  language sql stable security definer set search_path = ''
as $$
  select l.code from public.levels l, public.programmes p
  where p.id = programme
    and l.position > (select position from public.levels where code = level)
    and (p.degree <> 'licence' or l.cycle = 'licence')
    and (p.degree <> 'master' or l.cycle = 'master')
  order by l.position limit 1;
$$;
revoke all on function private.next_level(uuid, text) from public;

-- ---------------------------------------------------------------------------------
-- Re-registering one student.
create function public.reregister_student(student uuid, target_year uuid, same_level boolean default false,
  reason text default null) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  target public.academic_years;
  source public.student_registrations;
  verdict record;
  level text;
  specialty uuid;
  registration uuid;
  brought jsonb;
begin
  if not private.is_admin() then
    raise exception 'only administrators re-register students' using errcode = '42501';
  end if;
  select * into target from public.academic_years y where y.id = target_year;
  if target.id is null then
    raise exception 'no such academic year' using errcode = 'P0002';
  end if;
  -- One registration per student and year, even when two admins click at once.
  perform pg_advisory_xact_lock(hashtext('reregister:' || student || ':' || target_year));
  if exists (select 1 from public.student_registrations r where r.student_id = student and r.academic_year_id = target_year) then
    raise exception 'this student is already registered for %', target.label using errcode = '23505';
  end if;
  select r.* into source from public.student_registrations r join public.academic_years y on y.id = r.academic_year_id
  where r.student_id = student and y.starts_on < target.starts_on
  order by y.starts_on desc limit 1;
  if source.id is null then
    raise exception 'this student has no registration before %', target.label using errcode = 'P0002';
  end if;
  if source.status <> 'active' then
    raise exception 'this student''s registration is %, not active', source.status using errcode = '23514';
  end if;
  if source.programme_id is null or source.level_code is null then
    raise exception 'only students of a licence or master programme move up a level' using errcode = '23514';
  end if;
  select * into verdict from private.year_outcome(student, source.academic_year_id);
  if same_level then
    if char_length(btrim(coalesce(reason, ''))) < 3 then
      raise exception 'give a reason to re-register at the same level' using errcode = '22023';
    end if;
    level := source.level_code;
  elsif verdict.outcome = 'progress' then
    level := private.next_level(source.programme_id, source.level_code);
    if level is null then
      raise exception 'level % is the programme''s last: nothing to move up to', source.level_code using errcode = '23514';
    end if;
  elsif verdict.outcome = 'repeat' then
    level := source.level_code;
  else
    raise exception 'no published results decide this year yet: re-register at the same level with a reason' using errcode = '23514';
  end if;
  -- The specialty follows when it opens that level (a specialty listing no levels opens all).
  specialty := case when source.specialty_id is null then null
    when not exists (select 1 from public.specialty_levels sl where sl.specialty_id = source.specialty_id)
      or exists (select 1 from public.specialty_levels sl where sl.specialty_id = source.specialty_id and sl.level_code = level)
    then source.specialty_id end;

  insert into public.student_registrations (student_id, academic_year_id, student_number, programme_id, specialty_id, level_code)
  values (student, target_year, source.student_number, source.programme_id, specialty, level)
  returning id into registration;
  brought := private.enrol_registration(registration, false);
  perform public.record_audit('admissions.reregistered', 'student_registration', registration::text,
    jsonb_build_object('student_id', student, 'from_registration_id', source.id, 'from_level', source.level_code,
      'level', level, 'outcome', verdict.outcome, 'same_level', same_level, 'reason', nullif(btrim(coalesce(reason, '')), ''),
      'courses', brought -> 'courses', 'fee_schedule_id', brought -> 'fee_schedule_id'));
  return jsonb_build_object('registration_id', registration, 'matricule', source.student_number, 'level_code', level,
    'outcome', verdict.outcome, 'courses', brought -> 'courses', 'fee_schedule_id', brought -> 'fee_schedule_id');
end;
$$;
revoke all on function public.reregister_student(uuid, uuid, boolean, text) from public, anon;
grant execute on function public.reregister_student(uuid, uuid, boolean, text) to authenticated;

-- A cohort (programme + level + year), or the students chosen in it, in one call: each
-- student is re-registered or refused on its own; one row per student says which.
create function public.reregister_cohort(programme uuid, level text, year uuid, target_year uuid,
  students uuid[] default null)
  returns table (student_id uuid, ok boolean, level_code text, outcome text, error text)
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  r record;
  done jsonb;
begin
  if not private.is_admin() then
    raise exception 'only administrators re-register students' using errcode = '42501';
  end if;
  for r in
    select sr.student_id from public.student_registrations sr
    join public.profiles p on p.id = sr.student_id
    where sr.programme_id = programme and sr.level_code = level and sr.academic_year_id = year
      and (students is null or sr.student_id = any (students))
    order by p.full_name, sr.student_id
  loop
    begin
      done := public.reregister_student(r.student_id, target_year);
      return query select r.student_id, true, done ->> 'level_code', done ->> 'outcome', null::text;
    exception when others then
      return query select r.student_id, false, null::text, null::text, sqlerrm;
    end;
  end loop;
end;
$$;
revoke all on function public.reregister_cohort(uuid, text, uuid, uuid, uuid[]) from public, anon;
grant execute on function public.reregister_cohort(uuid, text, uuid, uuid, uuid[]) to authenticated;

-- The cohort with each student's result and what re-registration would do, a page at a time.
create function public.reregistration_candidates(programme uuid, level text, year uuid, target_year uuid,
  page_offset integer default 0, page_size integer default 50)
  returns table (student_id uuid, full_name text, student_number text, status text, outcome text,
                 credits_earned integer, credits_total integer, proposed_level text, target_level text,
                 target_registration_id uuid, total bigint)
  language plpgsql stable security definer set search_path = ''
as $$
#variable_conflict use_column
begin
  if not private.is_admin() then
    raise exception 'only administrators re-register students' using errcode = '42501';
  end if;
  return query
  with cohort as (
    select sr.student_id, p.full_name, sr.student_number, sr.status, sr.programme_id, sr.level_code
    from public.student_registrations sr join public.profiles p on p.id = sr.student_id
    where sr.programme_id = programme and sr.level_code = level and sr.academic_year_id = year
  )
  select c.student_id, c.full_name, c.student_number, c.status, v.outcome, v.credits_earned, v.credits_total,
    case v.outcome when 'progress' then private.next_level(c.programme_id, c.level_code)
                   when 'repeat' then c.level_code end,
    t.level_code, t.id, count(*) over ()
  from cohort c cross join lateral private.year_outcome(c.student_id, year) v
  left join public.student_registrations t on t.student_id = c.student_id and t.academic_year_id = target_year
  order by c.full_name, c.student_id
  offset greatest(page_offset, 0) limit least(greatest(page_size, 1), 200);
end;
$$;
revoke all on function public.reregistration_candidates(uuid, text, uuid, uuid, integer, integer) from public, anon;
grant execute on function public.reregistration_candidates(uuid, text, uuid, uuid, integer, integer) to authenticated;

-- ---------------------------------------------------------------------------------
-- Certificates of enrolment.
create table private.certificate_counters (
  academic_year_id uuid primary key references public.academic_years (id) on delete cascade,
  last_value integer not null default 0 check (last_value >= 0)
);
alter table private.certificate_counters enable row level security;
revoke all on private.certificate_counters from public, anon, authenticated;

create table public.enrolment_certificates (
  id uuid primary key default gen_random_uuid(),
  number text not null unique check (number ~ '^AI-[0-9]{4}-[0-9]{5,}$'),
  sequence integer not null check (sequence > 0),
  registration_id uuid not null unique references public.student_registrations (id) on delete restrict,
  student_id uuid not null references public.profiles (id) on delete cascade,
  academic_year_id uuid not null references public.academic_years (id) on delete restrict,
  verification_code text not null unique default replace(gen_random_uuid()::text, '-', '')
    check (verification_code ~ '^[0-9a-f]{32}$'),
  snapshot jsonb not null check (jsonb_typeof(snapshot) = 'object'),
  issued_at timestamptz not null default now(),
  issued_by uuid references public.profiles (id) on delete set null,
  revoked_at timestamptz,
  unique (academic_year_id, sequence)
);
comment on table public.enrolment_certificates is 'Certificates of enrolment (attestations d''inscription) issued: number, verification code and what was printed.';
create index enrolment_certificates_student_id_idx on public.enrolment_certificates (student_id);
create index enrolment_certificates_issued_by_idx on public.enrolment_certificates (issued_by);

alter table public.enrolment_certificates enable row level security;
create policy "enrolment_certificates: the student and admins read" on public.enrolment_certificates for select to authenticated
  using (student_id = (select auth.uid()) or (select private.is_admin()));
revoke all on public.enrolment_certificates from anon;
revoke insert, update, delete, truncate, references, trigger on public.enrolment_certificates from authenticated;

-- The student (its own registration) or an admin; issuing twice returns the same one.
create function public.issue_enrolment_certificate(registration uuid)
  returns table (number text, verification_code text, issued_at timestamptz, snapshot jsonb)
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_column
declare
  reg public.student_registrations;
  seq integer;
  year_start text;
begin
  select * into reg from public.student_registrations r where r.id = registration;
  if reg.id is null or (private.acting_user() is not null and reg.student_id <> private.acting_user() and not private.is_admin()) then
    raise exception 'no such registration' using errcode = 'P0002';
  end if;
  -- Two clicks at once: the second waits and returns the first one's certificate.
  perform pg_advisory_xact_lock(hashtext('enrolment_certificate:' || registration));
  if not exists (select 1 from public.enrolment_certificates c where c.registration_id = registration) then
    if reg.status <> 'active' then
      raise exception 'this registration is %: no certificate of enrolment', reg.status using errcode = '23514';
    end if;
    insert into private.certificate_counters as c (academic_year_id, last_value) values (reg.academic_year_id, 1)
    on conflict (academic_year_id) do update set last_value = c.last_value + 1
    returning last_value into seq;
    year_start := (select extract(year from y.starts_on)::integer::text from public.academic_years y where y.id = reg.academic_year_id);
    insert into public.enrolment_certificates (number, sequence, registration_id, student_id, academic_year_id, issued_by, snapshot)
    select 'AI-' || year_start || '-' || lpad(seq::text, 5, '0'), seq, reg.id, reg.student_id, reg.academic_year_id,
      private.acting_user(),
      jsonb_build_object(
        'institution', i.name, 'niu', i.niu, 'holder', p.full_name, 'matricule', reg.student_number,
        'birth_date', a.birth_date, 'birth_place', nullif(a.details -> 'identity' ->> 'birthPlace', ''),
        'programme_fr', pr.name_fr, 'programme_en', pr.name_en,
        'specialty_fr', sp.name_fr, 'specialty_en', sp.name_en,
        'formation_fr', f.name_fr, 'formation_en', f.name_en, 'extension_fr', x.name_fr, 'extension_en', x.name_en,
        'level_fr', l.name_fr, 'level_en', l.name_en, 'academic_year', y.label, 'registered_at', reg.registered_at)
    from public.institution_settings i
    cross join public.profiles p
    cross join public.academic_years y
    left join public.programmes pr on pr.id = reg.programme_id
    left join public.specialties sp on sp.id = reg.specialty_id
    left join public.professional_formations f on f.id = reg.professional_formation_id
    left join public.extension_programmes x on x.id = reg.extension_programme_id
    left join public.levels l on l.code = reg.level_code
    left join lateral (
      select ap.birth_date, ap.details from public.applications ap
      where ap.applicant_id = reg.student_id and ap.birth_date is not null
      order by (ap.id = reg.application_id) desc, ap.submitted_at desc limit 1) a on true
    where i.id and p.id = reg.student_id and y.id = reg.academic_year_id;
    if private.is_admin() then
      perform public.record_audit('admissions.certificate_issued', 'student_registration', reg.id::text,
        jsonb_build_object('student_id', reg.student_id, 'sequence', seq));
    end if;
  end if;
  return query select c.number, c.verification_code, c.issued_at, c.snapshot
    from public.enrolment_certificates c where c.registration_id = registration;
end;
$$;
revoke all on function public.issue_enrolment_certificate(uuid) from public, anon;
grant execute on function public.issue_enrolment_certificate(uuid) to authenticated;

-- Anyone: only what confirms the document (no matricule, no birth date).
create function public.verify_enrolment_certificate(code text)
  returns table (number text, holder text, programme_fr text, programme_en text, level_fr text, level_en text,
                 academic_year text, issued_at timestamptz, institution text, valid boolean)
  language sql stable security definer set search_path = ''
as $$
  select c.number, c.snapshot ->> 'holder',
    coalesce(c.snapshot ->> 'programme_fr', c.snapshot ->> 'formation_fr', c.snapshot ->> 'extension_fr'),
    coalesce(c.snapshot ->> 'programme_en', c.snapshot ->> 'formation_en', c.snapshot ->> 'extension_en'),
    c.snapshot ->> 'level_fr', c.snapshot ->> 'level_en', c.snapshot ->> 'academic_year', c.issued_at,
    c.snapshot ->> 'institution',
    c.revoked_at is null and exists (select 1 from public.student_registrations r where r.id = c.registration_id and r.status = 'active')
  from public.enrolment_certificates c
  where code ~ '^[0-9a-f]{32}$' and c.verification_code = code;
$$;
revoke all on function public.verify_enrolment_certificate(text) from public;
grant execute on function public.verify_enrolment_certificate(text) to anon, authenticated, service_role;
