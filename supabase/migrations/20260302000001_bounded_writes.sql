-- Bounded writes (issue 15, item 7).
--
-- 1. Every free-text and JSON column a client may write has a size limit in the database,
--    whatever the form in front of it says: a visitor posting a 5 MB application straight
--    to /rest/v1 is refused by a check constraint. (Columns bounded since their table was
--    created — names, titles, bodies, e-mails, phone numbers, lists of values — keep their
--    limits; tests/fixtures/db-lints.ts `unbounded_client_text` keeps it so for new ones.)
-- 2. Anonymous inserts are rate-limited per client IP address: a table anon may insert
--    into (today: applications) runs private.limit_anonymous_inserts before each insert,
--    which counts that address's recent inserts in private.anonymous_inserts.

-- ---------------------------------------------------------------------------------
-- 1. Sizes. Titles and names 200 characters, short labels 100, URLs and storage paths
--    2000 / 1024, long prose 20,000 (a course description, assignment instructions) or
--    50,000 (a submission's text); JSON by its stored size in bytes.

-- The catalogue (admins write it; the site mirrors it from markdown).
do $$
declare
  t text;
begin
  foreach t in array array['schools', 'departments', 'programmes', 'specialties',
                           'professional_formations', 'extension_programmes'] loop
    execute format('alter table public.%I add constraint %I check (char_length(name_fr) <= 200 and char_length(name_en) <= 200)',
                   t, t || '_names_length');
    execute format('alter table public.%I add constraint %I check (char_length(summary_fr) <= 4000 and char_length(summary_en) <= 4000)',
                   t, t || '_summaries_length');
  end loop;
end
$$;
alter table public.levels add constraint levels_names_length
  check (char_length(name_fr) <= 200 and char_length(name_en) <= 200);
alter table public.semesters add constraint semesters_names_length
  check (char_length(name_fr) <= 200 and char_length(name_en) <= 200);
alter table public.fee_schedules add constraint fee_schedules_labels_length
  check (char_length(label_fr) <= 200 and char_length(label_en) <= 200);
alter table public.fee_instalments add constraint fee_instalments_labels_length
  check (char_length(label_fr) <= 200 and char_length(label_en) <= 200);

-- Teaching.
alter table public.courses add constraint courses_description_length check (char_length(description) <= 20000);
alter table public.courses add constraint courses_zoom_passcode_length check (char_length(zoom_passcode) <= 50);
alter table public.courses add constraint courses_teams_meeting_url_length check (char_length(teams_meeting_url) <= 2000);
alter table public.schedule_events add constraint schedule_events_room_length check (char_length(room) <= 100);
alter table public.schedule_events add constraint schedule_events_zoom_passcode_length check (char_length(zoom_passcode) <= 50);
alter table public.schedule_events add constraint schedule_events_teams_meeting_url_length check (char_length(teams_meeting_url) <= 2000);

-- Assessment.
alter table public.assignments add constraint assignments_instructions_length check (char_length(instructions) <= 20000);
alter table public.assignment_submissions add constraint assignment_submissions_body_length check (char_length(body) <= 50000);
alter table public.assignment_submissions add constraint assignment_submissions_file_path_length check (char_length(file_path) <= 1024);
alter table public.assignment_submissions add constraint assignment_submissions_feedback_length check (char_length(feedback) <= 5000);
alter table public.grades add constraint grades_comment_length check (char_length(comment) <= 2000);
alter table public.quizzes add constraint quizzes_description_length check (char_length(description) <= 20000);
alter table public.quiz_questions add constraint quiz_questions_prompt_length check (char_length(prompt) <= 5000);
alter table public.quiz_questions add constraint quiz_questions_choices_size check (pg_column_size(choices) <= 16384);
alter table public.quiz_answer_keys add constraint quiz_answer_keys_correct_size check (pg_column_size(correct) <= 4096);
alter table public.quiz_attempts add constraint quiz_attempts_answers_size check (pg_column_size(answers) <= 65536);

-- Documents, money, notifications.
alter table public.documents add constraint documents_storage_path_length check (char_length(storage_path) <= 1024);
alter table public.receipts add constraint receipts_number_length check (char_length(number) <= 50);
alter table public.receipts add constraint receipts_storage_path_length check (char_length(storage_path) <= 1024);
alter table public.student_notifications add constraint student_notifications_action_url_length check (char_length(action_url) <= 2000);
alter table public.student_notifications add constraint student_notifications_action_label_length check (char_length(action_label) <= 100);
alter table public.student_notifications add constraint student_notifications_data_size check (pg_column_size(data) <= 8192);

-- Admissions: the form's extra answers (previous diploma, employer…) are a few fields.
alter table public.applications add constraint applications_details_size check (pg_column_size(details) <= 16384);

-- ---------------------------------------------------------------------------------
-- 2. Anonymous inserts, per client address.
--
-- The address comes from the request headers PostgREST exposes to SQL: on a hosted
-- project the gateway sets x-forwarded-for (first entry: the client) and, behind
-- Cloudflare, cf-connecting-ip; the local stack sets x-forwarded-for and x-real-ip from
-- the peer address the same way (supabase/local/stack.ts). Without any (a direct SQL
-- session), every anonymous insert shares one "unknown" budget.
create function private.request_ip() returns text
  language sql stable set search_path = ''
as $$
  select nullif(trim(coalesce(
    h ->> 'cf-connecting-ip',
    h ->> 'x-real-ip',
    split_part(h ->> 'x-forwarded-for', ',', 1)
  )), '')
  from (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb as h) as request;
$$;
comment on function private.request_ip() is 'The client address of the current API request (from request.headers), or null.';

-- Recent anonymous inserts: which table, from which address (an md5 digest, not the
-- address itself), when. Rows older than a day are purged as new ones arrive.
create table private.anonymous_inserts (
  id bigint generated always as identity primary key,
  table_name text not null,
  client text not null,
  created_at timestamptz not null default now()
);
comment on table private.anonymous_inserts is
  'Anonymous inserts of the last day, per table and client address digest, for rate limiting. Not exposed.';
create index anonymous_inserts_client_idx on private.anonymous_inserts (table_name, client, created_at);
create index anonymous_inserts_created_at_idx on private.anonymous_inserts (created_at);
alter table private.anonymous_inserts enable row level security;
revoke all on private.anonymous_inserts from public, anon, authenticated;

-- Before insert, for the anon role only: at most tg_argv[0] inserts per tg_argv[1] from
-- one address into that table, else an error PostgREST answers with HTTP 429. Signed-in
-- users, the service role and the owner are not limited here. Security definer: anon may
-- not read or write the counter table itself.
-- (Many people in Cameroon share one address behind a mobile operator's NAT: the limits
-- are set per table, generous enough for a lab or a family, tight enough for a script.)
create function private.limit_anonymous_inserts() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  max_inserts integer := coalesce(tg_argv[0], '10')::integer;
  per interval := coalesce(tg_argv[1], '10 minutes')::interval;
  who text;
  recent integer;
begin
  if coalesce((select auth.role()), '') <> 'anon' or (select auth.uid()) is not null then
    return new;
  end if;
  who := md5(coalesce(private.request_ip(), 'unknown'));
  -- one address at a time, so that parallel requests cannot all pass the count
  perform pg_advisory_xact_lock(hashtext('anonymous_inserts'), hashtext(tg_table_name || ':' || who));
  delete from private.anonymous_inserts where created_at < now() - interval '1 day';
  select count(*) into recent
  from private.anonymous_inserts a
  where a.table_name = tg_table_name and a.client = who and a.created_at > now() - per;
  if recent >= max_inserts then
    raise exception 'too many submissions from this address; try again later'
      using errcode = 'PT429', hint = format('At most %s every %s from one address.', max_inserts, per);
  end if;
  insert into private.anonymous_inserts (table_name, client) values (tg_table_name, who);
  return new;
end;
$$;
revoke all on function private.request_ip(), private.limit_anonymous_inserts() from public;
grant execute on function private.request_ip() to anon, authenticated, service_role;

-- Applications from the public site: 10 every 10 minutes from one address.
create trigger applications_limit_anonymous before insert on public.applications
  for each row execute function private.limit_anonymous_inserts('10', '10 minutes');
