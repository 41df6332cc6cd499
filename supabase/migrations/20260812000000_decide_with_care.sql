-- Deciding with care and telling the admitted what comes next (issue 21 items 1–3; UX review
-- 2026-11-26 defects 3, 9, 11).
--
-- * The reviewer sets what the applicant is admitted to: programme, level and specialty
--   (applications.admitted_*), the applicant's choice preselected in the page and kept as
--   asked (programme_id, level_code, specialty_id are never rewritten): the applicant who
--   asked for M1 with a Bac C can be admitted to L1. The level must be one the programme's
--   degree opens, the specialty one of the programme's that opens that level.
-- * A decision can be corrected until enrolment (accepted → waiting list or rejected,
--   rejected → accepted…, or the admitted level changed), each one audited
--   ('admissions.decided', with the previous and the new decision and target).
-- * Acceptance ends the applicant's withdrawal ("Retirer ma candidature").
-- * admit_application registers the admitted target (not the asked one).
-- * Notices have a title and a body of their own; acceptance's body says what comes next.
-- * public.admission_course_count(): how many courses of the current semester a
--   registration for an accepted file would bring (the same rule as enrol_registration), so
--   the registration dialog says plainly when none exist yet. Why the UX review's new M1
--   student got none: every M1 course of the demo belongs to a specialty (data science,
--   audit) and she was registered without one; the reviewer now chooses the specialty.

-- ---------------------------------------------------------------------------------
-- 1. What the reviewer admits the applicant to.
alter table public.applications
  add column admitted_programme_id uuid references public.programmes (id) on delete restrict,
  add column admitted_specialty_id uuid references public.specialties (id) on delete restrict,
  add column admitted_level_code text references public.levels (code) on delete restrict;
