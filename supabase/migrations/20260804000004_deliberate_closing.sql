-- Closing a session is deliberate (issue 20 §6, UX review 19).
--
-- "Clore la session normale" was offered, and accepted, with 52 of 52 students incomplete
-- and the final exams two months away. Now:
-- * deliberation_gaps(semester, session) says what is missing for that session:
--   - marks: students without a mark on a published evaluation of the session (normal:
--     every kind but resit, for each enrolled student; resit: resit evaluations, for the
--     students whose frozen normal result left that course's UE unvalidated);
--   - exams ahead: the session's exams (normal: kind exam; resit: kind resit) held after
--     today (Douala).
-- * close_deliberation(semester, session, override, reason) refuses (PT409, the gaps as
--   JSON in the error's detail) while anything is missing, unless override is true with a
--   reason; the audit entry then records the reason and what was missing.
-- * A reopened session cannot be published.
-- The owner and the service role act as the system (the demo seed) and are not asked.

create function public.deliberation_gaps(semester uuid, session text default 'normal') returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
#variable_conflict use_column
declare
  today date := (now() at time zone 'Africa/Douala')::date;
  evaluations jsonb;
  students integer;
  marks integer;
  ahead jsonb;
begin
  if private.acting_user() is not null and not private.is_admin() then
    raise exception 'only administrators prepare a deliberation' using errcode = '42501';
  end if;
  if deliberation_gaps.session not in ('normal', 'resit') then
    raise exception 'a session is normal or resit' using errcode = '22023';
  end if;
  with expected as (
    -- normal: every enrolled student sits every published evaluation but the resits
    select ev.id as evaluation_id, e.user_id as student_id
    from public.evaluations ev
    join public.courses c on c.id = ev.course_id
    join public.course_enrollments e on e.course_id = c.id and e.status in ('active', 'completed')
    where deliberation_gaps.session = 'normal' and c.semester_id = deliberation_gaps.semester and ev.is_published and ev.kind <> 'resit'
    union all
    -- resit: the students whose normal result left the course's UE unvalidated
    select ev.id, f.student_id
    from public.deliberations d
    join public.frozen_results f on f.deliberation_id = d.id
    cross join lateral jsonb_array_elements(f.units) u
    cross join lateral jsonb_array_elements(u -> 'courses') uc
    join public.evaluations ev on ev.course_id = (uc ->> 'course_id')::uuid and ev.kind = 'resit' and ev.is_published
    where deliberation_gaps.session = 'resit' and d.semester_id = deliberation_gaps.semester and d.session = 'normal' and d.reopened_at is null
      and u ->> 'validated_by' is null
  ),
  missing as (
    select x.evaluation_id, x.student_id from expected x
    where not exists (select 1 from public.grades g where g.evaluation_id = x.evaluation_id and g.student_id = x.student_id)
  ),
  per_evaluation as (
    select m.evaluation_id, count(*)::integer as missing from missing m group by m.evaluation_id
  )
  select
    coalesce(jsonb_agg(jsonb_build_object('id', ev.id, 'title', ev.title, 'kind', ev.kind, 'course_code', c.code,
      'course_title', c.title, 'held_on', ev.held_on, 'missing', pe.missing) order by c.code, ev.held_on, ev.title), '[]'::jsonb),
    (select count(distinct m.student_id)::integer from missing m),
    coalesce(sum(pe.missing), 0)::integer
  into evaluations, students, marks
  from per_evaluation pe
  join public.evaluations ev on ev.id = pe.evaluation_id
  join public.courses c on c.id = ev.course_id;

  select coalesce(jsonb_agg(jsonb_build_object('id', ev.id, 'title', ev.title, 'course_code', c.code,
    'course_title', c.title, 'held_on', ev.held_on) order by ev.held_on, c.code), '[]'::jsonb)
  into ahead
  from public.evaluations ev join public.courses c on c.id = ev.course_id
  where c.semester_id = deliberation_gaps.semester and ev.held_on > today
    and ev.kind = case when deliberation_gaps.session = 'resit' then 'resit' else 'exam' end;

  return jsonb_build_object('students', students, 'marks', marks, 'evaluations', evaluations,
    'exams_ahead', ahead, 'complete', marks = 0 and jsonb_array_length(ahead) = 0);
end;
$$;
comment on function public.deliberation_gaps(uuid, text) is
  'What a session still lacks before it is closed: students without a mark on its published evaluations, and its exams still to come.';
revoke all on function public.deliberation_gaps(uuid, text) from public, anon;
grant execute on function public.deliberation_gaps(uuid, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------
drop function public.close_deliberation(uuid, text);
create function public.close_deliberation(semester uuid, session text default 'normal',
  override boolean default false, reason text default null) returns uuid
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_column
declare
  deliberation uuid;
  frozen integer;
  gaps jsonb;
  details jsonb;
begin
  -- (trusted callers, the owner and the service role, act as the system: the demo seed)
  if private.acting_user() is not null and not private.is_admin() then
    raise exception 'only administrators close a deliberation' using errcode = '42501';
  end if;
  if session not in ('normal', 'resit') then
    raise exception 'a session is normal or resit' using errcode = '22023';
  end if;
  -- Taken before anything is read: a mark being saved now commits first (and is frozen
  -- with the rest) or waits and is refused.
  perform 1 from public.semesters s where s.id = semester for update;
  if not found then
    raise exception 'no such semester' using errcode = 'P0002';
  end if;
  if session = 'resit' and not exists (
    select 1 from public.deliberations d where d.semester_id = semester and d.session = 'normal' and d.reopened_at is null) then
    raise exception 'close the normal session before the resit session' using errcode = 'PT409';
  end if;
  if exists (select 1 from public.deliberations d where d.semester_id = semester and d.session = close_deliberation.session and d.reopened_at is null) then
    raise exception 'this session is already closed' using errcode = 'PT409';
  end if;
  details := jsonb_build_object('session', session);
  if private.acting_user() is not null then
    gaps := public.deliberation_gaps(semester, session);
    if not (gaps ->> 'complete')::boolean then
      if not coalesce(override, false) then
        raise exception 'marks are missing or exams are still to come: close with an override and a reason'
          using errcode = 'PT409', detail = gaps::text;
      end if;
      if reason is null or char_length(trim(reason)) not between 5 and 1000 then
        raise exception 'an override states why the session is closed now (5 to 1000 characters)' using errcode = '22023';
      end if;
      details := details || jsonb_build_object('override', true, 'reason', trim(reason),
        'missing_students', gaps -> 'students', 'missing_marks', gaps -> 'marks',
        'evaluations', gaps -> 'evaluations', 'exams_ahead', gaps -> 'exams_ahead');
    end if;
  end if;
  insert into public.deliberations (semester_id, session, closed_by)
  values (semester, session, private.acting_user())
  returning id into deliberation;
  insert into public.frozen_results (deliberation_id, student_id, average, gpa, credits_earned, credits_total,
    mention, decision, units)
  select deliberation, r.student_id, r.average, r.gpa, r.credits_earned, r.credits_total, r.mention, r.decision, r.units
  from public.semester_results(semester, session) r;
  get diagnostics frozen = row_count;
  perform public.record_audit('results.deliberation_closed', 'semester', semester::text,
    details || jsonb_build_object('students', frozen));
  return deliberation;
end;
$$;
comment on function public.close_deliberation(uuid, text, boolean, text) is
  'Closes a session (admins): refused while marks are missing or exams are to come, unless override with a reason (audited).';
revoke all on function public.close_deliberation(uuid, text, boolean, text) from public, anon;
grant execute on function public.close_deliberation(uuid, text, boolean, text) to authenticated;

-- ---------------------------------------------------------------------------------
-- A reopened session is not published (its frozen results are gone until it closes again).
create or replace function public.publish_deliberation(deliberation uuid) returns integer
  language plpgsql security definer set search_path = ''
as $$
declare
  told integer;
begin
  if private.acting_user() is not null and not private.is_admin() then
    raise exception 'only administrators publish results' using errcode = '42501';
  end if;
  if exists (select 1 from public.deliberations where id = deliberation and reopened_at is not null) then
    raise exception 'this session was reopened: close it again before publishing' using errcode = 'PT409';
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
