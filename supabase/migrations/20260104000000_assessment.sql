-- Assessment: assignments and submissions, evaluations and grades on the /20 scale with
-- coefficients, quizzes graded automatically, and attendance at class sessions.
--
-- The rule throughout: a course's teacher (and admins) set and grade work; a student sees
-- the course's work and only its own results, and can never write a mark.

-- ---------------------------------------------------------------------------------
-- Assignments and submissions (files in the private `submissions` storage bucket).
create table public.assignments (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 200),
  instructions text not null default '',
  due_at timestamptz,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index assignments_course_id_idx on public.assignments (course_id);
create index assignments_created_by_idx on public.assignments (created_by);
create trigger assignments_touch before update on public.assignments for each row execute function private.touch_updated_at();

create table public.assignment_submissions (
  id uuid primary key default gen_random_uuid(),
  assignment_id uuid not null references public.assignments (id) on delete cascade,
  student_id uuid not null references public.profiles (id) on delete cascade,
  body text not null default '',
  -- Object path in the `submissions` bucket: <course_id>/<assignment_id>/<student_id>/<file>.
  file_path text,
  submitted_at timestamptz not null default now(),
  score numeric(4, 2) check (score between 0 and 20),
  feedback text,
  graded_by uuid references public.profiles (id) on delete set null,
  graded_at timestamptz,
  unique (assignment_id, student_id)
);
create index assignment_submissions_student_id_idx on public.assignment_submissions (student_id);
create index assignment_submissions_graded_by_idx on public.assignment_submissions (graded_by);

-- ---------------------------------------------------------------------------------
-- Evaluations (exams, continuous assessment…) and grades.
create table public.evaluations (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 200),
  kind text not null check (kind in ('continuous', 'exam', 'resit', 'project', 'oral', 'practical')),
  -- Weight of this evaluation in the course average.
  coefficient numeric(4, 2) not null default 1 check (coefficient > 0),
  held_on date,
  -- Grades become visible to students once the teacher publishes the evaluation.
  is_published boolean not null default false,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now()
);
create index evaluations_course_id_idx on public.evaluations (course_id);
create index evaluations_created_by_idx on public.evaluations (created_by);

create table public.grades (
  id uuid primary key default gen_random_uuid(),
  evaluation_id uuid not null references public.evaluations (id) on delete cascade,
  student_id uuid not null references public.profiles (id) on delete cascade,
  score numeric(4, 2) not null check (score between 0 and 20),
  comment text,
  graded_by uuid references public.profiles (id) on delete set null,
  graded_at timestamptz not null default now(),
  unique (evaluation_id, student_id)
);
comment on table public.grades is 'A mark out of 20 for one student in one evaluation.';
create index grades_student_id_idx on public.grades (student_id);
create index grades_graded_by_idx on public.grades (graded_by);

-- ---------------------------------------------------------------------------------
-- Quizzes. The correct answers live apart (quiz_answer_keys) so that students, who read
-- the questions, never read the answers; a trigger grades a submitted attempt.
create table public.quizzes (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 200),
  description text not null default '',
  opens_at timestamptz,
  closes_at timestamptz,
  time_limit_minutes smallint check (time_limit_minutes between 1 and 600),
  max_attempts smallint not null default 1 check (max_attempts between 1 and 20),
  is_published boolean not null default false,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  check (closes_at is null or opens_at is null or closes_at > opens_at)
);
create index quizzes_course_id_idx on public.quizzes (course_id);
create index quizzes_created_by_idx on public.quizzes (created_by);

create table public.quiz_questions (
  id uuid primary key default gen_random_uuid(),
  quiz_id uuid not null references public.quizzes (id) on delete cascade,
  position smallint not null check (position >= 1),
  prompt text not null,
  kind text not null default 'single' check (kind in ('single', 'multiple', 'true_false')),
  -- [{"id": "a", "label": "…"}, …]
  choices jsonb not null check (jsonb_typeof(choices) = 'array'),
  points numeric(5, 2) not null default 1 check (points > 0),
  unique (quiz_id, position)
);

create table public.quiz_answer_keys (
  question_id uuid primary key references public.quiz_questions (id) on delete cascade,
  -- The ids of the correct choices: ["a"] or ["a", "c"].
  correct jsonb not null check (jsonb_typeof(correct) = 'array')
);
comment on table public.quiz_answer_keys is 'Correct answers, readable by the course''s teacher and admins only.';