create index applications_admitted_programme_id_idx on public.applications (admitted_programme_id);
create index applications_admitted_specialty_id_idx on public.applications (admitted_specialty_id);
create index applications_admitted_level_code_idx on public.applications (admitted_level_code);
comment on column public.applications.admitted_programme_id is 'The programme the reviewer admitted the applicant to (programme_id stays what was asked).';
comment on column public.applications.admitted_level_code is 'The level the reviewer admitted the applicant to (level_code stays what was asked).';
comment on column public.applications.admitted_specialty_id is 'The specialty the reviewer admitted the applicant to, if any.';
-- The insert grant of 20260802000001 lists the columns that existed then: applicants cannot
-- insert these; their updates are refused by private.applicant_changes_status_only (the
-- draft's list of editable columns does not name them).

-- ---------------------------------------------------------------------------------
-- 2. Corrections until enrolment.
create or replace function private.application_transition_allowed(from_status text, to_status text) returns boolean
  language sql immutable set search_path = ''
as $$
  select from_status = to_status or (from_status, to_status) in (
    ('draft', 'submitted'), ('draft', 'withdrawn'),
    ('submitted', 'under_review'), ('submitted', 'withdrawn'),
    ('under_review', 'documents_requested'), ('under_review', 'admitted'),
    ('under_review', 'waitlisted'), ('under_review', 'rejected'), ('under_review', 'withdrawn'),
    ('documents_requested', 'under_review'), ('documents_requested', 'admitted'),
    ('documents_requested', 'waitlisted'), ('documents_requested', 'rejected'),
    ('documents_requested', 'withdrawn'),
    ('waitlisted', 'admitted'), ('waitlisted', 'rejected'), ('waitlisted', 'withdrawn'),
    ('waitlisted', 'under_review'),
    ('admitted', 'enrolled'), ('admitted', 'withdrawn'),
    -- a reviewer's correction before enrolment
    ('admitted', 'waitlisted'), ('admitted', 'rejected'), ('admitted', 'under_review'),
    ('rejected', 'admitted'), ('rejected', 'waitlisted'), ('rejected', 'under_review')
  );
$$;

-- The applicant edits its draft; once submitted it may only withdraw, and not once accepted
-- (an admin may still record that an admitted applicant declined).
create or replace function private.applicant_changes_status_only() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  changed text;
begin
  if private.acting_user() is null or private.is_admin() then
    return new;
  end if;
  if old.status = 'draft' then
    changed := private.changed_columns(to_jsonb(new), to_jsonb(old),
      array['status', 'updated_at', 'kind', 'full_name', 'email', 'phone', 'country', 'city', 'preferred_locale',
            'programme_id', 'specialty_id', 'level_code', 'professional_formation_id', 'extension_programme_id',
            'motivation', 'details', 'birth_date', 'study_mode', 'consent_at']);
  else
    changed := private.changed_columns(to_jsonb(new), to_jsonb(old), array['status', 'updated_at']);
  end if;
  if changed is not null then
    raise exception 'a submitted application can no longer be edited by the applicant (%)', changed
      using errcode = '42501';
  end if;
  if old.status in ('admitted', 'enrolled') and new.status is distinct from old.status then
    raise exception 'an accepted application can no longer be withdrawn by the applicant; contact the admissions office'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

-- Is this level/specialty a valid admission target of the programme?
create function private.check_admission_target(programme uuid, level text, specialty uuid) returns void
  language plpgsql stable security definer set search_path = ''
as $$
declare
  degree text;
  cycle text;
begin
  select p.degree into degree from public.programmes p where p.id = programme;
  if degree is null then
    raise exception 'no such programme' using errcode = '22023';
  end if;
  select l.cycle into cycle from public.levels l where l.code = level;
  if cycle is null then
    raise exception 'a programme admission needs a level' using errcode = '22023';
  end if;
  if degree <> 'licence-master' and degree <> cycle then
    raise exception 'the programme has no level %', level using errcode = '23514';
  end if;
  if specialty is not null and not exists (
      select 1 from public.specialties s join public.specialty_levels sl on sl.specialty_id = s.id
      where s.id = specialty and s.programme_id = programme and sl.level_code = level) then
    raise exception 'that specialty is not one of the programme''s at level %', level using errcode = '23514';
  end if;
end;
$$;
revoke all on function private.check_admission_target(uuid, text, uuid) from public;

-- Decides one or many applications: under_review, admitted, waitlisted or rejected (with a
-- reason). For one file the reviewer may name the programme, level and specialty admitted to
-- (else the applicant's choice). A decided file (accepted, waiting list, rejected) may be
-- decided again until it is enrolled: a correction. Every decision is audited. All or none.
drop function public.decide_applications(uuid[], text, text);
create function public.decide_applications(applications uuid[], decision text, reason text default null,
    programme uuid default null, level text default null, specialty uuid default null)
  returns integer
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  app public.applications;
  done integer := 0;
  target_programme uuid;
  target_level text;
  target_specialty uuid;
begin
  if not private.is_admin() then
    raise exception 'only reviewers decide on applications' using errcode = '42501';
  end if;
  if decision not in ('under_review', 'admitted', 'waitlisted', 'rejected') then
    raise exception 'unknown decision %', decision using errcode = '22023';
  end if;
  if decision = 'rejected' and coalesce(trim(reason), '') = '' then
    raise exception 'a rejection needs a reason' using errcode = '23514';
  end if;
  if char_length(coalesce(reason, '')) > 1000 then
    raise exception 'the reason is longer than 1000 characters' using errcode = '23514';
  end if;
  if num_nonnulls(programme, level, specialty) > 0 and (decision <> 'admitted' or coalesce(cardinality(applications), 0) <> 1) then
    raise exception 'a programme and level are chosen when accepting one application' using errcode = '22023';
  end if;
  for app in select * from public.applications a where a.id = any (applications) order by a.id for update loop
    if app.status in ('draft', 'enrolled', 'withdrawn') then
      raise exception 'an application that is % cannot be decided', app.status using errcode = '23514';
    end if;
    target_programme := null;
    target_level := null;
    target_specialty := null;
    if decision = 'admitted' and app.programme_id is not null then
      target_programme := coalesce(programme, app.programme_id);
      target_level := coalesce(level, app.level_code);
      target_specialty := case when programme is not null or level is not null or specialty is not null then specialty
                               else app.specialty_id end;
      perform private.check_admission_target(target_programme, target_level, target_specialty);
    elsif programme is not null then
      raise exception 'only a programme application is admitted to a level' using errcode = '22023';
    end if;
    if app.status = 'submitted' and decision <> 'under_review' then
      update public.applications a set status = 'under_review' where a.id = app.id;
    end if;
    perform set_config('app.status_note', concat_ws(' — ',
      case when target_level is not null and (target_programme, target_level) is distinct from (app.programme_id, app.level_code)
           then target_level end,
      nullif(trim(coalesce(reason, '')), '')), true);
    update public.applications a
    set status = decision,
        decision_reason = case when decision in ('admitted', 'waitlisted', 'rejected') then nullif(trim(reason), '') else a.decision_reason end,
        admitted_programme_id = target_programme,
        admitted_level_code = target_level,
        admitted_specialty_id = target_specialty
    where a.id = app.id;
    perform set_config('app.status_note', '', true);
    perform public.record_audit('admissions.decided', 'application', app.id::text, jsonb_build_object(
      'from_status', app.status, 'to_status', decision, 'correction', app.status in ('admitted', 'waitlisted', 'rejected'),
      'reason', nullif(trim(coalesce(reason, '')), ''),
      'asked', jsonb_build_object('programme_id', app.programme_id, 'level', app.level_code, 'specialty_id', app.specialty_id),
      'admitted', case when decision = 'admitted' then jsonb_build_object('programme_id', target_programme, 'level', target_level,
        'specialty_id', target_specialty) end,
      'previous', case when app.status = 'admitted' then jsonb_build_object('programme_id', app.admitted_programme_id,
        'level', app.admitted_level_code, 'specialty_id', app.admitted_specialty_id) end));
    done := done + 1;
  end loop;
  if done <> coalesce(cardinality(applications), 0) then
    raise exception 'no such application' using errcode = 'P0002';
  end if;
  return done;
end;
$$;
revoke all on function public.decide_applications(uuid[], text, text, uuid, text, uuid) from public, anon;
grant execute on function public.decide_applications(uuid[], text, text, uuid, text, uuid) to authenticated;

-- ---------------------------------------------------------------------------------
-- 3. The current semester's courses a registration would bring (enrol_registration's rule).
create function private.current_courses_for(programme uuid, level text, specialty uuid, formation uuid, extension uuid)
  returns setof uuid
  language sql stable security definer set search_path = ''
as $$
  select c.id from public.courses c
  left join public.semesters s on s.id = c.semester_id
  where (c.semester_id is null or s.is_current)
    and ((programme is not null and c.programme_id = programme and c.level_code is not distinct from level
          and (c.specialty_id is null or c.specialty_id = specialty))
      or (formation is not null and c.professional_formation_id = formation)
      or (extension is not null and c.extension_programme_id = extension));
$$;
revoke all on function private.current_courses_for(uuid, text, uuid, uuid, uuid) from public;

-- Reviewers: how many courses registering this accepted file would enrol it in now.
create function public.admission_course_count(application uuid) returns integer
  language plpgsql stable security definer set search_path = ''
as $$
declare
  app public.applications;
begin
  if not private.is_admin() then
    raise exception 'only administrators register applicants' using errcode = '42501';
  end if;
  select * into app from public.applications a where a.id = application;
  if app.id is null then
    raise exception 'no such application' using errcode = 'P0002';
  end if;
  return (select count(*) from private.current_courses_for(
    coalesce(app.admitted_programme_id, app.programme_id),
    case when app.programme_id is not null then coalesce(app.admitted_level_code, app.level_code) end,
    case when app.admitted_programme_id is not null then app.admitted_specialty_id else app.specialty_id end,
    app.professional_formation_id, app.extension_programme_id));
end;
$$;
revoke all on function public.admission_course_count(uuid) from public, anon;
grant execute on function public.admission_course_count(uuid) to authenticated;

-- ---------------------------------------------------------------------------------
-- 4. Admission registers what was admitted (as in 20260703000000, the target changed).
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
  programme uuid;
  level text;
  specialty uuid;
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
  -- What the reviewer admitted to (files accepted before 20260812000000: what was asked).
  if app.programme_id is not null then
    programme := coalesce(app.admitted_programme_id, app.programme_id);
    level := coalesce(app.admitted_level_code, app.level_code);
    specialty := case when app.admitted_programme_id is not null then app.admitted_specialty_id else app.specialty_id end;
  end if;
  number := private.next_matricule(year, kind);

  insert into public.user_roles (user_id, role) values (app.applicant_id, 'student') on conflict do nothing;
  insert into public.student_registrations (student_id, academic_year_id, student_number, programme_id, specialty_id,
    level_code, professional_formation_id, extension_programme_id, application_id)
  values (app.applicant_id, year, number, programme, specialty, level,
    app.professional_formation_id, app.extension_programme_id, app.id)
  returning id into registration;
  brought := private.enrol_registration(registration, true);

  perform set_config('app.status_note', number, true);
  update public.applications set status = 'enrolled' where id = app.id;
  perform set_config('app.status_note', '', true);
  perform public.record_audit('admissions.admitted', 'application', app.id::text,
    jsonb_build_object('student_id', app.applicant_id, 'matricule', number, 'courses', brought -> 'courses',
      'fee_schedule_id', brought -> 'fee_schedule_id', 'programme_id', programme, 'level', level, 'specialty_id', specialty));
  return jsonb_build_object('student_id', app.applicant_id, 'matricule', number, 'registration_id', registration,
    'courses', brought -> 'courses', 'fee_schedule_id', brought -> 'fee_schedule_id', 'level', level, 'already', false);
end;
$$;

-- ---------------------------------------------------------------------------------
-- 5. Notices: a short title, a body that says what it means and what comes next.
create or replace function private.notify_application_status() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  en boolean := new.preferred_locale = 'en';
  title text;
  body text;
  matricule text;
  recipient text;
begin
  -- (API requests only: the demo seed and repairs by the owner notify nobody)
  if new.status = 'draft' or (tg_op = 'UPDATE' and old.status is not distinct from new.status)
     or coalesce(current_setting('request.headers', true), '') in ('', '{}') then
    return new;
  end if;
  if new.status = 'enrolled' then
    matricule := nullif(current_setting('app.status_note', true), '');
  end if;
  title := case new.status
    when 'submitted' then case when en then 'Application submitted' else 'Candidature déposée' end
    when 'under_review' then case when en then 'Application under review' else 'Candidature en cours d''examen' end
    when 'documents_requested' then case when en then 'A document is requested' else 'Un document est demandé' end
    when 'admitted' then case when en then 'You are accepted' else 'Vous êtes admis·e' end
    when 'waitlisted' then case when en then 'On the waiting list' else 'Sur liste d''attente' end
    when 'rejected' then case when en then 'Application not accepted' else 'Candidature non retenue' end
    when 'enrolled' then case when en then 'You are registered' else 'Inscription confirmée' end
    else case when en then 'Application withdrawn' else 'Candidature retirée' end
  end;
  body := case new.status
    when 'submitted' then case when en then 'We received your file. The admissions office will review it; you will be told of each step.'
                               else 'Nous avons bien reçu votre dossier. Le service des admissions va l''examiner ; chaque étape vous sera annoncée.' end
    when 'under_review' then case when en then 'A reviewer is reading your file. Nothing to do for now.'
                                  else 'Un membre du jury lit votre dossier. Rien à faire pour l''instant.' end
    when 'documents_requested' then case when en then 'Please upload the requested document from your application page; the review resumes once it is in.'
                                         else 'Déposez le document demandé depuis la page de votre candidature ; l''examen reprend dès sa réception.' end
    when 'admitted' then case when en then 'Congratulations! Your application page now lists the next steps: the fees and their due dates, your registration and matricule, the start date and what to prepare.'
                              else 'Félicitations ! La page de votre candidature indique maintenant la suite : les frais et leurs échéances, votre inscription et votre matricule, la date de rentrée et ce qu''il faut préparer.' end
    when 'waitlisted' then case when en then 'All places are taken for now. If one frees up, your file comes first in line; you will be told.'
                                else 'Toutes les places sont attribuées pour l''instant. Si une place se libère, votre dossier sera repris ; vous serez prévenu·e.' end
    when 'rejected' then case when en then 'Your application was not accepted. The reason is on your application page.'
                              else 'Votre candidature n''a pas été retenue. Le motif figure sur la page de votre candidature.' end
    when 'enrolled' then case when en then 'Your student space is open' || coalesce('; your matricule is ' || matricule, '') || '. Your courses and fees are in it.'
                              else 'Votre espace étudiant est ouvert' || coalesce(' ; votre matricule est ' || matricule, '') || '. Vous y trouverez vos cours et vos frais.' end
    else case when en then 'Your application is withdrawn.' else 'Votre candidature est retirée.' end
  end;
  if new.applicant_id is not null and private.wants_notification(new.applicant_id, 'application', 'in_app') then
    insert into public.student_notifications (user_id, type, title, message, priority, data, action_url, action_label)
    values (new.applicant_id, 'application', title, body,
            case when new.status in ('documents_requested', 'admitted', 'enrolled') then 'high' else 'normal' end,
            jsonb_build_object('application_id', new.id, 'status', new.status),
            case when en then '/en/dashboard/applications' else '/dashboard/applications' end,
            case when en then 'Follow my application' else 'Suivre ma candidature' end);
  end if;
  -- An account's application is mailed to the account's confirmed address only, so the
  -- form cannot be used to send the university's e-mails to strangers (20260811000000).
  if new.applicant_id is not null then
    select u.email into recipient from auth.users u
    where u.id = new.applicant_id and u.email_confirmed_at is not null and coalesce(u.email, '') <> '';
  else
    recipient := new.email;
  end if;
  if recipient is not null then
    insert into public.outbox_messages (channel, recipient, user_id, kind, subject, body)
    values ('email', recipient, new.applicant_id, 'application', title, body);
  end if;
  return new;
end;
$$;
