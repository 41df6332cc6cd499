-- LMD results (issue 12, DOMAIN §2): marks with absences and excuses, their history once
-- published, publishing per evaluation, the results engine and the deliberation.
--
-- * grades.status: marked (a score /20), absent (counts 0) or excused (left out).
-- * A published mark that changes (or is removed) writes grade_history (who, when, old,
--   new) and tells the student; the trigger does it, so no change can skip it.
-- * publish_evaluation(): the course's teacher (or an admin) publishes an evaluation's
--   marks; each marked student is told.
-- * The engine, every rule read from institution_settings (never constants):
--     course mark   = CC × cc_weight % + exam × (100 − cc_weight) %; CC = evaluations other
--                     than exam and resit, each part averaged by evaluation coefficients;
--                     in the resit session a resit mark replaces the exam mark (CC kept),
--                     capped at resit_cap when set;
--     UE average    = course marks weighted by courses.coefficient (the EC weights);
--     semester avg  = UE averages weighted by UE credits;
--     UE validated  = average ≥ pass_mark, or by compensation when the semester average is
--                     ≥ pass_mark and the UE is not under eliminatory_mark;
--     mention       = the highest band whose min the semester average reaches;
--     grade points  = the grade_points table on the mark × 5 (it is written out of 100);
--                     GPA = Σ(points × credits) / Σ credits;
--     decision      = validated | resit (normal session) | deferred (after the resit) |
--                     incomplete (a mark is missing).
--   Figures are rounded to 2 decimals at each level, as printed on a relevé, and compared
--   rounded. The functions are security invoker: each caller computes from the marks it
--   may read (a student: its own published marks; a teacher: its courses').
-- * Deliberation: an admin closes a semester's session (normal, then resit); the results
--   are frozen in frozen_results and the semester's marks are locked; publishing them
--   shows them to the students and tells each one.

-- ---------------------------------------------------------------------------------
-- Absent and excused marks.
alter table public.grades add column status text not null default 'marked'
  check (status in ('marked', 'absent', 'excused'));
alter table public.grades alter column score drop not null;
alter table public.grades add constraint grades_score_when_marked
  check ((status = 'marked') = (score is not null));
comment on column public.grades.status is 'marked (score /20), absent (counts as 0) or excused (left out of the average).';

-- A changed status signs the mark like a changed score.
create or replace function private.sign_grade() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  caller uuid := private.acting_user();
begin
  if caller is null then
    return new;
  end if;
  if tg_op = 'INSERT' or (new.score, new.comment, new.status) is distinct from (old.score, old.comment, old.status) then
    new.graded_by := caller;
    new.graded_at := now();
  else
    new.graded_by := old.graded_by;
    new.graded_at := old.graded_at;
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------
-- Deliberations and frozen results (declared first: the mark lock reads them).
create table public.deliberations (
  id uuid primary key default gen_random_uuid(),
  semester_id uuid not null references public.semesters (id) on delete restrict,
  session text not null check (session in ('normal', 'resit')),
  closed_at timestamptz not null default now(),
  closed_by uuid references public.profiles (id) on delete set null,
  published_at timestamptz,
  published_by uuid references public.profiles (id) on delete set null,
  unique (semester_id, session)
);
comment on table public.deliberations is 'A closed session (normal or resit) of a semester: its results are frozen; published_at shows them to students.';
create index deliberations_closed_by_idx on public.deliberations (closed_by);
create index deliberations_published_by_idx on public.deliberations (published_by);

create table public.frozen_results (
  deliberation_id uuid not null references public.deliberations (id) on delete cascade,
  student_id uuid not null references public.profiles (id) on delete cascade,
  average numeric(5, 2),
  gpa numeric(3, 2),
  credits_earned smallint not null,
  credits_total smallint not null,
  mention jsonb,
  decision text not null check (decision in ('validated', 'resit', 'deferred', 'incomplete')),
  -- [{unit_id, code, title_fr, title_en, credits, average, validated_by, letter, points,
  --   courses: [{course_id, code, title, coefficient, cc, exam, resit, mark}]}]
  units jsonb not null check (jsonb_typeof(units) = 'array'),
  primary key (deliberation_id, student_id)
);
comment on table public.frozen_results is 'A student''s semester result as the deliberation froze it.';
create index frozen_results_student_id_idx on public.frozen_results (student_id);

alter table public.deliberations enable row level security;
alter table public.frozen_results enable row level security;
create policy "deliberations: members read" on public.deliberations for select to authenticated using (true);
create policy "frozen_results: the student once published, admins read" on public.frozen_results for select to authenticated
  using ((select private.is_admin())
         or (student_id = (select auth.uid())
             and exists (select 1 from public.deliberations d where d.id = deliberation_id and d.published_at is not null)));
revoke all on public.deliberations, public.frozen_results from anon;
revoke insert, update, delete, truncate, references, trigger on public.deliberations, public.frozen_results from authenticated;

-- ---------------------------------------------------------------------------------
-- Marks of a closed session are frozen: after the normal session only resit marks may
-- change, after the resit session none.
create function private.lock_closed_marks() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  ev record;
begin
  select e.kind, c.semester_id into ev
  from public.evaluations e join public.courses c on c.id = e.course_id
  where e.id = case when tg_op = 'DELETE' then old.evaluation_id else new.evaluation_id end;
  if exists (
    select 1 from public.deliberations d
    where d.semester_id = ev.semester_id and (d.session = 'resit' or ev.kind <> 'resit')
  ) then
    raise exception 'the deliberation of this semester is closed: its marks are frozen' using errcode = 'PT409';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
create trigger grades_lock_closed before insert or update or delete on public.grades
  for each row execute function private.lock_closed_marks();

-- ---------------------------------------------------------------------------------
-- History of published marks.
create table public.grade_history (
  id bigint generated always as identity primary key,
  evaluation_id uuid not null references public.evaluations (id) on delete cascade,
  student_id uuid not null references public.profiles (id) on delete cascade,
  old_status text,
  old_score numeric(4, 2),
  new_status text,
  new_score numeric(4, 2),
  changed_by uuid references public.profiles (id) on delete set null,
  changed_at timestamptz not null default now()
);
comment on table public.grade_history is 'Each change to a published mark: who, when, the old and the new mark (null: removed).';
create index grade_history_evaluation_student_idx on public.grade_history (evaluation_id, student_id);
create index grade_history_student_id_idx on public.grade_history (student_id);
create index grade_history_changed_by_idx on public.grade_history (changed_by);

alter table public.grade_history enable row level security;
create policy "grade_history: the student, the teacher and admins read" on public.grade_history for select to authenticated
  using (student_id = (select auth.uid())
         or private.teaches_course(private.course_of_evaluation(evaluation_id))
         or (select private.is_admin()));
revoke all on public.grade_history from anon;
revoke insert, update, delete, truncate, references, trigger on public.grade_history from authenticated;

create function private.record_grade_change() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  removed boolean := tg_op = 'DELETE';
  ev record;
begin
  if not removed and (new.score, new.status) is not distinct from (old.score, old.status) then
    return null;
  end if;
  select e.title, e.is_published, c.title as course_title into ev
  from public.evaluations e join public.courses c on c.id = e.course_id where e.id = old.evaluation_id;
  if not coalesce(ev.is_published, false) then
    return null;  -- a draft mark changes freely; a removed evaluation takes its marks along
  end if;
  insert into public.grade_history (evaluation_id, student_id, old_status, old_score, new_status, new_score, changed_by)
  values (old.evaluation_id, old.student_id, old.status, old.score,
          case when removed then null else new.status end, case when removed then null else new.score end,
          coalesce(private.acting_user(), case when removed then null else new.graded_by end));
  insert into public.student_notifications (user_id, type, priority, title, message, data, action_url, action_label)
  select p.id, 'grade_published', 'normal',
    left(case when p.preferred_locale = 'en' then 'Mark changed: ' else 'Note modifiée : ' end || ev.course_title, 200),
    left(case when p.preferred_locale = 'en'
      then ev.title || ': your mark was changed. See your results.'
      else ev.title || ' : votre note a été modifiée. Voir vos résultats.' end, 2000),
    jsonb_build_object('kind', 'grade_changed', 'evaluation_id', old.evaluation_id),
    '/dashboard/student/grades',
    case when p.preferred_locale = 'en' then 'My results' else 'Mes résultats' end
  from public.profiles p where p.id = old.student_id;
  return null;
end;
$$;
create trigger grades_history after update or delete on public.grades
  for each row execute function private.record_grade_change();

-- ---------------------------------------------------------------------------------
-- Publishing an evaluation's marks.
create function public.publish_evaluation(evaluation uuid) returns integer
  language plpgsql security definer set search_path = ''
as $$
declare
  ev record;
  told integer;
begin
  select e.id, e.title, e.is_published, e.course_id, c.title as course_title into ev
  from public.evaluations e join public.courses c on c.id = e.course_id where e.id = evaluation;
  if ev.id is null then
    raise exception 'no such evaluation' using errcode = 'P0002';
  end if;
  if not (private.teaches_course(ev.course_id) or private.is_admin()) then
    raise exception 'only the course''s teacher or an administrator publishes its marks' using errcode = '42501';
  end if;
  if ev.is_published then
    return 0;
  end if;
  update public.evaluations set is_published = true where id = evaluation;
  insert into public.student_notifications (user_id, type, priority, title, message, data, action_url, action_label)
  select p.id, 'grade_published', 'normal',
    left(case when p.preferred_locale = 'en' then 'New mark: ' else 'Nouvelle note : ' end || ev.course_title, 200),
    left(case when p.preferred_locale = 'en'
      then ev.title || ': your mark is published.' else ev.title || ' : votre note est publiée.' end, 2000),
    jsonb_build_object('kind', 'grade_published', 'evaluation_id', evaluation),
    '/dashboard/student/grades',
    case when p.preferred_locale = 'en' then 'My results' else 'Mes résultats' end
  from public.grades g join public.profiles p on p.id = g.student_id
  where g.evaluation_id = evaluation;
  get diagnostics told = row_count;
  -- (record_audit is for admins; a teacher's publication is logged here directly)
  insert into public.audit_log (actor_id, action, target_type, target_id, details)
  values (private.acting_user(), 'grades.evaluation_published', 'evaluation', evaluation::text,
    jsonb_build_object('students', told));
  return told;
end;
$$;
revoke all on function public.publish_evaluation(uuid) from public, anon;
grant execute on function public.publish_evaluation(uuid) to authenticated;

-- ---------------------------------------------------------------------------------
-- The rules, one small function each (the tests check them with hand-worked figures).

-- A course mark from its CC and exam parts (either may be null when the course has none).
create function private.course_mark(cc numeric, exam numeric, cc_weight integer) returns numeric
  language sql immutable set search_path = ''
as $$
  select round(case
    when cc is null then exam
    when exam is null then cc
    else cc * cc_weight / 100.0 + exam * (100 - cc_weight) / 100.0 end, 2);
$$;

-- After a resit: the resit replaces the exam, CC kept, capped when a cap is set.
create function private.resit_mark(cc numeric, resit numeric, cc_weight integer, cap numeric) returns numeric
  language sql immutable set search_path = ''
as $$
  select case when cap is null then private.course_mark(cc, resit, cc_weight)
              else least(private.course_mark(cc, resit, cc_weight), cap) end;
$$;

-- How a UE is validated: 'average', 'compensation', or null (not validated / unknown).
create function private.unit_validation(average numeric, semester_average numeric, pass_mark numeric,
  compensation boolean, eliminatory_mark numeric) returns text
  language sql immutable set search_path = ''
as $$
  select case
    when average is null then null
    when average >= pass_mark then 'average'
    when compensation and semester_average is not null and semester_average >= pass_mark
         and (eliminatory_mark is null or average >= eliminatory_mark) then 'compensation'
    else null end;
$$;

-- The mention of an average: the band with the highest min it reaches ({min, fr, en}).
create function private.mention(average numeric, bands jsonb) returns jsonb
  language sql immutable set search_path = ''
as $$
  select b from jsonb_array_elements(bands) b
  where average is not null and (b ->> 'min')::numeric <= average
  order by (b ->> 'min')::numeric desc limit 1;
$$;

-- Letter and points of a mark /20 in a grade-point table written out of 100.
create function private.grade_point(mark numeric, points_table jsonb) returns jsonb
  language sql immutable set search_path = ''
as $$
  select b from jsonb_array_elements(points_table) b
  where mark is not null and (b ->> 'min')::numeric <= mark * 5
  order by (b ->> 'min')::numeric desc limit 1;
$$;

revoke all on function private.course_mark(numeric, numeric, integer), private.resit_mark(numeric, numeric, integer, numeric),
  private.unit_validation(numeric, numeric, numeric, boolean, numeric), private.mention(numeric, jsonb),
  private.grade_point(numeric, jsonb) from public;
grant execute on function private.course_mark(numeric, numeric, integer), private.resit_mark(numeric, numeric, integer, numeric),
  private.unit_validation(numeric, numeric, numeric, boolean, numeric), private.mention(numeric, jsonb),
  private.grade_point(numeric, jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- Course marks of a semester: one row per enrolled student and course the caller may see.
-- A part's average counts marked and absent (0) marks and leaves excused ones out;
-- missing = evaluations of the part with no mark yet (for the caller).
create function public.semester_course_marks(semester uuid, session text default 'normal')
  returns table (student_id uuid, course_id uuid, unit_id uuid, coefficient numeric,
                 cc numeric, exam numeric, resit numeric, mark numeric, missing integer)
  language sql stable security invoker set search_path = ''
as $$
  with settings as (select cc_weight, resit_cap from public.institution_settings where id),
  enrolled as (
    select e.user_id as student_id, c.id as course_id, coalesce(c.teaching_unit_id, c.id) as unit_id, c.coefficient
    from public.course_enrollments e join public.courses c on c.id = e.course_id
    where c.semester_id = semester and e.status in ('active', 'completed')
      and (private.acting_user() is null or e.user_id = (select auth.uid())
           or private.teaches_course(c.id) or (select private.is_admin()))
  ),
  marks as (
    select en.student_id, en.course_id,
      case ev.kind when 'exam' then 'exam' when 'resit' then 'resit' else 'cc' end as part,
      ev.coefficient, g.status, g.score
    from enrolled en
    join public.evaluations ev on ev.course_id = en.course_id
    left join public.grades g on g.evaluation_id = ev.id and g.student_id = en.student_id
  ),
  parts as (
    select m.student_id, m.course_id, m.part,
      round(sum(m.coefficient * coalesce(m.score, 0)) filter (where m.status in ('marked', 'absent'))
            / nullif(sum(m.coefficient) filter (where m.status in ('marked', 'absent')), 0), 2) as average,
      count(*) filter (where m.status is null)::integer as missing,
      count(*) filter (where m.status is not null)::integer as given
    from marks m group by m.student_id, m.course_id, m.part
  ),
  per_course as (
    select en.*,
      (select p.average from parts p where p.student_id = en.student_id and p.course_id = en.course_id and p.part = 'cc') as cc,
      (select p.average from parts p where p.student_id = en.student_id and p.course_id = en.course_id and p.part = 'exam') as exam,
      case when session = 'resit' then
        (select p.average from parts p where p.student_id = en.student_id and p.course_id = en.course_id and p.part = 'resit') end as resit,
      coalesce((select sum(p.missing) from parts p where p.student_id = en.student_id and p.course_id = en.course_id and p.part <> 'resit'), 0)::integer as missing,
      exists (select 1 from parts p where p.student_id = en.student_id and p.course_id = en.course_id and p.part = 'exam') as has_exam
    from enrolled en
  )
  select pc.student_id, pc.course_id, pc.unit_id, pc.coefficient, pc.cc, pc.exam, pc.resit,
    case
      when pc.resit is not null then private.resit_mark(pc.cc, pc.resit, s.cc_weight, s.resit_cap)
      when pc.missing > 0 or (pc.has_exam and pc.exam is null) then null
      else private.course_mark(pc.cc, pc.exam, s.cc_weight) end as mark,
    pc.missing
  from per_course pc cross join settings s;
$$;

-- UE results: average by EC coefficients, the semester average by UE credits (over the
-- student's UEs), how each UE is validated and its grade point. A course outside any UE is
-- a UE of its own (its own credits and code).
create function public.semester_unit_results(semester uuid, session text default 'normal')
  returns table (student_id uuid, unit_id uuid, code text, title_fr text, title_en text, credits integer,
                 average numeric, semester_average numeric, validated_by text, letter text, points numeric,
                 courses jsonb)
  language sql stable security invoker set search_path = ''
as $$
  with settings as (select * from public.institution_settings where id),
  cm as (select * from public.semester_course_marks(semester, session)),
  units as (
    select cm.student_id, cm.unit_id,
      min(coalesce(u.code, c.code)) as code, min(coalesce(u.title_fr, c.title)) as title_fr,
      min(coalesce(u.title_en, c.title)) as title_en, min(coalesce(u.credits, c.credits))::integer as credits,
      case when bool_and(cm.mark is not null)
        then round(sum(cm.mark * cm.coefficient) / sum(cm.coefficient), 2) end as average,
      jsonb_agg(jsonb_build_object('course_id', cm.course_id, 'code', c.code, 'title', c.title,
        'coefficient', cm.coefficient, 'cc', cm.cc, 'exam', cm.exam, 'resit', cm.resit, 'mark', cm.mark,
        'missing', cm.missing) order by c.code) as courses
    from cm
    join public.courses c on c.id = cm.course_id
    left join public.teaching_units u on u.id = c.teaching_unit_id
    group by cm.student_id, cm.unit_id
  ),
  with_semester as (
    select un.*,
      case when bool_and(un.average is not null) over w
        then round(sum(un.average * un.credits) over w / sum(un.credits) over w, 2) end as semester_average
    from units un
    window w as (partition by un.student_id)
  )
  select ws.student_id, ws.unit_id, ws.code, ws.title_fr, ws.title_en, ws.credits, ws.average, ws.semester_average,
    private.unit_validation(ws.average, ws.semester_average, s.pass_mark, s.compensation, s.eliminatory_mark),
    private.grade_point(ws.average, s.grade_points) ->> 'letter',
    (private.grade_point(ws.average, s.grade_points) ->> 'points')::numeric,
    ws.courses
  from with_semester ws cross join settings s;
$$;

-- A student's semester: average, GPA, credits, mention, decision and its UEs.
create function public.semester_results(semester uuid, session text default 'normal')
  returns table (student_id uuid, average numeric, gpa numeric, credits_earned integer, credits_total integer,
                 mention jsonb, decision text, units jsonb)
  language sql stable security invoker set search_path = ''
as $$
  with settings as (select * from public.institution_settings where id),
  ur as (select * from public.semester_unit_results(semester, session))
  select ur.student_id,
    min(ur.semester_average),
    case when bool_and(ur.points is not null)
      then round(sum(ur.points * ur.credits) / sum(ur.credits), 2) end,
    coalesce(sum(ur.credits) filter (where ur.validated_by is not null), 0)::integer,
    sum(ur.credits)::integer,
    private.mention(min(ur.semester_average), (select mention_bands from settings)),
    case
      when bool_or(ur.average is null) then 'incomplete'
      when bool_and(ur.validated_by is not null) then 'validated'
      when session = 'resit' then 'deferred'
      else 'resit' end,
    jsonb_agg(jsonb_build_object('unit_id', ur.unit_id, 'code', ur.code, 'title_fr', ur.title_fr,
      'title_en', ur.title_en, 'credits', ur.credits, 'average', ur.average, 'validated_by', ur.validated_by,
      'letter', ur.letter, 'points', ur.points, 'courses', ur.courses) order by ur.code)
  from ur group by ur.student_id;
$$;

revoke all on function public.semester_course_marks(uuid, text), public.semester_unit_results(uuid, text),
  public.semester_results(uuid, text) from public, anon;
grant execute on function public.semester_course_marks(uuid, text), public.semester_unit_results(uuid, text),
  public.semester_results(uuid, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- Deliberation: close a session (freeze), then publish.
create function public.close_deliberation(semester uuid, session text default 'normal') returns uuid
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_column
declare
  deliberation uuid;
  frozen integer;
begin
  -- (trusted callers, the owner and the service role, act as the system: the demo seed)
  if private.acting_user() is not null and not private.is_admin() then
    raise exception 'only administrators close a deliberation' using errcode = '42501';
  end if;
  if session not in ('normal', 'resit') then
    raise exception 'a session is normal or resit' using errcode = '22023';
  end if;
  if not exists (select 1 from public.semesters where id = semester) then
    raise exception 'no such semester' using errcode = 'P0002';
  end if;
  if session = 'resit' and not exists (
    select 1 from public.deliberations d where d.semester_id = semester and d.session = 'normal') then
    raise exception 'close the normal session before the resit session' using errcode = 'PT409';
  end if;
  insert into public.deliberations (semester_id, session, closed_by)
  values (semester, session, private.acting_user())
  on conflict (semester_id, session) do nothing
  returning id into deliberation;
  if deliberation is null then
    raise exception 'this session is already closed' using errcode = 'PT409';
  end if;
  insert into public.frozen_results (deliberation_id, student_id, average, gpa, credits_earned, credits_total,
    mention, decision, units)
  select deliberation, r.student_id, r.average, r.gpa, r.credits_earned, r.credits_total, r.mention, r.decision, r.units
  from public.semester_results(semester, session) r;
  get diagnostics frozen = row_count;
  perform public.record_audit('results.deliberation_closed', 'semester', semester::text,
    jsonb_build_object('session', session, 'students', frozen));
  return deliberation;
end;
$$;

create function public.publish_deliberation(deliberation uuid) returns integer
  language plpgsql security definer set search_path = ''
as $$
declare
  told integer;
begin
  if private.acting_user() is not null and not private.is_admin() then
    raise exception 'only administrators publish results' using errcode = '42501';
  end if;
  update public.deliberations set published_at = now(), published_by = private.acting_user()
  where id = deliberation and published_at is null;
  if not found then
    if exists (select 1 from public.deliberations where id = deliberation) then
      return 0;
    end if;
    raise exception 'no such deliberation' using errcode = 'P0002';
  end if;
  insert into public.student_notifications (user_id, type, priority, title, message, data, action_url, action_label)
  select p.id, 'grade_published', 'high',
    case when p.preferred_locale = 'en' then 'Semester results published' else 'Résultats du semestre publiés' end,
    case when p.preferred_locale = 'en' then 'Your semester results are available.'
         else 'Vos résultats du semestre sont disponibles.' end,
    jsonb_build_object('kind', 'results_published', 'deliberation_id', deliberation),
    '/dashboard/student/grades',
    case when p.preferred_locale = 'en' then 'My results' else 'Mes résultats' end
  from public.frozen_results f join public.profiles p on p.id = f.student_id
  where f.deliberation_id = deliberation;
  get diagnostics told = row_count;
  perform public.record_audit('results.deliberation_published', 'deliberation', deliberation::text,
    jsonb_build_object('students', told));
  return told;
end;
$$;
revoke all on function public.close_deliberation(uuid, text), public.publish_deliberation(uuid) from public, anon;
grant execute on function public.close_deliberation(uuid, text), public.publish_deliberation(uuid) to authenticated;
