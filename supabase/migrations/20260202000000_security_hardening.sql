-- Security hardening after the review of January 2026. Each section closes one hole that
-- was proven against a live stack; tests/integration/rls/hardening.test.ts shows every
-- attack refused and every legitimate use still working.
--
-- Earlier migrations are left as they were (developers' databases have them applied): what
-- changes here is done with `create or replace`, `drop policy` + `create policy`, new
-- triggers and column privileges.
--
-- Two ideas recur:
-- * Column privileges. A policy decides which ROWS a role may update; it cannot say which
--   COLUMNS. Where a policy means "edit X of your own row", `update` is revoked from
--   `authenticated` and granted again on X only, so the keys that decide who owns a row and
--   where it belongs (conversation_id, course_id, post_id, student_id…) cannot be rewritten.
--   The service role keeps every privilege (it is trusted server code).
-- * Triggers for what a client must not choose: times (`now()`, not the client's clock) and
--   signatures (`auth.uid()`, not a name the client types). They act only for a signed-in
--   user of the Data API; the database owner (migrations, seed, repairs) and the service
--   role (workers, webhooks) are trusted and keep the values they write.

-- ---------------------------------------------------------------------------------
-- Shared helpers.

-- The signed-in end user a statement acts for, or null for trusted callers: the database
-- owner (no JWT at all) and the service role (a JWT without a user).
create function private.acting_user() returns uuid
  language sql stable set search_path = ''
as $$
  select case when coalesce((select auth.role()), '') = 'service_role' then null
              else (select auth.uid()) end;
$$;
comment on function private.acting_user() is
  'The signed-in user a statement acts for; null for the owner and the service role, whom triggers trust.';

-- The columns an update changes, other than the allowed ones (null when there are none);
-- compared as JSON so that a column added later is locked until someone allows it.
create function private.changed_columns(new_row jsonb, old_row jsonb, allowed text[]) returns text
  language sql immutable set search_path = ''
as $$
  select string_agg(n.key, ', ' order by n.key)
  from jsonb_each(new_row) as n (key, value)
  where n.key <> all (allowed) and n.value is distinct from old_row -> n.key;
$$;

revoke all on function private.acting_user(), private.changed_columns(jsonb, jsonb, text[]) from public;
grant execute on function private.acting_user(), private.changed_columns(jsonb, jsonb, text[])
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- 1. "Edit X of your own row" means X only: column privileges.
--
-- conversation_participants (HIGH): the policy "one marks its own reading" checks only
-- that the row stays the caller's, so a participant could rewrite conversation_id and
-- move itself into any conversation, then read its messages. A participant's row is its
-- reading marker and nothing else.
revoke update on public.conversation_participants from authenticated;
grant update (last_read_at) on public.conversation_participants to authenticated;

-- The same pattern wherever a user edits its own rows and the policy alone would let it
-- change what the row belongs to:
-- * messages: the sender edits the text; without this it could move its message into
--   another of its conversations or backdate created_at.
revoke update on public.messages from authenticated;
grant update (body, edited_at) on public.messages to authenticated;
-- * community_posts: the author edits title and body; without this it could move a course
--   post (and everyone's comments under it) to the university-wide board, or into another
--   course.
revoke update on public.community_posts from authenticated;
grant update (title, body) on public.community_posts to authenticated;
-- * community_comments: the author edits the text, not the post it answers.
revoke update on public.community_comments from authenticated;
grant update (body) on public.community_comments to authenticated;
-- * reviews: the author changes its rating and comment, not the course reviewed.
revoke update on public.reviews from authenticated;
grant update (rating, comment) on public.reviews to authenticated;
-- * conversations: the starter (or an admin) renames it; who started it stays recorded.
revoke update on public.conversations from authenticated;
grant update (subject) on public.conversations to authenticated;
-- * profiles and contacts: a person edits its name card and phone, not its id or dates.
revoke update on public.profiles from authenticated;
grant update (full_name, preferred_locale, avatar_url) on public.profiles to authenticated;
revoke update on public.profile_contacts from authenticated;
grant update (phone) on public.profile_contacts to authenticated;
-- * assignment_submissions: the student revises its work (body, file), the teacher marks
--   it (score, feedback…); nobody moves a submission to another assignment or student (a
--   teacher could otherwise hand one student's graded copy to another). submitted_at stays
--   writable for staff corrections; the trigger in section 3 decides who may change it.
revoke update on public.assignment_submissions from authenticated;
grant update (body, file_path, submitted_at, score, feedback, graded_by, graded_at)
  on public.assignment_submissions to authenticated;
-- (quiz_attempts needs no grant: its grading trigger already pins quiz, student and start.)

-- ---------------------------------------------------------------------------------
-- 2. Admin rights need the second factor once an admin has one (HIGH).
--
-- Sign-in with a password gives an aal1 session; verifying a TOTP code raises it to aal2.
-- An admin who enrolled a factor is protected only if the database, not just the UI, asks
-- for aal2: otherwise a stolen password is full admin access through /rest/v1. An admin
-- without a verified factor keeps working at aal1 (enrolment is encouraged, not forced).
-- Every policy and helper calls is_admin(), so replacing it protects them all at once.
create or replace function private.is_admin() returns boolean
  language sql stable security definer set search_path = ''
as $$
  select private.has_role('admin')
    and (
      coalesce((select auth.jwt() ->> 'aal') = 'aal2', false)
      or not exists (
        select 1 from auth.mfa_factors f
        where f.user_id = (select auth.uid()) and f.status = 'verified'
      )
    );
$$;
comment on function private.is_admin() is
  'True for an admin whose session is aal2, or who has no verified MFA factor (aal1 is then enough).';

-- ---------------------------------------------------------------------------------
-- 3. Submissions are timed by the server (MEDIUM).
--
-- submitted_at decides whether work was on time, so the student's clock cannot set it:
-- * handing in stamps now();
-- * a revision of the work (body or file) stamps now() again: the time is that of the
--   version the teacher will read, so a stub handed in early and completed after the
--   deadline does not pass for on time; any other student update keeps the time;
-- * the course's teacher and admins may correct it (an excused delay, a paper copy);
-- * a mark or feedback is signed by whoever gives it, at the time it is given (graded_by
--   and graded_at are not the client's to choose; a teacher who clears the mark and
--   feedback to reopen the work may clear them too).
create function private.stamp_submission() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  caller uuid := private.acting_user();
begin
  if caller is null then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.submitted_at := now();
    return new;
  end if;
  if private.is_admin() or private.teaches_course(private.course_of_assignment(old.assignment_id)) then
    if (new.score, new.feedback) is distinct from (old.score, old.feedback)
       and (new.score is not null or new.feedback is not null) then
      new.graded_by := caller;
      new.graded_at := now();
    end if;
    return new;
  end if;
  if (new.body, new.file_path) is distinct from (old.body, old.file_path) then
    new.submitted_at := now();
  else
    new.submitted_at := old.submitted_at;
  end if;
  return new;
end;
$$;
create trigger assignment_submissions_stamp before insert or update on public.assignment_submissions
  for each row execute function private.stamp_submission();

-- The submitted file follows the same rule as the row: once the work is graded, the
-- student may still read its file but no longer replace or delete it (the teacher marked
-- that file). Same rules as before for every other bucket and actor.
create or replace function private.can_access_object(bucket text, object_name text, operation text) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select coalesce(case bucket
    when 'avatars' then
      operation = 'read' or private.try_uuid(split_part(object_name, '/', 1)) = (select auth.uid())
    when 'documents' then
      private.is_admin()
      or (operation = 'read' and private.try_uuid(split_part(object_name, '/', 1)) = (select auth.uid()))
    when 'submissions' then
      private.is_admin()
      or (operation = 'read' and private.teaches_course(private.try_uuid(split_part(object_name, '/', 1))))
      or (private.try_uuid(split_part(object_name, '/', 3)) = (select auth.uid())
          and private.is_enrolled(private.try_uuid(split_part(object_name, '/', 1)))
          and (operation = 'read' or not exists (
            select 1 from public.assignment_submissions s
            where s.assignment_id = private.try_uuid(split_part(object_name, '/', 2))
              and s.student_id = (select auth.uid())
              and s.graded_at is not null)))
    when 'course-materials' then
      private.is_admin()
      or private.teaches_course(private.try_uuid(split_part(object_name, '/', 1)))
      or (operation = 'read' and private.is_enrolled(private.try_uuid(split_part(object_name, '/', 1))))
    else false
  end, false);
$$;

-- ---------------------------------------------------------------------------------
-- 4. Quizzes are timed by the server (MEDIUM).
--
-- started_at was the client's to send, and an attempt opened in time could be answered
-- and submitted at any time after. Now, for a student:
-- * starting stamps now();
-- * answering or submitting is refused after the attempt's deadline: the quiz's closes_at
--   or started_at + time_limit_minutes, whichever comes first, plus 2 minutes of grace for
--   an answer in flight when time runs out;
-- * submitting stamps now().
-- The grading trigger (quiz_attempts_grade) still grades and freezes attempts; this one
-- reads old.started_at on update, so it does not depend on the order the two run in.
-- Security definer: the deadline must hold even if the quiz is unpublished meanwhile.
create function private.enforce_quiz_timing() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  started timestamptz;
  deadline timestamptz;
begin
  if private.acting_user() is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.submitted_at is not null then
    return new;  -- already submitted: the grading trigger keeps it as it was
  end if;
  if tg_op = 'INSERT' then
    new.started_at := now();
    started := now();
  else
    started := old.started_at;
  end if;
  select least(q.closes_at, started + make_interval(mins => q.time_limit_minutes)) + interval '2 minutes'
    into deadline
  from public.quizzes q where q.id = new.quiz_id;
  if deadline is not null and now() > deadline then
    raise exception 'this quiz attempt is over (time limit or closing time passed at %)', deadline - interval '2 minutes'
      using errcode = '23514';
  end if;
  if new.submitted_at is not null then
    new.submitted_at := now();
  end if;
  return new;
end;
$$;
create trigger quiz_attempts_timing before insert or update on public.quiz_attempts
  for each row execute function private.enforce_quiz_timing();

-- ---------------------------------------------------------------------------------
-- 5. A teacher edits its course's description and meeting details only (LOW/MEDIUM).
--
-- The update policy lets a course's teacher update the row, which is what keeping the
-- description and the zoom/teams details current needs; but coefficient, credits, code,
-- place in the catalogue, semester, teacher and publication are the administration's
-- decisions (they weigh in averages and transcripts). Admins, the owner and the service
-- role change anything.
create function private.guard_course_change() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  changed text;
begin
  if private.acting_user() is null or private.is_admin() then
    return new;
  end if;
  changed := private.changed_columns(to_jsonb(new), to_jsonb(old), array[
    'description', 'meeting_platform', 'zoom_meeting_id', 'zoom_passcode', 'teams_meeting_url',
    'updated_at'  -- stamped by courses_touch
  ]);
  if changed is not null then
    raise exception 'only the administration changes a course''s %', changed using errcode = '42501';
  end if;
  return new;
end;
$$;
create trigger courses_teacher_edits_details_only before update on public.courses
  for each row execute function private.guard_course_change();

-- ---------------------------------------------------------------------------------
-- 6. Marks and registers are for the course's students, signed by who writes them (LOW).
--
-- A teacher could write grades and attendance for any student (not only those enrolled in
-- its course) and put a colleague's name in graded_by / recorded_by. The write policies
-- now require the student to be (or have been) enrolled in the course; admins keep
-- writing any row. One permissive policy per role and command, as before.
create function private.is_student_of(course uuid, student uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.course_enrollments e
    where e.course_id = course and e.user_id = student and e.status in ('active', 'completed')
  );
$$;
comment on function private.is_student_of(uuid, uuid) is 'True when that person is (or was) a student of that course.';

-- The teacher of an evaluation's (an event's) course, writing about one of its students.
create function private.can_grade(evaluation uuid, student uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select private.teaches_course(private.course_of_evaluation(evaluation))
     and private.is_student_of(private.course_of_evaluation(evaluation), student);
$$;

create function private.can_take_register(event uuid, student uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select private.teaches_course(private.course_of_event(event))
     and private.is_student_of(private.course_of_event(event), student);
$$;

revoke all on function private.is_student_of(uuid, uuid), private.can_grade(uuid, uuid),
  private.can_take_register(uuid, uuid) from public;
grant execute on function private.is_student_of(uuid, uuid), private.can_grade(uuid, uuid),
  private.can_take_register(uuid, uuid) to authenticated, service_role;

drop policy "grades: the teacher and admins grade" on public.grades;
drop policy "grades: the teacher and admins correct" on public.grades;
create policy "grades: the teacher grades its students, admins anyone" on public.grades for insert to authenticated
  with check (private.can_grade(evaluation_id, student_id) or (select private.is_admin()));
create policy "grades: the teacher corrects its students' marks, admins any" on public.grades for update to authenticated
  using (private.teaches_course(private.course_of_evaluation(evaluation_id)) or (select private.is_admin()))
  with check (private.can_grade(evaluation_id, student_id) or (select private.is_admin()));

drop policy "attendance: the teacher and admins take the register" on public.attendance;
drop policy "attendance: the teacher and admins correct" on public.attendance;
create policy "attendance: the teacher registers its students, admins anyone" on public.attendance for insert to authenticated
  with check (private.can_take_register(schedule_event_id, student_id) or (select private.is_admin()));
create policy "attendance: the teacher corrects its students' register, admins any" on public.attendance for update to authenticated
  using (private.teaches_course(private.course_of_event(schedule_event_id)) or (select private.is_admin()))
  with check (private.can_take_register(schedule_event_id, student_id) or (select private.is_admin()));

-- Who gave a mark or took the register, and when, is the signed-in user at the time it is
-- written; an update that leaves the mark (status) alone leaves the signature alone.
create function private.sign_grade() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  caller uuid := private.acting_user();
begin
  if caller is null then
    return new;
  end if;
  if tg_op = 'INSERT' or (new.score, new.comment) is distinct from (old.score, old.comment) then
    new.graded_by := caller;
    new.graded_at := now();
  else
    new.graded_by := old.graded_by;
    new.graded_at := old.graded_at;
  end if;
  return new;
end;
$$;
create trigger grades_sign before insert or update on public.grades
  for each row execute function private.sign_grade();

create function private.sign_attendance() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  caller uuid := private.acting_user();
begin
  if caller is null then
    return new;
  end if;
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    new.recorded_by := caller;
    new.recorded_at := now();
  else
    new.recorded_by := old.recorded_by;
    new.recorded_at := old.recorded_at;
  end if;
  return new;
end;
$$;
create trigger attendance_sign before insert or update on public.attendance
  for each row execute function private.sign_attendance();

-- ---------------------------------------------------------------------------------
-- 7. An applicant withdraws its application and changes nothing else (LOW/MEDIUM).
--
-- The update policy lets the applicant update its own row when the result is withdrawn,
-- and withdrawn → withdrawn is an allowed (same-status) transition, so after withdrawing
-- an applicant could rewrite every field (name, target programme, motivation…) of a file
-- the administration keeps. Admins still edit everything.
create function private.applicant_changes_status_only() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  changed text;
begin
  if private.acting_user() is null or private.is_admin() then
    return new;
  end if;
  changed := private.changed_columns(to_jsonb(new), to_jsonb(old), array['status', 'updated_at']);
  if changed is not null then
    raise exception 'an applicant may only withdraw its application, not change its %', changed
      using errcode = '42501';
  end if;
  return new;
end;
$$;
create trigger applications_applicant_status_only before update on public.applications
  for each row execute function private.applicant_changes_status_only();

-- Trigger functions run whoever fires them; nobody needs to call them directly.
revoke all on function private.stamp_submission(), private.enforce_quiz_timing(),
  private.guard_course_change(), private.sign_grade(), private.sign_attendance(),
  private.applicant_changes_status_only() from public;