create table public.quiz_attempts (
  id uuid primary key default gen_random_uuid(),
  quiz_id uuid not null references public.quizzes (id) on delete cascade,
  student_id uuid not null references public.profiles (id) on delete cascade,
  started_at timestamptz not null default now(),
  -- {"<question id>": ["<choice id>", …]}
  answers jsonb not null default '{}' check (jsonb_typeof(answers) = 'object'),
  submitted_at timestamptz,
  -- Out of 20, computed by the grading trigger on submission, never taken from the client.
  score numeric(4, 2) check (score between 0 and 20)
);
create index quiz_attempts_quiz_id_student_idx on public.quiz_attempts (quiz_id, student_id);
create index quiz_attempts_student_id_idx on public.quiz_attempts (student_id);

-- ---------------------------------------------------------------------------------
-- Attendance at a class session.
create table public.attendance (
  id uuid primary key default gen_random_uuid(),
  schedule_event_id uuid not null references public.schedule_events (id) on delete cascade,
  student_id uuid not null references public.profiles (id) on delete cascade,
  status text not null check (status in ('present', 'late', 'absent', 'excused')),
  recorded_by uuid references public.profiles (id) on delete set null,
  recorded_at timestamptz not null default now(),
  unique (schedule_event_id, student_id)
);
create index attendance_student_id_idx on public.attendance (student_id);
create index attendance_recorded_by_idx on public.attendance (recorded_by);

-- ---------------------------------------------------------------------------------
-- Helpers: from a piece of work to its course.
create function private.course_of_assignment(assignment uuid) returns uuid
  language sql stable security definer set search_path = ''
as $$ select course_id from public.assignments where id = assignment; $$;

create function private.course_of_evaluation(evaluation uuid) returns uuid
  language sql stable security definer set search_path = ''
as $$ select course_id from public.evaluations where id = evaluation; $$;

create function private.course_of_quiz(quiz uuid) returns uuid
  language sql stable security definer set search_path = ''
as $$ select course_id from public.quizzes where id = quiz; $$;

create function private.course_of_event(event uuid) returns uuid
  language sql stable security definer set search_path = ''
as $$ select course_id from public.schedule_events where id = event; $$;

create function private.is_published_evaluation(evaluation uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$ select coalesce((select is_published from public.evaluations where id = evaluation), false); $$;

-- A student may start an attempt while the quiz is published, open and attempts remain.
create function private.can_attempt_quiz(quiz uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.quizzes q
    where q.id = quiz and q.is_published
      and (q.opens_at is null or q.opens_at <= now())
      and (q.closes_at is null or q.closes_at > now())
      and private.is_enrolled(q.course_id)
      and (select count(*) from public.quiz_attempts a
           where a.quiz_id = q.id and a.student_id = (select auth.uid())) < q.max_attempts
  );
$$;

-- Auto-grading: each question earns its points when the chosen set equals the key;
-- the score is the share of points, out of 20.
create function private.grade_quiz_attempt() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  earned numeric := 0;
  total numeric := 0;
  q record;
begin
  if tg_op = 'UPDATE' then
    -- an attempt stays the same student's, on the same quiz, started at the same time
    new.quiz_id := old.quiz_id;
    new.student_id := old.student_id;
    new.started_at := old.started_at;
  end if;
  if new.submitted_at is null then
    new.score := null;
    return new;
  end if;
  if tg_op = 'UPDATE' and old.submitted_at is not null then
    new.score := old.score;  -- graded once, at submission
    new.answers := old.answers;
    new.submitted_at := old.submitted_at;
    return new;
  end if;
  for q in
    select qq.points, k.correct, new.answers -> qq.id::text as given
    from public.quiz_questions qq
    left join public.quiz_answer_keys k on k.question_id = qq.id
    where qq.quiz_id = new.quiz_id
  loop
    total := total + q.points;
    if q.correct is not null and q.given is not null and jsonb_typeof(q.given) = 'array'
       and q.given @> q.correct and q.correct @> q.given then
      earned := earned + q.points;
    end if;
  end loop;
  new.score := case when total = 0 then 0 else round(20 * earned / total, 2) end;
  return new;
end;
$$;

create trigger quiz_attempts_grade before insert or update on public.quiz_attempts
  for each row execute function private.grade_quiz_attempt();

revoke all on function private.course_of_assignment(uuid), private.course_of_evaluation(uuid),
  private.course_of_quiz(uuid), private.course_of_event(uuid), private.is_published_evaluation(uuid),
  private.can_attempt_quiz(uuid), private.grade_quiz_attempt() from public;
grant execute on function private.course_of_assignment(uuid), private.course_of_evaluation(uuid),
  private.course_of_quiz(uuid), private.course_of_event(uuid), private.is_published_evaluation(uuid),
  private.can_attempt_quiz(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- RLS.
alter table public.assignments enable row level security;
alter table public.assignment_submissions enable row level security;
alter table public.evaluations enable row level security;
alter table public.grades enable row level security;
alter table public.quizzes enable row level security;
alter table public.quiz_questions enable row level security;
alter table public.quiz_answer_keys enable row level security;
alter table public.quiz_attempts enable row level security;
alter table public.attendance enable row level security;

-- Course-owned definitions (assignments, evaluations): members read, the teacher writes.
create policy "assignments: course members and admins read" on public.assignments for select to authenticated
  using (private.is_course_member(course_id) or (select private.is_admin()));
create policy "assignments: the teacher and admins add" on public.assignments for insert to authenticated
  with check (private.teaches_course(course_id) or (select private.is_admin()));
create policy "assignments: the teacher and admins edit" on public.assignments for update to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()))
  with check (private.teaches_course(course_id) or (select private.is_admin()));
