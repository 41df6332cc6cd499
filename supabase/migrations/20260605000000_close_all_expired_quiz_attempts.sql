-- The worker closes quiz attempts left open past their deadline (and the 2-minute grace), on
-- every quiz, so the gradebook gets the mark without anybody opening the quiz. The same
-- update as close_expired_quiz_attempts(quiz), whose triggers mark the attempt; only the
-- service role (the worker) may run it over every quiz.
create function public.close_all_expired_quiz_attempts() returns integer
  language plpgsql security definer set search_path = ''
as $$
declare
  closed integer;
begin
  perform set_config('quiz.closing_expired', 'on', true);
  update public.quiz_attempts a
    set submitted_at = private.quiz_attempt_deadline(a.quiz_id, a.started_at)
  where a.submitted_at is null
    and private.quiz_attempt_deadline(a.quiz_id, a.started_at) + interval '2 minutes' < now();
  get diagnostics closed = row_count;
  perform set_config('quiz.closing_expired', '', true);
  return closed;
end;
$$;
comment on function public.close_all_expired_quiz_attempts() is 'Worker: submits every quiz attempt left open past its deadline and grace; returns how many.';
revoke all on function public.close_all_expired_quiz_attempts() from public, anon, authenticated;
grant execute on function public.close_all_expired_quiz_attempts() to service_role;
