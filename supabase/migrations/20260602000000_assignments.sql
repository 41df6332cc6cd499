-- Assignments (issue 12 §2): opening and due times decided by the server's clock, a late
-- policy, instruction files, several files per submission, marks that reach the gradebook,
-- and the fix of a hole: a submission could point at a classmate's file.
--
-- * An assignment may belong to an evaluation of kind 'assignment' of the same course: its
--   marks are then written into grades (the gradebook's audited path: sign_grade signs
--   them, grade_history keeps every change once the evaluation is published, the closed
--   deliberation locks them).
-- * Late policy: accept (late work is taken and shown as late), refuse (nothing is taken
--   after due_at) or penalty (taken; late_penalty_per_day marks /20 come off the mark in
--   the gradebook per started day of delay, never below 0).
-- * A student hands in or revises work only while the assignment is open (opens_at ≤ now()
--   and, under "refuse", now() ≤ due_at), both for the row and for the files in storage.
-- * Every file a submission names (file_path, files[]) lies in the submitter's own folder
--   <course_id>/<assignment_id>/<student_id>/ of the submissions bucket, whoever writes
--   the row; instruction files lie under <course_id>/assignments/<assignment_id>/ of the
--   course-materials bucket.

-- ---------------------------------------------------------------------------------
-- Evaluations of kind quiz and assignment (issue 12 §1 lists them).
alter table public.evaluations drop constraint if exists evaluations_kind_check;
alter table public.evaluations add constraint evaluations_kind_check
  check (kind in ('continuous', 'exam', 'resit', 'project', 'oral', 'practical', 'quiz', 'assignment'));

alter table public.assignments
  add column evaluation_id uuid unique references public.evaluations (id) on delete set null,
  add column opens_at timestamptz,
  add column late_policy text not null default 'accept' check (late_policy in ('accept', 'refuse', 'penalty')),
  add column late_penalty_per_day numeric(4, 2) not null default 0 check (late_penalty_per_day between 0 and 20),
  add column attachments text[] not null default '{}' check (cardinality(attachments) <= 10),
  add constraint assignments_window check (opens_at is null or due_at is null or due_at > opens_at),
  add constraint assignments_penalty_needs_policy check (late_policy = 'penalty' or late_penalty_per_day = 0);
comment on column public.assignments.late_policy is 'accept | refuse (nothing after due_at) | penalty (late_penalty_per_day marks /20 off per started day late).';
comment on column public.assignments.attachments is 'Instruction files: paths in the course-materials bucket, <course_id>/assignments/<assignment_id>/<file>.';

alter table public.assignment_submissions
  add column files text[] not null default '{}' check (cardinality(files) <= 10);
comment on column public.assignment_submissions.files is 'The handed-in files: paths in the submissions bucket, each in <course_id>/<assignment_id>/<student_id>/.';
grant update (files) on public.assignment_submissions to authenticated;

-- ---------------------------------------------------------------------------------
-- An assignment's evaluation is an 'assignment' of the same course; its files are its own.
create function private.check_assignment() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  prefix text := new.course_id || '/assignments/' || new.id || '/';
begin
  if new.evaluation_id is not null and not exists (
    select 1 from public.evaluations e
    where e.id = new.evaluation_id and e.course_id = new.course_id and e.kind = 'assignment'
  ) then
    raise exception 'the evaluation of an assignment is an assignment of the same course' using errcode = '23514';
  end if;
  if exists (select 1 from unnest(new.attachments) p where left(p, length(prefix)) <> prefix or p like '%..%' or length(p) > 1024) then
    raise exception 'an instruction file lies in the assignment''s own folder' using errcode = '23514';
  end if;
  return new;
end;
$$;
create trigger assignments_check before insert or update on public.assignments
  for each row execute function private.check_assignment();

-- Whole days (started) a time is past a deadline; 0 when on time.
create function private.late_days(submitted timestamptz, due timestamptz) returns integer
  language sql immutable set search_path = ''
as $$
  select case when due is null or submitted <= due then 0
              else ceil(extract(epoch from submitted - due) / 86400)::integer end;
$$;