create policy "assignments: the teacher and admins remove" on public.assignments for delete to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()));

-- A student hands in and revises its own work until it is graded, and cannot set a mark;
-- the teacher grades.
create policy "assignment_submissions: the student, the teacher and admins read" on public.assignment_submissions for select to authenticated
  using (student_id = (select auth.uid())
         or private.teaches_course(private.course_of_assignment(assignment_id))
         or (select private.is_admin()));
create policy "assignment_submissions: enrolled students hand in their own" on public.assignment_submissions for insert to authenticated
  with check (student_id = (select auth.uid())
              and private.is_enrolled(private.course_of_assignment(assignment_id))
              and score is null and feedback is null and graded_by is null and graded_at is null);
create policy "assignment_submissions: the student revises ungraded work, the teacher grades" on public.assignment_submissions for update to authenticated
  using ((student_id = (select auth.uid()) and graded_at is null)
         or private.teaches_course(private.course_of_assignment(assignment_id))
         or (select private.is_admin()))
  with check ((student_id = (select auth.uid())
               and private.is_enrolled(private.course_of_assignment(assignment_id))
               and score is null and feedback is null and graded_by is null and graded_at is null)
              or private.teaches_course(private.course_of_assignment(assignment_id))
              or (select private.is_admin()));
create policy "assignment_submissions: the student withdraws ungraded work, admins remove" on public.assignment_submissions for delete to authenticated
  using ((student_id = (select auth.uid()) and graded_at is null) or (select private.is_admin()));

create policy "evaluations: course members and admins read" on public.evaluations for select to authenticated
  using (private.is_course_member(course_id) or (select private.is_admin()));
create policy "evaluations: the teacher and admins add" on public.evaluations for insert to authenticated
  with check (private.teaches_course(course_id) or (select private.is_admin()));
create policy "evaluations: the teacher and admins edit" on public.evaluations for update to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()))
  with check (private.teaches_course(course_id) or (select private.is_admin()));
create policy "evaluations: the teacher and admins remove" on public.evaluations for delete to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()));

create policy "grades: the student once published, the teacher and admins read" on public.grades for select to authenticated
  using ((student_id = (select auth.uid()) and private.is_published_evaluation(evaluation_id))
         or private.teaches_course(private.course_of_evaluation(evaluation_id))
         or (select private.is_admin()));
create policy "grades: the teacher and admins grade" on public.grades for insert to authenticated
  with check (private.teaches_course(private.course_of_evaluation(evaluation_id)) or (select private.is_admin()));
create policy "grades: the teacher and admins correct" on public.grades for update to authenticated
  using (private.teaches_course(private.course_of_evaluation(evaluation_id)) or (select private.is_admin()))
  with check (private.teaches_course(private.course_of_evaluation(evaluation_id)) or (select private.is_admin()));
create policy "grades: the teacher and admins remove" on public.grades for delete to authenticated
  using (private.teaches_course(private.course_of_evaluation(evaluation_id)) or (select private.is_admin()));

-- Students see published quizzes of their courses; teachers their drafts too.
create policy "quizzes: students see published ones, the teacher and admins all" on public.quizzes for select to authenticated
  using ((is_published and private.is_enrolled(course_id))
         or private.teaches_course(course_id) or (select private.is_admin()));
create policy "quizzes: the teacher and admins add" on public.quizzes for insert to authenticated
  with check (private.teaches_course(course_id) or (select private.is_admin()));
