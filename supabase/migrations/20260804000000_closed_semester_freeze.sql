-- A closed session freezes everything that decides its marks (issue 20 §2, security review
-- M2), and only a registrar's audited reopening unfreezes it.
--
-- Before, private.lock_closed_marks guarded grades only: the course's teacher moved an
-- evaluation of a closed semester to a current course, changed the mark and moved it back;
-- a closed semester also took a changed coefficient, a new published evaluation and a
-- current evaluation moved in with its marks. Now:
-- * evaluations: adding, deleting, or changing course_id / coefficient / kind is refused
--   when the semester left or the semester entered has a closed session that covers the
--   evaluation (after the normal session only resit evaluations may change; after the
--   resit session none). Quiz re-marking and gradebook imports write grades, whose lock
--   already covers both the evaluation left and the one entered.
-- * Every lock first takes the semester row (key share); closing and reopening take it
--   for update. A mark saved while a session closes therefore either commits before the
--   close computes the frozen results (which then include it), or waits for the close and
--   is refused: nothing lands after the freeze (tests/integration/concurrency/marks.test.ts).
-- * reopen_deliberation(deliberation, reason): an admin at aal2 reopens a closed session
--   with a reason. The deliberation row stays (issued relevés point at it) with who, when
--   and why; its frozen results are removed (kept in the audit entry) and the session can
--   be closed again. The resit session is reopened before the normal one.

-- ---------------------------------------------------------------------------------
-- Reopened sessions stay on record; one open (not reopened) row per semester and session.
alter table public.deliberations
  add column reopened_at timestamptz,
  add column reopened_by uuid references public.profiles (id) on delete set null,
  add column reopen_reason text check (reopen_reason is null or char_length(reopen_reason) between 5 and 1000),
  add constraint deliberations_reopen_complete check ((reopened_at is null) = (reopen_reason is null));
create index deliberations_reopened_by_idx on public.deliberations (reopened_by);
alter table public.deliberations drop constraint deliberations_semester_id_session_key;
create unique index deliberations_one_closed_per_session on public.deliberations (semester_id, session)
  where reopened_at is null;
comment on column public.deliberations.reopened_at is 'Set when a registrar reopened the session (reopen_deliberation): its marks are no longer frozen by it.';

-- ---------------------------------------------------------------------------------
-- Serialises mark writes with closing: a writer shares the semester row, closing takes it.
create function private.lock_semester_for_marks(semester uuid) returns void
  language plpgsql security definer set search_path = ''
as $$
begin
  perform 1 from public.semesters s where s.id = semester for key share;
end;
$$;

-- Whether a mark of this kind is frozen in this semester (a closed session covers it).
create function private.marks_frozen(semester uuid, kind text) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select semester is not null and exists (
    select 1 from public.deliberations d
    where d.semester_id = semester and d.reopened_at is null
      and (d.session = 'resit' or kind is distinct from 'resit'));
$$;
revoke all on function private.lock_semester_for_marks(uuid), private.marks_frozen(uuid, text) from public;

-- grades: the evaluation left and the evaluation entered (a mark never moves today, but the
-- rule does not depend on it).
create or replace function private.lock_closed_marks() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  ev record;
begin
  for ev in
    select e.kind, c.semester_id
    from public.evaluations e join public.courses c on c.id = e.course_id
    where e.id = case when tg_op = 'INSERT' then null else old.evaluation_id end
       or e.id = case when tg_op = 'DELETE' then null else new.evaluation_id end
    order by c.semester_id
  loop
    perform private.lock_semester_for_marks(ev.semester_id);
    if private.marks_frozen(ev.semester_id, ev.kind) then
      raise exception 'the deliberation of this semester is closed: its marks are frozen' using errcode = 'PT409';
    end if;
  end loop;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

-- evaluations: what decides the marks (course, coefficient, kind; existing at all), for the
-- semester left and the semester entered.
create function private.lock_closed_evaluations() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  side record;
begin
  if tg_op = 'UPDATE' and (new.course_id, new.coefficient, new.kind) is not distinct from (old.course_id, old.coefficient, old.kind) then
    return new;
  end if;
  for side in
    select c.semester_id, x.kind
    from (values
      (case when tg_op = 'INSERT' then null else old.course_id end, case when tg_op = 'INSERT' then null else old.kind end),
      (case when tg_op = 'DELETE' then null else new.course_id end, case when tg_op = 'DELETE' then null else new.kind end)
    ) as x (course_id, kind)
    join public.courses c on c.id = x.course_id
    order by c.semester_id
  loop
    perform private.lock_semester_for_marks(side.semester_id);
    if private.marks_frozen(side.semester_id, side.kind) then
      raise exception 'the deliberation of this semester is closed: its evaluations are frozen (course, coefficient, kind; none added or removed)'
        using errcode = 'PT409';
    end if;
  end loop;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
create trigger evaluations_lock_closed before insert or update or delete on public.evaluations
  for each row execute function private.lock_closed_evaluations();
revoke all on function private.lock_closed_evaluations() from public;

-- ---------------------------------------------------------------------------------
-- The registrar's reopening: admin at aal2 (whatever the MFA setting), with a reason.
create function public.reopen_deliberation(deliberation uuid, reason text) returns void
  language plpgsql security definer set search_path = ''
as $$
declare
  d public.deliberations;
  was jsonb;
begin
  if not private.is_admin() or coalesce((select auth.jwt() ->> 'aal'), '') <> 'aal2' then
    raise exception 'only an administrator with two-step verification (aal2) reopens a session' using errcode = '42501';
  end if;
  if reason is null or char_length(trim(reason)) not between 5 and 1000 then
    raise exception 'say why the session is reopened (5 to 1000 characters)' using errcode = '22023';
  end if;
  select * into d from public.deliberations x where x.id = deliberation;
  if d.id is null then
    raise exception 'no such deliberation' using errcode = 'P0002';
  end if;
  perform 1 from public.semesters s where s.id = d.semester_id for update;
  select * into d from public.deliberations x where x.id = deliberation for update;
  if d.reopened_at is not null then
    raise exception 'this session is already reopened' using errcode = 'PT409';
  end if;
  if d.session = 'normal' and exists (
    select 1 from public.deliberations x where x.semester_id = d.semester_id and x.session = 'resit' and x.reopened_at is null) then
    raise exception 'reopen the resit session before the normal session' using errcode = 'PT409';
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('student_id', f.student_id, 'average', f.average, 'decision', f.decision,
    'credits_earned', f.credits_earned) order by f.student_id), '[]'::jsonb)
  into was from public.frozen_results f where f.deliberation_id = deliberation;
  update public.deliberations x
    set reopened_at = now(), reopened_by = private.acting_user(), reopen_reason = trim(reason)
  where x.id = deliberation;
  delete from public.frozen_results f where f.deliberation_id = deliberation;
  perform public.record_audit('results.deliberation_reopened', 'deliberation', deliberation::text,
    jsonb_build_object('semester_id', d.semester_id, 'session', d.session, 'reason', trim(reason),
      'was_published', d.published_at is not null, 'frozen_results', was));
end;
$$;
comment on function public.reopen_deliberation(uuid, text) is
  'A registrar (admin at aal2) reopens a closed session with a reason: its marks unfreeze, its frozen results go to the audit entry.';
revoke all on function public.reopen_deliberation(uuid, text) from public, anon;
grant execute on function public.reopen_deliberation(uuid, text) to authenticated;
