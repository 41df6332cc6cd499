-- A closed session freezes who is assessed and which evaluation a quiz marks (issue 20 §2,
-- left over from 20260804000000_closed_semester_freeze.sql).
--
-- The results engine counts every enrolment 'active' or 'completed' in the semester's
-- courses: adding a student to a course of a closed semester, dropping one, or moving an
-- enrolment to another course changed the live results the frozen ones were computed from.
-- A quiz writes its marks into the evaluation it points at: pointing it at another
-- evaluation (or moving it with its evaluation) changes which marks its re-marking writes.
-- Now both are refused when the semester left or the semester entered has a closed session
-- (not reopened), as for courses. The owner and the service role (seeds, maintenance,
-- account deletion) are trusted, as for the courses; the marks themselves trust nobody.

-- ---------------------------------------------------------------------------------
-- course_enrollments: an enrolment counts in the results when active or completed.
create function private.lock_closed_enrolments() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  semester uuid;
begin
  if private.acting_user() is null then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  -- what the engine sees: (course, student) when the enrolment counts, nothing otherwise
  if tg_op = 'UPDATE'
     and (case when old.status in ('active', 'completed') then (old.course_id, old.user_id) end)
         is not distinct from (case when new.status in ('active', 'completed') then (new.course_id, new.user_id) end) then
    return new;
  end if;
  for semester in
    select distinct c.semester_id from public.courses c
    where c.semester_id is not null and (
      (tg_op <> 'INSERT' and old.status in ('active', 'completed') and c.id = old.course_id)
      or (tg_op <> 'DELETE' and new.status in ('active', 'completed') and c.id = new.course_id))
    order by c.semester_id
  loop
    perform private.lock_semester_for_marks(semester);
    if private.semester_has_closed_session(semester) then
      raise exception 'the deliberation of this semester is closed: its course enrolments are frozen (none added, dropped or moved)'
        using errcode = 'PT409';
    end if;
  end loop;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
revoke all on function private.lock_closed_enrolments() from public;
create trigger course_enrollments_lock_closed before insert or update or delete on public.course_enrollments
  for each row execute function private.lock_closed_enrolments();

-- ---------------------------------------------------------------------------------
-- quizzes: the evaluation a quiz marks (and the course it carries it to).
create function private.lock_closed_quiz_links() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  ev record;
begin
  if private.acting_user() is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and (new.evaluation_id, new.course_id) is not distinct from (old.evaluation_id, old.course_id) then
    return new;
  end if;
  for ev in
    select distinct c.semester_id, e.kind from public.evaluations e join public.courses c on c.id = e.course_id
    where e.id = case when tg_op = 'INSERT' then null else old.evaluation_id end
       or e.id = new.evaluation_id
    order by c.semester_id
  loop
    perform private.lock_semester_for_marks(ev.semester_id);
    if private.marks_frozen(ev.semester_id, ev.kind) then
      raise exception 'the deliberation of this semester is closed: a quiz keeps the evaluation it marks'
        using errcode = 'PT409';
    end if;
  end loop;
  return new;
end;
$$;
revoke all on function private.lock_closed_quiz_links() from public;
create trigger quizzes_lock_closed_link before insert or update of evaluation_id, course_id on public.quizzes
  for each row execute function private.lock_closed_quiz_links();