create policy "quizzes: the teacher and admins edit" on public.quizzes for update to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()))
  with check (private.teaches_course(course_id) or (select private.is_admin()));
create policy "quizzes: the teacher and admins remove" on public.quizzes for delete to authenticated
  using (private.teaches_course(course_id) or (select private.is_admin()));

create policy "quiz_questions: readers of the quiz read" on public.quiz_questions for select to authenticated
  using (exists (select 1 from public.quizzes q where q.id = quiz_id));  -- the quizzes policy decides
create policy "quiz_questions: the teacher and admins add" on public.quiz_questions for insert to authenticated
  with check (private.teaches_course(private.course_of_quiz(quiz_id)) or (select private.is_admin()));
create policy "quiz_questions: the teacher and admins edit" on public.quiz_questions for update to authenticated
  using (private.teaches_course(private.course_of_quiz(quiz_id)) or (select private.is_admin()))
  with check (private.teaches_course(private.course_of_quiz(quiz_id)) or (select private.is_admin()));
create policy "quiz_questions: the teacher and admins remove" on public.quiz_questions for delete to authenticated
  using (private.teaches_course(private.course_of_quiz(quiz_id)) or (select private.is_admin()));

create function private.teaches_question(question uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.quiz_questions qq join public.quizzes q on q.id = qq.quiz_id
    where qq.id = question and private.teaches_course(q.course_id)
  );
$$;
revoke all on function private.teaches_question(uuid) from public;
grant execute on function private.teaches_question(uuid) to authenticated, service_role;

create policy "quiz_answer_keys: the teacher and admins only" on public.quiz_answer_keys for select to authenticated
  using (private.teaches_question(question_id) or (select private.is_admin()));
create policy "quiz_answer_keys: the teacher and admins add" on public.quiz_answer_keys for insert to authenticated
  with check (private.teaches_question(question_id) or (select private.is_admin()));
create policy "quiz_answer_keys: the teacher and admins edit" on public.quiz_answer_keys for update to authenticated
  using (private.teaches_question(question_id) or (select private.is_admin()))
  with check (private.teaches_question(question_id) or (select private.is_admin()));
create policy "quiz_answer_keys: the teacher and admins remove" on public.quiz_answer_keys for delete to authenticated
  using (private.teaches_question(question_id) or (select private.is_admin()));

create policy "quiz_attempts: the student, the teacher and admins read" on public.quiz_attempts for select to authenticated
  using (student_id = (select auth.uid())
         or private.teaches_course(private.course_of_quiz(quiz_id)) or (select private.is_admin()));
create policy "quiz_attempts: enrolled students start attempts" on public.quiz_attempts for insert to authenticated
  with check (student_id = (select auth.uid()) and private.can_attempt_quiz(quiz_id));
-- Answers change until submission; the trigger freezes a submitted attempt and its score.
create policy "quiz_attempts: the student answers until it submits" on public.quiz_attempts for update to authenticated
  using (student_id = (select auth.uid()) and submitted_at is null)
  with check (student_id = (select auth.uid()));
create policy "quiz_attempts: admins remove" on public.quiz_attempts for delete to authenticated
  using ((select private.is_admin()));

create policy "attendance: the student, the teacher and admins read" on public.attendance for select to authenticated
  using (student_id = (select auth.uid())
         or private.teaches_course(private.course_of_event(schedule_event_id)) or (select private.is_admin()));
create policy "attendance: the teacher and admins take the register" on public.attendance for insert to authenticated
  with check (private.teaches_course(private.course_of_event(schedule_event_id)) or (select private.is_admin()));
create policy "attendance: the teacher and admins correct" on public.attendance for update to authenticated
  using (private.teaches_course(private.course_of_event(schedule_event_id)) or (select private.is_admin()))
  with check (private.teaches_course(private.course_of_event(schedule_event_id)) or (select private.is_admin()));
create policy "attendance: the teacher and admins remove" on public.attendance for delete to authenticated
  using (private.teaches_course(private.course_of_event(schedule_event_id)) or (select private.is_admin()));

revoke all on public.assignments, public.assignment_submissions, public.evaluations, public.grades,
  public.quizzes, public.quiz_questions, public.quiz_answer_keys, public.quiz_attempts, public.attendance from anon;
revoke truncate, references, trigger on public.assignments, public.assignment_submissions, public.evaluations,
  public.grades, public.quizzes, public.quiz_questions, public.quiz_answer_keys, public.quiz_attempts,
  public.attendance from authenticated;
