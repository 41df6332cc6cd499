-- my_students (teacher/students) after absent and excused marks (20260504000000): an
-- absence counts 0, an excused mark is left out of the average (it counted 0 before).
create or replace view public.my_students with (security_invoker = true) as
select e.course_id,
  c.code as course_code,
  c.title as course_title,
  e.user_id as student_id,
  pr.full_name,
  att.sessions_recorded,
  att.attendance_rate,
  av.average,
  av.marks_count
from public.course_enrollments e
join public.courses c on c.id = e.course_id and c.teacher_id = (select auth.uid())
join public.profiles pr on pr.id = e.user_id
cross join lateral (
  select count(*)::int as sessions_recorded,
    round(count(*) filter (where a.status in ('present', 'late'))::numeric
      / nullif(count(*) filter (where a.status <> 'excused'), 0), 4) as attendance_rate
  from public.attendance a join public.schedule_events se on se.id = a.schedule_event_id
  where se.course_id = e.course_id and a.student_id = e.user_id
) att
cross join lateral (
  select round(sum(coalesce(g.score, 0) * ev.coefficient) filter (where g.status <> 'excused')
      / nullif(sum(ev.coefficient) filter (where g.status <> 'excused'), 0), 2) as average,
    count(g.id)::int as marks_count
  from public.grades g join public.evaluations ev on ev.id = g.evaluation_id
  where ev.course_id = e.course_id and g.student_id = e.user_id
) av
where e.status = 'active';
comment on view public.my_students is 'The signed-in teacher''s actively enrolled students per course, with attendance rate (0..1) and weighted average /20.';
