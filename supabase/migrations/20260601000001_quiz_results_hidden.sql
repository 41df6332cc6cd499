-- A student's submitted quiz attempt (with its score) stays out of its sight until the
-- teacher releases the results (issue 12 §3: "results and feedback when released"). The
-- attempt in progress stays readable (its answers), the results through quiz_review() and
-- my_quizzes() once released. Teachers and admins read every attempt of their courses.
create function private.quiz_results_released(quiz uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$ select coalesce((select results_released_at is not null from public.quizzes where id = quiz), false); $$;
revoke all on function private.quiz_results_released(uuid) from public;
grant execute on function private.quiz_results_released(uuid) to authenticated, service_role;

drop policy "quiz_attempts: the student, the teacher and admins read" on public.quiz_attempts;
create policy "quiz_attempts: own (results once released), teacher, admins" on public.quiz_attempts for select to authenticated
  using ((student_id = (select auth.uid()) and (submitted_at is null or private.quiz_results_released(quiz_id)))
         or private.teaches_course(private.course_of_quiz(quiz_id)) or (select private.is_admin()));
