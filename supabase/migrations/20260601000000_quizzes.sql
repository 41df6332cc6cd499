-- Evaluations and quizzes (issue 12 §1 and §3).
--
-- * evaluations.kind gains quiz and assignment; create_evaluation() makes an evaluation
--   and, for a quiz, its draft quiz in one statement; teacher_evaluations lists a teacher's
--   evaluations with a status: draft, marking (marks coming in, or a quiz published) or
--   published (the marks are visible to the students).
-- * Quizzes belong to an evaluation (quizzes.evaluation_id), may shuffle their questions,
--   and release their results (results_released_at). Questions may also ask for a short
--   answer (accepted answers in the key, compared without case or outer spaces) or a number
--   (the key's value, within quiz_answer_keys.tolerance).
-- * SECURITY: students no longer read quiz_questions. They read the questions of an attempt
--   through quiz_attempt_questions(), only while that attempt is open and within its time
--   (the quiz's closing time and the time limit); the answer key only through
--   quiz_review(), once the results are released and the window has closed.
-- * Students answer one question at a time (save_quiz_answer merges into the attempt) and
--   submit (submit_quiz_attempt); the server's clock decides (enforce_quiz_timing). An
--   attempt left open is marked at its deadline by close_expired_quiz_attempts(), which
--   the lists call.
-- * Marking is done here, per question type; the teacher may override a question's points
--   (short answers) and write feedback (review_quiz_attempt). The best submitted attempt
--   becomes the student's mark in the evaluation (grades), written as automatic marking
--   (graded_by null) or signed by the reviewing teacher; a published mark that changes keeps
--   its history through the grades triggers.

-- ---------------------------------------------------------------------------------
-- Kinds (the same list as the assignments migration, whichever runs first).
alter table public.evaluations drop constraint if exists evaluations_kind_check;
alter table public.evaluations add constraint evaluations_kind_check
  check (kind in ('continuous', 'exam', 'resit', 'project', 'oral', 'practical', 'quiz', 'assignment'));

alter table public.quizzes add column evaluation_id uuid unique references public.evaluations (id) on delete cascade;
alter table public.quizzes add column shuffle boolean not null default false;
alter table public.quizzes add column results_released_at timestamptz;
comment on column public.quizzes.evaluation_id is 'The evaluation (kind quiz) whose mark this quiz gives.';

alter table public.quiz_questions drop constraint quiz_questions_kind_check;
alter table public.quiz_questions add constraint quiz_questions_kind_check
  check (kind in ('single', 'multiple', 'true_false', 'short', 'numeric'));
alter table public.quiz_questions add constraint quiz_questions_choices_for_kind
  check (case when kind in ('short', 'numeric') then jsonb_array_length(choices) = 0
              else jsonb_array_length(choices) between 1 and 20 end);

alter table public.quiz_answer_keys add column tolerance numeric(12, 4) not null default 0 check (tolerance >= 0);
comment on column public.quiz_answer_keys.correct is
  'Choice ids (single, multiple, true_false); accepted answers (short); ["<number>"] (numeric).';

alter table public.quiz_attempts add column overrides jsonb not null default '{}'
  check (jsonb_typeof(overrides) = 'object' and pg_column_size(overrides) <= 8192);
alter table public.quiz_attempts add column feedback text check (char_length(feedback) <= 5000);
comment on column public.quiz_attempts.overrides is 'The teacher''s points for some questions: {"<question id>": points}.';

-- A quiz's evaluation is a quiz evaluation of the same course.
create function private.check_quiz_evaluation() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if new.evaluation_id is not null and not exists (
    select 1 from public.evaluations e where e.id = new.evaluation_id and e.course_id = new.course_id and e.kind = 'quiz'
  ) then
    raise exception 'a quiz belongs to a quiz evaluation of its own course' using errcode = '23514';
  end if;
  return new;
end;
$$;
create trigger quizzes_evaluation before insert or update of evaluation_id, course_id on public.quizzes
  for each row execute function private.check_quiz_evaluation();

-- ---------------------------------------------------------------------------------
-- Students read questions only through an open attempt.
drop policy "quiz_questions: readers of the quiz read" on public.quiz_questions;
create policy "quiz_questions: the teacher and admins read" on public.quiz_questions for select to authenticated
  using (private.teaches_course(private.course_of_quiz(quiz_id)) or (select private.is_admin()));

-- ---------------------------------------------------------------------------------
-- Marking.

-- Whether one answer is right: the same set of choices; a short answer among the accepted
-- ones (case and outer spaces ignored); a number within the tolerance.
create function private.quiz_answer_right(kind text, correct jsonb, tolerance numeric, given jsonb) returns boolean
  language plpgsql immutable set search_path = ''
as $$
declare
  text_given text;
begin
  if correct is null or given is null or jsonb_typeof(given) <> 'array' or jsonb_array_length(given) = 0 then
    return false;
  end if;
  if kind in ('single', 'multiple', 'true_false') then
    return given @> correct and correct @> given;
  end if;
  text_given := lower(regexp_replace(trim(given ->> 0), '\s+', ' ', 'g'));
  if kind = 'short' then
    return exists (select 1 from jsonb_array_elements_text(correct) c
                   where lower(regexp_replace(trim(c), '\s+', ' ', 'g')) = text_given);
  end if;
  -- numeric: "12,5" and "12.5" are the same number
  text_given := replace(replace(text_given, ' ', ''), ',', '.');
  if text_given !~ '^-?[0-9]+(\.[0-9]+)?$' then
    return false;
  end if;
  return abs(text_given::numeric - replace(correct ->> 0, ',', '.')::numeric) <= coalesce(tolerance, 0);
end;
$$;

-- Each question of a quiz with the points an attempt's answers earn (a teacher's override,
-- clamped to the question's points, wins over the automatic mark).
create function private.quiz_marks(quiz uuid, answers jsonb, overrides jsonb)
  returns table (question_id uuid, points numeric, earned numeric, is_right boolean, overridden boolean)
  language sql stable security definer set search_path = ''
as $$
  select qq.id, qq.points,
    case when overrides ? qq.id::text
      then least(greatest((overrides ->> qq.id::text)::numeric, 0), qq.points)
      else case when private.quiz_answer_right(qq.kind, k.correct, k.tolerance, answers -> qq.id::text) then qq.points else 0 end
    end,
    private.quiz_answer_right(qq.kind, k.correct, k.tolerance, answers -> qq.id::text),
    overrides ? qq.id::text
  from public.quiz_questions qq
  left join public.quiz_answer_keys k on k.question_id = qq.id
  where qq.quiz_id = quiz;
$$;

create function private.quiz_score(quiz uuid, answers jsonb, overrides jsonb) returns numeric
  language sql stable security definer set search_path = ''
as $$
  select coalesce(round(20 * sum(m.earned) / nullif(sum(m.points), 0), 2), 0)
  from private.quiz_marks(quiz, answers, overrides) m;
$$;

-- Replaces the first grading trigger: marks every question type, keeps the teacher's
-- overrides and feedback the teacher's, and re-marks a submitted attempt when they change.
create or replace function private.grade_quiz_attempt() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    new.quiz_id := old.quiz_id;
    new.student_id := old.student_id;
    new.started_at := old.started_at;
  end if;
  if private.acting_user() is not null
     and not (private.teaches_course(private.course_of_quiz(new.quiz_id)) or private.is_admin()) then
    new.overrides := case when tg_op = 'UPDATE' then old.overrides else '{}'::jsonb end;
    new.feedback := case when tg_op = 'UPDATE' then old.feedback end;
  end if;
  if new.submitted_at is null then
    new.score := null;
    return new;
  end if;
  if tg_op = 'UPDATE' and old.submitted_at is not null then
    new.answers := old.answers;
    new.submitted_at := old.submitted_at;
    if new.overrides is not distinct from old.overrides then
      new.score := old.score;
      return new;
    end if;
  end if;
  new.score := private.quiz_score(new.quiz_id, new.answers, new.overrides);
  return new;
end;
$$;

-- The timing rule, as before, except while an expired attempt is being closed by
-- close_expired_quiz_attempts() (which sets quiz.closing_expired for its transaction).
create or replace function private.enforce_quiz_timing() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  started timestamptz;
  deadline timestamptz;
begin
  if private.acting_user() is null or coalesce(current_setting('quiz.closing_expired', true), '') = 'on' then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.submitted_at is not null then
    return new;
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

-- An attempt's deadline: the quiz's closing time or the end of its time limit (null: none).
create function private.quiz_attempt_deadline(quiz uuid, started timestamptz) returns timestamptz
  language sql stable security definer set search_path = ''
as $$
  select least(q.closes_at, started + make_interval(mins => q.time_limit_minutes)) from public.quizzes q where q.id = quiz;
$$;

-- The best submitted attempt is the student's mark in the quiz's evaluation. Written with
-- no acting user, so the mark is signed as automatic (graded_by null) unless a teacher is
-- reviewing (then signed by the teacher); the grades triggers keep a published mark's
-- history and lock a deliberated semester.
create function private.sync_quiz_grade() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  evaluation uuid;
  best numeric;
  reviewer uuid := private.acting_user();
  claims text := current_setting('request.jwt.claims', true);
  sub text := current_setting('request.jwt.claim.sub', true);
begin
  if new.submitted_at is null or new.score is null then
    return null;
  end if;
  select q.evaluation_id into evaluation from public.quizzes q where q.id = new.quiz_id;
  if evaluation is null then
    return null;
  end if;
  select max(a.score) into best from public.quiz_attempts a
  where a.quiz_id = new.quiz_id and a.student_id = new.student_id and a.submitted_at is not null;
  if reviewer is not null and not (private.teaches_course(private.course_of_quiz(new.quiz_id)) or private.is_admin()) then
    perform set_config('request.jwt.claims', '', true);
    perform set_config('request.jwt.claim.sub', '', true);
    reviewer := null;
  end if;
  insert into public.grades (evaluation_id, student_id, status, score, graded_by)
  values (evaluation, new.student_id, 'marked', best, reviewer)
  on conflict (evaluation_id, student_id) do update
    set status = 'marked', score = excluded.score, graded_by = excluded.graded_by, graded_at = now()
    where public.grades.score is distinct from excluded.score or public.grades.status <> 'marked';
  perform set_config('request.jwt.claims', coalesce(claims, ''), true);
  perform set_config('request.jwt.claim.sub', coalesce(sub, ''), true);
  return null;
end;
$$;
create trigger quiz_attempts_sync_grade after insert or update on public.quiz_attempts
  for each row execute function private.sync_quiz_grade();

revoke all on function private.check_quiz_evaluation(), private.quiz_answer_right(text, jsonb, numeric, jsonb),
  private.quiz_marks(uuid, jsonb, jsonb), private.quiz_score(uuid, jsonb, jsonb),
  private.quiz_attempt_deadline(uuid, timestamptz), private.sync_quiz_grade() from public;
grant execute on function private.quiz_attempt_deadline(uuid, timestamptz) to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- The student's path.

-- Marks the attempts of a quiz whose time is over (to the deadline, with the answers saved).
-- Anyone who may read the quiz may run it; it only closes what the clock has closed.
create function public.close_expired_quiz_attempts(quiz uuid) returns integer
  language plpgsql security definer set search_path = ''
as $$
declare
  closed integer;
begin
  if not exists (select 1 from public.quizzes q where q.id = quiz
                 and ((q.is_published and private.is_enrolled(q.course_id))
                      or private.teaches_course(q.course_id) or private.is_admin())) then
    return 0;
  end if;
  perform set_config('quiz.closing_expired', 'on', true);
  update public.quiz_attempts a
    set submitted_at = private.quiz_attempt_deadline(a.quiz_id, a.started_at)
  where a.quiz_id = quiz and a.submitted_at is null
    and private.quiz_attempt_deadline(a.quiz_id, a.started_at) + interval '2 minutes' < now();
  get diagnostics closed = row_count;
  perform set_config('quiz.closing_expired', '', true);
  return closed;
end;
$$;

-- Opens (or resumes) the caller's attempt: the open one if there is one, else a new one
-- when the quiz is open and attempts remain. Returns the attempt with its deadline and the
-- server's time, from which the page counts down.
create function public.start_quiz_attempt(quiz uuid)
  returns table (attempt_id uuid, started_at timestamptz, deadline timestamptz, server_now timestamptz)
  language plpgsql security definer set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  found_attempt public.quiz_attempts;
begin
  perform public.close_expired_quiz_attempts(quiz);
  select * into found_attempt from public.quiz_attempts a
  where a.quiz_id = quiz and a.student_id = me and a.submitted_at is null
  order by a.started_at desc limit 1;
  if found_attempt.id is null then
    if not private.can_attempt_quiz(quiz) then
      raise exception 'this quiz is not open to you, or you have no attempt left' using errcode = '42501';
    end if;
    insert into public.quiz_attempts (quiz_id, student_id) values (quiz, me) returning * into found_attempt;
  end if;
  return query select found_attempt.id, found_attempt.started_at,
    private.quiz_attempt_deadline(quiz, found_attempt.started_at), now();
end;
$$;

-- The questions of the caller's open attempt, within its time, with the answers saved so
-- far; shuffled per attempt (the same order on every reload) when the quiz says so.
create function public.quiz_attempt_questions(attempt uuid)
  returns table (id uuid, question_position integer, prompt text, kind text, choices jsonb, points numeric, answer jsonb)
  language plpgsql stable security definer set search_path = ''
as $$
declare
  a public.quiz_attempts;
  q public.quizzes;
begin
  select * into a from public.quiz_attempts x where x.id = attempt and x.student_id = (select auth.uid());
  if a.id is null or a.submitted_at is not null then
    raise exception 'no open attempt of yours' using errcode = '42501';
  end if;
  select * into q from public.quizzes x where x.id = a.quiz_id;
  if not q.is_published or now() > coalesce(private.quiz_attempt_deadline(q.id, a.started_at), 'infinity') then
    raise exception 'this quiz attempt is over' using errcode = '42501';
  end if;
  return query
    select qq.id, row_number() over (order by case when q.shuffle then md5(a.id::text || qq.id::text) end, qq.position)::integer,
      qq.prompt, qq.kind,
      case when q.shuffle and qq.kind in ('single', 'multiple')
        then (select coalesce(jsonb_agg(c order by md5(a.id::text || (c ->> 'id'))), '[]'::jsonb) from jsonb_array_elements(qq.choices) c)
        else qq.choices end,
      qq.points, a.answers -> qq.id::text
    from public.quiz_questions qq where qq.quiz_id = q.id
    order by 2;
end;
$$;

-- Saves one answer (["choice", …] or ["text"]) into the caller's open attempt.
create function public.save_quiz_answer(attempt uuid, question uuid, answer jsonb) returns void
  language plpgsql security definer set search_path = ''
as $$
begin
  if jsonb_typeof(answer) is distinct from 'array' then
    raise exception 'an answer is a list of at most 20 texts of at most 500 characters' using errcode = '22023';
  end if;
  if jsonb_array_length(answer) > 20
     or exists (select 1 from jsonb_array_elements(answer) e where jsonb_typeof(e) <> 'string' or char_length(e #>> '{}') > 500) then
    raise exception 'an answer is a list of at most 20 texts of at most 500 characters' using errcode = '22023';
  end if;
  update public.quiz_attempts a set answers = a.answers || jsonb_build_object(question::text, answer)
  where a.id = attempt and a.student_id = (select auth.uid()) and a.submitted_at is null
    and exists (select 1 from public.quiz_questions qq where qq.id = question and qq.quiz_id = a.quiz_id);
  if not found then
    raise exception 'no open attempt of yours with this question' using errcode = '42501';
  end if;
end;
$$;

-- Submits the caller's open attempt (refused after its deadline and the 2 minutes' grace:
-- it is then marked as it stood at the deadline). Returns nothing of the mark.
create function public.submit_quiz_attempt(attempt uuid) returns void
  language plpgsql security definer set search_path = ''
as $$
begin
  update public.quiz_attempts a set submitted_at = now()
  where a.id = attempt and a.student_id = (select auth.uid()) and a.submitted_at is null;
  if not found then
    raise exception 'no open attempt of yours' using errcode = '42501';
  end if;
end;
$$;

-- The caller's quizzes (published, of its courses) with its attempts and, once released,
-- its best mark.
create function public.my_quizzes()
  returns table (quiz_id uuid, course_code text, course_title text, title text, description text,
                 opens_at timestamptz, closes_at timestamptz, time_limit_minutes integer, max_attempts integer,
                 attempts_used integer, open_attempt uuid, released boolean, best_score numeric, server_now timestamptz)
  language plpgsql security definer set search_path = ''
as $$
declare
  quiz uuid;
begin
  for quiz in select q.id from public.quizzes q where q.is_published and private.is_enrolled(q.course_id) loop
    perform public.close_expired_quiz_attempts(quiz);
  end loop;
  return query
    select q.id, c.code, c.title, q.title, q.description, q.opens_at, q.closes_at, q.time_limit_minutes::integer,
      q.max_attempts::integer,
      (select count(*)::integer from public.quiz_attempts a where a.quiz_id = q.id and a.student_id = (select auth.uid())),
      (select a.id from public.quiz_attempts a where a.quiz_id = q.id and a.student_id = (select auth.uid())
         and a.submitted_at is null limit 1),
      q.results_released_at is not null,
      case when q.results_released_at is not null then
        (select max(a.score) from public.quiz_attempts a where a.quiz_id = q.id and a.student_id = (select auth.uid())) end,
      now()
    from public.quizzes q join public.courses c on c.id = q.course_id
    where q.is_published and private.is_enrolled(q.course_id)
    order by q.closes_at nulls last, q.title;
end;
$$;

-- One attempt question by question: for its student once the results are released (the
-- correct answers only once the window has closed too), for the teacher at any time.
create function public.quiz_review(attempt uuid)
  returns table (question_id uuid, question_position integer, prompt text, kind text, choices jsonb, points numeric,
                 answer jsonb, earned numeric, is_right boolean, overridden boolean, correct jsonb, tolerance numeric,
                 score numeric, feedback text)
  language plpgsql stable security definer set search_path = ''
as $$
declare
  a public.quiz_attempts;
  q public.quizzes;
  staff boolean;
  show_key boolean;
begin
  select * into a from public.quiz_attempts x where x.id = attempt;
  select * into q from public.quizzes x where x.id = a.quiz_id;
  staff := q.id is not null and (private.teaches_course(q.course_id) or private.is_admin());
  if a.id is null or not (staff or (a.student_id = (select auth.uid()) and q.results_released_at is not null and a.submitted_at is not null)) then
    raise exception 'this attempt''s results are not yours to read, or not released yet' using errcode = '42501';
  end if;
  show_key := staff or (q.closes_at is not null and q.closes_at <= now());
  return query
    select qq.id, qq.position::integer, qq.prompt, qq.kind, qq.choices, qq.points, a.answers -> qq.id::text,
      m.earned, m.is_right, m.overridden,
      case when show_key then k.correct end, case when show_key then k.tolerance end,
      a.score, a.feedback
    from public.quiz_questions qq
    join private.quiz_marks(q.id, a.answers, a.overrides) m on m.question_id = qq.id
    left join public.quiz_answer_keys k on k.question_id = qq.id
    where qq.quiz_id = q.id
    order by qq.position;
end;
$$;

-- ---------------------------------------------------------------------------------
-- The teacher's path.

-- Creates an evaluation of one of my courses; a quiz evaluation gets its draft quiz.
-- Security invoker: the evaluations and quizzes policies decide.
create function public.create_evaluation(course uuid, title text, kind text, coefficient numeric, held_on date default null)
  returns table (evaluation_id uuid, quiz_id uuid)
  language plpgsql security invoker set search_path = ''
as $$
declare
  evaluation uuid;
  quiz uuid;
begin
  insert into public.evaluations (course_id, title, kind, coefficient, held_on)
  values (course, trim(title), kind, coefficient, held_on) returning id into evaluation;
  if kind = 'quiz' then
    insert into public.quizzes (course_id, title, evaluation_id, opens_at, closes_at, time_limit_minutes)
    values (course, trim(title), evaluation,
      coalesce(held_on::timestamp at time zone 'Africa/Douala', now()),
      coalesce(held_on::timestamp at time zone 'Africa/Douala', now()) + interval '7 days', 30)
    returning id into quiz;
  end if;
  return query select evaluation, quiz;
end;
$$;

-- A teacher's review of an attempt: points for some questions ({"<question>": points or
-- null to go back to the automatic mark}) and feedback. The mark follows in the gradebook.
create function public.review_quiz_attempt(attempt uuid, points jsonb default '{}', feedback text default null)
  returns numeric
  language plpgsql security definer set search_path = ''
as $$
declare
  a public.quiz_attempts;
begin
  select * into a from public.quiz_attempts x where x.id = attempt;
  if a.id is null or not (private.teaches_course(private.course_of_quiz(a.quiz_id)) or private.is_admin()) then
    raise exception 'only the course''s teacher reviews its quizzes' using errcode = '42501';
  end if;
  if a.submitted_at is null then
    raise exception 'this attempt is not submitted yet' using errcode = '23514';
  end if;
  if jsonb_typeof(points) <> 'object' or exists (
    select 1 from jsonb_each(points) p
    where not exists (select 1 from public.quiz_questions qq where qq.id::text = p.key and qq.quiz_id = a.quiz_id)
       or jsonb_typeof(p.value) not in ('number', 'null')
  ) then
    raise exception 'points are given per question of this quiz, as numbers' using errcode = '22023';
  end if;
  update public.quiz_attempts x
    set overrides = jsonb_strip_nulls(x.overrides || points),
        feedback = coalesce(nullif(trim(review_quiz_attempt.feedback), ''), x.feedback)
  where x.id = attempt
  returning x.score into a.score;
  return a.score;
end;
$$;

-- Releases a quiz's results: the attempts still open past their time are marked, the
-- students see their results, and the evaluation's marks are published (notifying them).
create function public.release_quiz_results(quiz uuid) returns integer
  language plpgsql security definer set search_path = ''
as $$
declare
  q public.quizzes;
  told integer := 0;
begin
  select * into q from public.quizzes x where x.id = quiz;
  if q.id is null or not (private.teaches_course(q.course_id) or private.is_admin()) then
    raise exception 'only the course''s teacher releases its quiz results' using errcode = '42501';
  end if;
  perform public.close_expired_quiz_attempts(quiz);
  update public.quizzes set results_released_at = coalesce(results_released_at, now()) where id = quiz;
  if q.evaluation_id is not null then
    told := public.publish_evaluation(q.evaluation_id);
  end if;
  return told;
end;
$$;

revoke all on function public.close_expired_quiz_attempts(uuid), public.start_quiz_attempt(uuid),
  public.quiz_attempt_questions(uuid), public.save_quiz_answer(uuid, uuid, jsonb), public.submit_quiz_attempt(uuid),
  public.my_quizzes(), public.quiz_review(uuid), public.create_evaluation(uuid, text, text, numeric, date),
  public.review_quiz_attempt(uuid, jsonb, text), public.release_quiz_results(uuid) from public, anon;
grant execute on function public.close_expired_quiz_attempts(uuid), public.start_quiz_attempt(uuid),
  public.quiz_attempt_questions(uuid), public.save_quiz_answer(uuid, uuid, jsonb), public.submit_quiz_attempt(uuid),
  public.my_quizzes(), public.quiz_review(uuid), public.create_evaluation(uuid, text, text, numeric, date),
  public.review_quiz_attempt(uuid, jsonb, text), public.release_quiz_results(uuid) to authenticated;

-- ---------------------------------------------------------------------------------
-- A teacher's evaluations with their status.
create view public.teacher_evaluations with (security_invoker = true) as
select e.id, e.course_id, c.code as course_code, c.title as course_title, e.title, e.kind, e.coefficient, e.held_on,
  e.is_published, q.id as quiz_id,
  case
    when e.is_published then 'published'
    when (q.id is not null and q.is_published) or exists (select 1 from public.grades g where g.evaluation_id = e.id) then 'marking'
    else 'draft' end as status,
  (select count(*) from public.grades g where g.evaluation_id = e.id)::integer as marks_count,
  e.created_at
from public.evaluations e
join public.courses c on c.id = e.course_id and c.teacher_id = (select auth.uid())
left join public.quizzes q on q.evaluation_id = e.id;
comment on view public.teacher_evaluations is 'The signed-in teacher''s evaluations with status draft, marking or published.';
revoke all on public.teacher_evaluations from anon;
grant select on public.teacher_evaluations to authenticated;
