-- Reports (issue 12 §7), computed in SQL. Security definer with the role check first:
-- figures over many students that no single row policy would let the caller add up.
--
-- course_report(course): the course's teacher or an admin.
--   average      per student: evaluations' marks weighted by their coefficients (marked
--                and absent = 0; excused left out), over the marks given so far;
--   distribution ten bins of 2 marks: [0,2) … [16,18), [18,20];
--   pass_rate    share of students with an average at or above the pass mark
--                (institution_settings.pass_mark), among those with one;
--   attendance   (present + late) / sessions recorded, excused left out;
--   at_risk      below the pass mark, or absent from 3 sessions or more.
-- institution_report(year): admins. Per school, programme (or formation) and level of the
--   year's registrations (withdrawn ones left out): enrolment; the final frozen result of
--   each deliberated semester of the year (the resit session's when there is one): pass
--   rate (decision validated) and credits earned; attendance at the year's sessions; and
--   revenue: succeeded payments of those students paid within the year, in XAF.

create function public.course_report(course uuid) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  pass numeric := coalesce((select pass_mark from public.institution_settings where id), 10);
  result jsonb;
begin
  if not (private.teaches_course(course) or private.is_admin()) then
    raise exception 'only the course''s teacher or an administrator reads its report' using errcode = '42501';
  end if;
  with students as (
    select e.user_id as student_id, p.full_name
    from public.course_enrollments e join public.profiles p on p.id = e.user_id
    where e.course_id = course and e.status in ('active', 'completed')
  ),
  marks as (
    select g.student_id,
      round(sum(ev.coefficient * coalesce(g.score, 0)) / nullif(sum(ev.coefficient), 0), 2) as average
    from public.grades g join public.evaluations ev on ev.id = g.evaluation_id
    where ev.course_id = course and g.status in ('marked', 'absent')
    group by g.student_id
  ),
  presence as (
    select a.student_id,
      count(*) filter (where a.status in ('present', 'late'))::integer as attended,
      count(*) filter (where a.status = 'absent')::integer as absences,
      count(*) filter (where a.status <> 'excused')::integer as counted
    from public.attendance a join public.schedule_events se on se.id = a.schedule_event_id
    where se.course_id = course
    group by a.student_id
  ),
  per_student as (
    select s.student_id, s.full_name, m.average,
      coalesce(pr.attended, 0) as attended, coalesce(pr.absences, 0) as absences, coalesce(pr.counted, 0) as counted
    from students s left join marks m using (student_id) left join presence pr using (student_id)
  )
  select jsonb_build_object(
    'pass_mark', pass,
    'students', (select count(*) from per_student),
    'marked', (select count(average) from per_student),
    'average', (select round(avg(average), 2) from per_student),
    'pass_rate', (select round(count(*) filter (where average >= pass)::numeric / nullif(count(average), 0), 4) from per_student),
    'attendance_rate', (select round(sum(attended)::numeric / nullif(sum(counted), 0), 4) from per_student),
    'distribution', (
      select jsonb_agg(jsonb_build_object('from', b * 2, 'to', b * 2 + 2,
        'count', (select count(*) from per_student ps where least(floor(ps.average / 2), 9) = b)) order by b)
      from generate_series(0, 9) b),
    'at_risk', coalesce((
      select jsonb_agg(jsonb_build_object('student_id', ps.student_id, 'full_name', ps.full_name, 'average', ps.average,
        'absences', ps.absences, 'below_pass', coalesce(ps.average < pass, false), 'often_absent', ps.absences >= 3)
        order by ps.full_name)
      from per_student ps where ps.average < pass or ps.absences >= 3), '[]'::jsonb)
  ) into result;
  return result;
end;
$$;
comment on function public.course_report(uuid) is 'A course''s marks distribution, pass and attendance rates and students at risk; its teacher and admins.';

create function public.institution_report(year uuid default null)
  returns table (school_id uuid, school_fr text, school_en text, programme_fr text, programme_en text, level_code text,
                 enrolled integer, results integer, validated integer, pass_rate numeric, credits_earned integer,
                 attendance_rate numeric, revenue_xaf bigint)
  language plpgsql stable security definer set search_path = ''
as $$
#variable_conflict use_column
begin
  if not private.is_admin() then
    raise exception 'only administrators read the institution''s reports' using errcode = '42501';
  end if;
  return query
  with y as (
    select ay.id, ay.starts_on, ay.ends_on from public.academic_years ay
    where ay.id = coalesce(year, (select c.id from public.academic_years c where c.is_current))
  ),
  reg as (
    select r.student_id, r.level_code,
      coalesce(d.school_id, pf.school_id, ep.school_id) as school_id,
      coalesce(p.name_fr, pf.name_fr, ep.name_fr) as programme_fr,
      coalesce(p.name_en, pf.name_en, ep.name_en) as programme_en
    from public.student_registrations r join y on y.id = r.academic_year_id
    left join public.programmes p on p.id = r.programme_id
    left join public.departments d on d.id = p.department_id
    left join public.professional_formations pf on pf.id = r.professional_formation_id
    left join public.extension_programmes ep on ep.id = r.extension_programme_id
    where r.status <> 'withdrawn'
  ),
  final as (  -- one result per student and semester: the resit session's when closed
    select distinct on (fr.student_id, dl.semester_id) fr.student_id, fr.decision, fr.credits_earned
    from public.frozen_results fr
    join public.deliberations dl on dl.id = fr.deliberation_id
    join public.semesters sm on sm.id = dl.semester_id
    join y on y.id = sm.academic_year_id
    order by fr.student_id, dl.semester_id, (dl.session = 'resit') desc
  ),
  presence as (
    select a.student_id,
      count(*) filter (where a.status in ('present', 'late'))::integer as attended,
      count(*) filter (where a.status <> 'excused')::integer as counted
    from public.attendance a
    join public.schedule_events se on se.id = a.schedule_event_id
    join public.courses c on c.id = se.course_id
    join public.semesters sm on sm.id = c.semester_id
    join y on y.id = sm.academic_year_id
    group by a.student_id
  ),
  paid as (
    select pa.student_id, sum(pa.amount_xaf)::bigint as amount
    from public.payments pa cross join y
    where pa.status = 'succeeded' and pa.student_id is not null
      and pa.paid_at >= y.starts_on::timestamptz and pa.paid_at < (y.ends_on + 1)::timestamptz
    group by pa.student_id
  ),
  per_student as (
    select r.*,
      (select count(*) from final f where f.student_id = r.student_id)::integer as results,
      (select count(*) from final f where f.student_id = r.student_id and f.decision = 'validated')::integer as validated,
      (select coalesce(sum(f.credits_earned), 0) from final f where f.student_id = r.student_id)::integer as credits,
      coalesce((select pr.attended from presence pr where pr.student_id = r.student_id), 0) as attended,
      coalesce((select pr.counted from presence pr where pr.student_id = r.student_id), 0) as counted,
      coalesce((select pd.amount from paid pd where pd.student_id = r.student_id), 0) as amount
    from reg r
  )
  select ps.school_id, s.name_fr, s.name_en, ps.programme_fr, ps.programme_en, ps.level_code,
    count(*)::integer, sum(ps.results)::integer, sum(ps.validated)::integer,
    round(sum(ps.validated)::numeric / nullif(sum(ps.results), 0), 4),
    sum(ps.credits)::integer,
    round(sum(ps.attended)::numeric / nullif(sum(ps.counted), 0), 4),
    sum(ps.amount)::bigint
  from per_student ps join public.schools s on s.id = ps.school_id
  group by ps.school_id, s.name_fr, s.name_en, ps.programme_fr, ps.programme_en, ps.level_code
  order by s.name_fr, ps.programme_fr, ps.level_code nulls last;
end;
$$;
comment on function public.institution_report(uuid) is 'Enrolment, pass rate, credits, attendance and revenue per school, programme and level of a year; admins.';

revoke all on function public.course_report(uuid), public.institution_report(uuid) from public, anon;
grant execute on function public.course_report(uuid), public.institution_report(uuid) to authenticated;
