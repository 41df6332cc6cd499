-- A year's verdict counts the whole year, not only the semesters the student followed: a
-- student who followed the first semester alone, passed it and skipped the second no longer
-- "moves up" on 30 credits (DOMAIN §1: 60 a year to move up). Counted: every semester of the
-- year that the student followed or in which their programme and level had courses; a counted
-- semester without a published decision leaves the year undecided, and the registrar
-- re-registers at the same level with a reason. (A semester whose courses are not created yet
-- is not counted: the registrar re-registers once the year's courses exist.)
create or replace function private.year_outcome(student uuid, year uuid)
  returns table (outcome text, credits_earned integer, credits_total integer, semesters integer)
  language sql stable security definer set search_path = ''
as $$
  with registration as (
    select r.programme_id, r.specialty_id, r.level_code
    from public.student_registrations r
    where r.student_id = student and r.academic_year_id = year
  ),
  counted as (
    select s.id as semester_id
    from public.semesters s
    where s.academic_year_id = year
      and (exists (
          select 1 from public.course_enrollments e join public.courses c on c.id = e.course_id
          where e.user_id = student and c.semester_id = s.id and e.status in ('active', 'completed'))
        or exists (
          select 1 from public.courses c join registration r
            on c.programme_id = r.programme_id and c.level_code = r.level_code
           and (c.specialty_id is null or c.specialty_id is not distinct from r.specialty_id)
          where c.semester_id = s.id))
  ),
  last_published as (
    select f.semester_id, v.decision, v.earned, v.total
    from counted f
    left join lateral (
      select fr.decision, fr.credits_earned as earned, fr.credits_total as total
      from public.frozen_results fr join public.deliberations d on d.id = fr.deliberation_id
      where d.semester_id = f.semester_id and d.published_at is not null and fr.student_id = student
      order by (d.session = 'resit') desc limit 1
    ) v on true
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
