-- Weights per course (issue 20 §7, DOMAIN §2: CC 20–40 %, exam 60–80 %).
--
-- CC/exam weights were one institution-wide setting. Now each course has its own:
-- * courses.cc_weight (20–40; the exam weighs 100 − cc_weight, so 60–80), filled at
--   creation from the institution's setting (brought into the DOMAIN range) and changed by
--   admins (admin/course-management; a teacher's change is refused by
--   guard_course_change); existing courses take the current setting.
-- * The results engine (semester_course_marks, hence semester_unit_results,
--   semester_results, the deliberation and the relevé) weighs each course by its own, and
--   lists it with the course's marks.
-- * A course of a semester with a closed session keeps what decides its marks: semester,
--   UE, coefficient, credits and weights; none is added to or removed from that semester.
--   The same holds for the UEs (their credits and semester). Only a reopening unfreezes.
--   The owner and the service role (seeds, maintenance) are trusted, as for the structure
--   of the catalogue elsewhere; the marks themselves (grades, evaluations) trust nobody.

alter table public.courses add column cc_weight smallint;
update public.courses set cc_weight = (select greatest(20, least(40, s.cc_weight)) from public.institution_settings s where s.id);
alter table public.courses
  alter column cc_weight set not null,
  add constraint courses_cc_weight_range check (cc_weight between 20 and 40);
comment on column public.courses.cc_weight is 'CC weight in the course mark, % (20–40, DOMAIN §2); the exam weighs 100 − cc_weight (60–80).';

-- A new course takes the institution's weights unless it states its own.
create function private.default_course_weights() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if new.cc_weight is null then
    new.cc_weight := (select greatest(20, least(40, s.cc_weight)) from public.institution_settings s where s.id);
  end if;
  return new;
end;
$$;
revoke all on function private.default_course_weights() from public;
create trigger courses_default_weights before insert on public.courses
  for each row execute function private.default_course_weights();

-- ---------------------------------------------------------------------------------
-- A closed semester keeps its courses and UEs as they decided its marks.
create function private.semester_has_closed_session(semester uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select semester is not null and exists (
    select 1 from public.deliberations d where d.semester_id = semester and d.reopened_at is null);
$$;
revoke all on function private.semester_has_closed_session(uuid) from public;

create function private.lock_closed_courses() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  semester uuid;
begin
  if private.acting_user() is null then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'UPDATE' and (new.semester_id, new.teaching_unit_id, new.coefficient, new.credits, new.cc_weight)
     is not distinct from (old.semester_id, old.teaching_unit_id, old.coefficient, old.credits, old.cc_weight) then
    return new;
  end if;
  for semester in
    select distinct x.s from (values
      (case when tg_op = 'INSERT' then null else old.semester_id end),
      (case when tg_op = 'DELETE' then null else new.semester_id end)) as x (s)
    where x.s is not null order by x.s
  loop
    perform private.lock_semester_for_marks(semester);
    if private.semester_has_closed_session(semester) then
      raise exception 'the deliberation of this semester is closed: its courses keep their semester, UE, coefficient, credits and weights'
        using errcode = 'PT409';
    end if;
  end loop;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
revoke all on function private.lock_closed_courses() from public;
create trigger courses_lock_closed before insert or update or delete on public.courses
  for each row execute function private.lock_closed_courses();

create function private.lock_closed_units() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  semester uuid;
begin
  if private.acting_user() is null then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'UPDATE' and (new.semester_id, new.credits) is not distinct from (old.semester_id, old.credits) then
    return new;
  end if;
  for semester in
    select distinct x.s from (values
      (case when tg_op = 'INSERT' then null else old.semester_id end),
      (case when tg_op = 'DELETE' then null else new.semester_id end)) as x (s)
    where x.s is not null order by x.s
  loop
    perform private.lock_semester_for_marks(semester);
    if private.semester_has_closed_session(semester) then
      raise exception 'the deliberation of this semester is closed: its UEs keep their semester and credits' using errcode = 'PT409';
    end if;
  end loop;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
revoke all on function private.lock_closed_units() from public;
create trigger teaching_units_lock_closed before insert or update or delete on public.teaching_units
  for each row execute function private.lock_closed_units();

-- ---------------------------------------------------------------------------------
-- The engine weighs each course by its own weights (same signature, same rules otherwise).
create or replace function public.semester_course_marks(semester uuid, session text default 'normal')
  returns table (student_id uuid, course_id uuid, unit_id uuid, coefficient numeric,
                 cc numeric, exam numeric, resit numeric, mark numeric, missing integer)
  language sql stable security invoker set search_path = ''
as $$
  with settings as (select resit_cap from public.institution_settings where id),
  enrolled as (
    select e.user_id as student_id, c.id as course_id, coalesce(c.teaching_unit_id, c.id) as unit_id, c.coefficient,
      c.cc_weight
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
      when pc.resit is not null then private.resit_mark(pc.cc, pc.resit, pc.cc_weight, s.resit_cap)
      when pc.missing > 0 or (pc.has_exam and pc.exam is null) then null
      else private.course_mark(pc.cc, pc.exam, pc.cc_weight) end as mark,
    pc.missing
  from per_course pc cross join settings s;
$$;

-- UE results list each course's weights with its marks (the relevé prints them).
create or replace function public.semester_unit_results(semester uuid, session text default 'normal')
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
        'coefficient', cm.coefficient, 'cc_weight', c.cc_weight, 'exam_weight', 100 - c.cc_weight,
        'cc', cm.cc, 'exam', cm.exam, 'resit', cm.resit, 'mark', cm.mark,
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