-- Whether the assignment takes work now, by the server's clock.
create function private.accepts_submissions(assignment uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select coalesce((
    select (a.opens_at is null or a.opens_at <= now())
       and (a.late_policy <> 'refuse' or a.due_at is null or now() <= a.due_at)
    from public.assignments a where a.id = assignment), false);
$$;

-- The file rule (everyone) and the clock (students).
create function private.check_submission() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  a record;
  folder text;
  caller uuid := private.acting_user();
begin
  select id, course_id into a from public.assignments where id = new.assignment_id;
  folder := a.course_id || '/' || a.id || '/' || new.student_id || '/';
  if exists (
    select 1 from unnest(array_append(new.files, new.file_path)) p
    where p is not null and (left(p, length(folder)) <> folder or length(p) = length(folder) or p like '%..%')
  ) then
    raise exception 'a submission names only files in its student''s own folder' using errcode = '42501';
  end if;
  if caller is not null and caller = new.student_id
     and not (private.is_admin() or private.teaches_course(a.course_id))
     and (tg_op = 'INSERT' or (new.body, new.file_path, new.files) is distinct from (old.body, old.file_path, old.files))
     and not private.accepts_submissions(a.id) then
    raise exception 'this assignment takes no work now (not open yet, or past its deadline)' using errcode = 'PT403';
  end if;
  return new;
end;
$$;
create trigger assignment_submissions_check before insert or update on public.assignment_submissions
  for each row execute function private.check_submission();

-- A mark given on a submission goes into the gradebook (penalised when late), through the
-- grades table and its triggers; removing it removes the grade. Security invoker: grades'
-- RLS decides (the course's teacher and admins).
create function private.submission_to_grade() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  a record;
  mark numeric;
begin
  if (tg_op = 'UPDATE' and new.score is not distinct from old.score and new.feedback is not distinct from old.feedback)
     or (tg_op = 'INSERT' and new.score is null) then
    return null;
  end if;
  select evaluation_id, due_at, late_policy, late_penalty_per_day into a from public.assignments where id = new.assignment_id;
  if a.evaluation_id is null then
    return null;
  end if;
  if new.score is null then
    delete from public.grades where evaluation_id = a.evaluation_id and student_id = new.student_id;
    return null;
  end if;
  mark := new.score;
  if a.late_policy = 'penalty' then
    mark := greatest(0, mark - a.late_penalty_per_day * private.late_days(new.submitted_at, a.due_at));
  end if;
  insert into public.grades (evaluation_id, student_id, score, status, comment)
  values (a.evaluation_id, new.student_id, mark, 'marked', left(new.feedback, 2000))
  on conflict (evaluation_id, student_id) do update set score = excluded.score, status = 'marked', comment = excluded.comment;
  return null;
end;
$$;
create trigger assignment_submissions_grade after insert or update of score, feedback on public.assignment_submissions
  for each row execute function private.submission_to_grade();

revoke all on function private.check_assignment(), private.late_days(timestamptz, timestamptz),
  private.accepts_submissions(uuid), private.check_submission(), private.submission_to_grade() from public;
grant execute on function private.late_days(timestamptz, timestamptz), private.accepts_submissions(uuid)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- Storage: a student writes its files only while the assignment takes work; the files
-- handed in are of the kinds a teacher can open (≤ 20 MB each, as before).
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
          and (operation = 'read' or (
            private.try_uuid(split_part(object_name, '/', 1))
              = private.course_of_assignment(private.try_uuid(split_part(object_name, '/', 2)))
            and private.accepts_submissions(private.try_uuid(split_part(object_name, '/', 2)))
            and not exists (
              select 1 from public.assignment_submissions s
              where s.assignment_id = private.try_uuid(split_part(object_name, '/', 2))
                and s.student_id = (select auth.uid())
                and s.graded_at is not null))))
    when 'course-materials' then
      private.is_admin()
      or private.teaches_course(private.try_uuid(split_part(object_name, '/', 1)))
      or (operation = 'read' and private.is_enrolled(private.try_uuid(split_part(object_name, '/', 1))))
    else false
  end, false);
$$;

update storage.buckets set allowed_mime_types = array[
  'application/pdf', 'image/jpeg', 'image/png', 'text/plain', 'application/zip', 'application/x-zip-compressed',
  'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet'
], file_size_limit = 20 * 1024 * 1024
where id = 'submissions';

-- ---------------------------------------------------------------------------------
-- Setting an assignment and its gradebook evaluation in one step (security invoker: the
-- policies of both tables decide; the course's teacher or an admin). On edit the course
-- stays; a new assignment takes the evaluation given (evaluation_id, created beforehand by
-- teacher/evaluations/new) or gets one of its own.
create function public.save_assignment(assignment jsonb) returns uuid
  language plpgsql security invoker set search_path = ''
as $$
declare
  a_id uuid := coalesce(nullif(assignment ->> 'id', '')::uuid, gen_random_uuid());
  v_title text := assignment ->> 'title';
  v_coefficient numeric := coalesce((assignment ->> 'coefficient')::numeric, 1);
  course uuid;
  ev uuid;
  files text[] := coalesce(array(select jsonb_array_elements_text(coalesce(assignment -> 'attachments', '[]'))), '{}');
begin
  select a.course_id, a.evaluation_id into course, ev from public.assignments a where a.id = a_id;
  if course is null then
    course := (assignment ->> 'course_id')::uuid;
    insert into public.assignments (id, course_id, title) values (a_id, course, v_title);
    -- an evaluation created first (teacher/evaluations/new), linked now; the trigger checks it
    ev := nullif(assignment ->> 'evaluation_id', '')::uuid;
  end if;
  if ev is null then
    insert into public.evaluations (course_id, title, kind, coefficient, held_on)
    values (course, v_title, 'assignment', v_coefficient, ((assignment ->> 'due_at')::timestamptz at time zone 'Africa/Douala')::date)
    returning id into ev;
  else
    update public.evaluations e set title = v_title, coefficient = v_coefficient,
      held_on = ((assignment ->> 'due_at')::timestamptz at time zone 'Africa/Douala')::date
    where e.id = ev;
  end if;
  update public.assignments a set
    title = v_title,
    instructions = coalesce(assignment ->> 'instructions', ''),
    opens_at = (assignment ->> 'opens_at')::timestamptz,
    due_at = (assignment ->> 'due_at')::timestamptz,
    late_policy = coalesce(assignment ->> 'late_policy', 'accept'),
    late_penalty_per_day = coalesce((assignment ->> 'late_penalty_per_day')::numeric, 0),
    attachments = files,
    evaluation_id = ev
  where a.id = a_id;
  if not found then
    raise exception 'only the course''s teacher or an administrator sets its assignments' using errcode = '42501';
  end if;
  return a_id;
end;
$$;
revoke all on function public.save_assignment(jsonb) from public, anon;
grant execute on function public.save_assignment(jsonb) to authenticated;
