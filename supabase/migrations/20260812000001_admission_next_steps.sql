-- What comes next for an accepted applicant (issue 21 item 2; UX review 2026-11-26 defect 9):
-- one read for the applicant's checklist, whatever the applicant's own rights on the
-- catalogue and finance tables: the target admitted to, the year's start, the fee schedule
-- that registration will bill (the same choice as private.enrol_registration: its level's,
-- else the programme-wide one, published) with each instalment's date as it applies to the
-- applicant (an instalment already due at registration falls due at registration plus the
-- grace days, as student_dues says), and the registration once it exists.
create function public.admission_next_steps(application uuid) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  app public.applications;
  programme uuid;
  level text;
  year uuid;
  schedule public.fee_schedules;
  reg public.student_registrations;
  from_day date;
begin
  select * into app from public.applications a where a.id = application;
  if app.id is null or not (app.applicant_id = (select auth.uid()) or private.is_admin()) then
    raise exception 'no such application' using errcode = 'P0002';
  end if;
  if app.status not in ('admitted', 'enrolled') then
    return null;
  end if;
  if app.programme_id is not null then
    programme := coalesce(app.admitted_programme_id, app.programme_id);
    level := coalesce(app.admitted_level_code, app.level_code);
  end if;
  year := coalesce(app.academic_year_id, private.current_academic_year());
  select * into reg from public.student_registrations r where r.application_id = app.id;
  select fs.* into schedule from public.fee_schedules fs
  where fs.academic_year_id = year and fs.published
    and fs.programme_id is not distinct from programme
    and fs.professional_formation_id is not distinct from app.professional_formation_id
    and fs.extension_programme_id is not distinct from app.extension_programme_id
    and (fs.level_code is null or fs.level_code = level)
  order by fs.level_code nulls last, fs.created_at, fs.id
  limit 1;
  -- Before registration, dates are computed as if registered today.
  from_day := coalesce((reg.registered_at at time zone 'Africa/Douala')::date, (now() at time zone 'Africa/Douala')::date);
  return jsonb_build_object(
    'programme', (select jsonb_build_object('name_fr', p.name_fr, 'name_en', p.name_en) from public.programmes p where p.id = programme),
    'level', level,
    'specialty', (select jsonb_build_object('name_fr', s.name_fr, 'name_en', s.name_en) from public.specialties s
                  where s.id = case when app.admitted_programme_id is not null then app.admitted_specialty_id else app.specialty_id end),
    'asked_level', app.level_code,
    'starts_on', (select min(s.starts_on) from public.semesters s where s.academic_year_id = year),
    'current_semester_starts_on', (select s.starts_on from public.semesters s where s.academic_year_id = year and s.is_current),
    'registration', case when reg.id is not null then jsonb_build_object('matricule', reg.student_number,
      'registered_on', (reg.registered_at at time zone 'Africa/Douala')::date) end,
    'fees', case when schedule.id is not null then jsonb_build_object(
      'registration_fee_xaf', schedule.registration_fee_xaf,
      'tuition_xaf', schedule.tuition_xaf,
      'grace_days', schedule.late_grace_days,
      'instalments', coalesce((select jsonb_agg(jsonb_build_object(
          'label_fr', fi.label_fr, 'label_en', fi.label_en, 'amount_xaf', fi.amount_xaf, 'scheduled_on', fi.due_on,
          'due_on', case when fi.due_on < from_day then from_day + schedule.late_grace_days else fi.due_on end)
        order by fi.position) from public.fee_instalments fi where fi.fee_schedule_id = schedule.id), '[]'::jsonb)) end);
end;
$$;
revoke all on function public.admission_next_steps(uuid) from public, anon;
grant execute on function public.admission_next_steps(uuid) to authenticated;
