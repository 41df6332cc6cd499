-- Teachers mark; students submit (issue 20 §4, security review L2).
--
-- The update policy and column grant on assignment_submissions let the course's teacher
-- (and admins) rewrite a handed-in copy: its text, its files and submitted_at (which
-- drives the late penalty), with no history. Now, on a submission that is not its own, a
-- signed-in user changes only the score, the feedback and the grading fields (graded_by /
-- graded_at, which stamp_submission signs). The work and its time are the student's and
-- the server's: the student revises body and files while the assignment takes work, and
-- the server stamps submitted_at. The owner and the service role (maintenance) are trusted.
create function private.teacher_marks_only() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  caller uuid := private.acting_user();
  changed text;
begin
  if caller is null or caller = old.student_id then
    return new;
  end if;
  changed := private.changed_columns(to_jsonb(new), to_jsonb(old), array['score', 'feedback', 'graded_by', 'graded_at']);
  if changed is not null then
    raise exception 'a teacher marks a submission (score, feedback) but does not change its %', changed using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke all on function private.teacher_marks_only() from public;
-- Named to run after assignment_submissions_stamp (triggers fire in name order), so it sees
-- the row as the stamps leave it.
create trigger assignment_submissions_teacher_marks_only before update on public.assignment_submissions
  for each row execute function private.teacher_marks_only();
