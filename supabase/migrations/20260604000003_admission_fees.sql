-- Admission attaches the fees (issue 13 item 4, issue 14): admit_application, unchanged
-- otherwise, now bills the new student the fee schedule of its programme (and level),
-- formation or extension programme for the year it registers in, when the bursar published
-- one (20260604000000). Everything stays one atomic, idempotent step.

create or replace function public.admit_application(application uuid) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  app public.applications;
  year uuid;
  kind text;
  number text;
  registration uuid;
  enrolled integer;
  schedule uuid;
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

  -- The current semester's courses of its level (or of its formation / extension programme).
  insert into public.course_enrollments (course_id, user_id, status)
  select c.id, app.applicant_id, 'active'
  from public.courses c
  left join public.semesters s on s.id = c.semester_id
  where (c.semester_id is null or s.is_current)
    and ((app.programme_id is not null and c.programme_id = app.programme_id
          and c.level_code is not distinct from app.level_code
          and (c.specialty_id is null or c.specialty_id = app.specialty_id))
      or (app.professional_formation_id is not null and c.professional_formation_id = app.professional_formation_id)
      or (app.extension_programme_id is not null and c.extension_programme_id = app.extension_programme_id))
  on conflict (course_id, user_id) do nothing;
  get diagnostics enrolled = row_count;

  -- The programme's fee schedule for that year (its level's, else the programme-wide one;
  -- the first one the bursar published), billed at once (student_fees is audited).
  select fs.id into schedule from public.fee_schedules fs
  where fs.academic_year_id = year and fs.published
    and fs.programme_id is not distinct from app.programme_id
    and fs.professional_formation_id is not distinct from app.professional_formation_id
    and fs.extension_programme_id is not distinct from app.extension_programme_id
    and (fs.level_code is null or fs.level_code = app.level_code)
  order by fs.level_code nulls last, fs.created_at, fs.id
  limit 1;
  if schedule is not null then
    insert into public.student_fees (student_id, fee_schedule_id) values (app.applicant_id, schedule)
    on conflict (student_id, fee_schedule_id) do nothing;
  end if;

  perform set_config('app.status_note', number, true);
  update public.applications set status = 'enrolled' where id = app.id;
  perform set_config('app.status_note', '', true);
  perform public.record_audit('admissions.admitted', 'application', app.id::text,
    jsonb_build_object('student_id', app.applicant_id, 'matricule', number, 'courses', enrolled, 'fee_schedule_id', schedule));
  return jsonb_build_object('student_id', app.applicant_id, 'matricule', number, 'registration_id', registration,
    'courses', enrolled, 'fee_schedule_id', schedule, 'already', false);
end;
$$;
