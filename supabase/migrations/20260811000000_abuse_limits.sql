-- Limits that stop abuse by signed-in accounts (security review 2026-11-26: L3, L4, L7).
--
-- 1. Applications from a signed-in account: at most 50 a day per account (admins keying in
--    paper applications are not counted). Anonymous applications keep their per-address
--    limit (20260302000001_bounded_writes.sql).
-- 2. The application's e-mails go to the applicant account's own confirmed address, never to
--    an address typed into the form; only an application with no account (anonymous, or
--    keyed in by an admin) is written to the address it names.
-- 3. The university-wide board (no course, no programme) is for people with a role
--    (student, teacher, admin), for reading, posting and commenting alike.
-- 4. A report pairs a comment only with that comment's own post (the policy compared
--    c.post_id with itself).

-- ---------------------------------------------------------------------------------
-- 1. Per-account daily limit.
create table private.account_inserts (
  id bigint generated always as identity primary key,
  table_name text not null,
  user_id uuid not null,
  created_at timestamptz not null default now()
);
comment on table private.account_inserts is
  'Inserts of the last day by signed-in accounts, per table and account, for rate limiting. Not exposed.';
create index account_inserts_user_idx on private.account_inserts (table_name, user_id, created_at);
create index account_inserts_created_at_idx on private.account_inserts (created_at);
alter table private.account_inserts enable row level security;
revoke all on private.account_inserts from public, anon, authenticated;

-- Before insert, for signed-in accounts other than admins: at most tg_argv[0] inserts per
-- tg_argv[1] into that table by one account, else an error PostgREST answers with HTTP 429.
-- Security definer: the counter table is not the client's.
create function private.limit_account_inserts() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  max_inserts integer := coalesce(tg_argv[0], '50')::integer;
  per interval := coalesce(tg_argv[1], '1 day')::interval;
  who uuid := (select auth.uid());
  recent integer;
begin
  if who is null or private.is_admin() then
    return new;
  end if;
  -- one account at a time, so that parallel requests cannot all pass the count
  perform pg_advisory_xact_lock(hashtext('account_inserts'), hashtext(tg_table_name || ':' || who::text));
  delete from private.account_inserts where created_at < now() - greatest(per, interval '1 day');
  select count(*) into recent
  from private.account_inserts a
  where a.table_name = tg_table_name and a.user_id = who and a.created_at > now() - per;
  if recent >= max_inserts then
    raise exception 'too many submissions from this account; try again tomorrow'
      using errcode = 'PT429', hint = format('At most %s every %s from one account.', max_inserts, per);
  end if;
  insert into private.account_inserts (table_name, user_id) values (tg_table_name, who);
  return new;
end;
$$;
revoke all on function private.limit_account_inserts() from public;

create trigger applications_limit_accounts before insert on public.applications
  for each row execute function private.limit_account_inserts('50', '1 day');

-- ---------------------------------------------------------------------------------
-- 2. Application notices: the account's confirmed address, or the form's for no account.
create or replace function private.notify_application_status() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  en boolean := new.preferred_locale = 'en';
  label text;
  title text;
  body text;
  recipient text;
begin
  -- (API requests only: the demo seed and repairs by the owner notify nobody)
  if new.status = 'draft' or (tg_op = 'UPDATE' and old.status is not distinct from new.status)
     or coalesce(current_setting('request.headers', true), '') in ('', '{}') then
    return new;
  end if;
  label := case new.status
    when 'submitted' then case when en then 'submitted' else 'déposée' end
    when 'under_review' then case when en then 'under review' else 'en cours d''examen' end
    when 'documents_requested' then case when en then 'waiting for a document' else 'en attente d''un document' end
    when 'admitted' then case when en then 'accepted' else 'acceptée' end
    when 'waitlisted' then case when en then 'on the waiting list' else 'sur liste d''attente' end
    when 'rejected' then case when en then 'not accepted' else 'non retenue' end
    when 'enrolled' then case when en then 'registered' else 'inscrite' end
    else case when en then 'withdrawn' else 'retirée' end
  end;
  title := case when en then 'Your application is ' || label else 'Votre candidature est ' || label end;
  body := title || case when new.status = 'documents_requested'
      then case when en then ': please upload the requested document.' else ' : veuillez déposer le document demandé.' end
      else '.' end;
  if new.applicant_id is not null and private.wants_notification(new.applicant_id, 'application', 'in_app') then
    insert into public.student_notifications (user_id, type, title, message, priority, data, action_url, action_label)
    values (new.applicant_id, 'application', title, body,
            case when new.status in ('documents_requested', 'admitted') then 'high' else 'normal' end,
            jsonb_build_object('application_id', new.id, 'status', new.status),
            case when en then '/en/dashboard/applications' else '/dashboard/applications' end,
            case when en then 'Follow my application' else 'Suivre ma candidature' end);
  end if;
  -- An account's application is mailed to the account's confirmed address only, so the
  -- form cannot be used to send the university's e-mails to strangers.
  if new.applicant_id is not null then
    select u.email into recipient from auth.users u
    where u.id = new.applicant_id and u.email_confirmed_at is not null and coalesce(u.email, '') <> '';
  else
    recipient := new.email;
  end if;
  if recipient is not null then
    insert into public.outbox_messages (channel, recipient, user_id, kind, subject, body)
    values ('email', recipient, new.applicant_id, 'application', title, body);
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------
-- 3. The university-wide board needs a role; course and programme boards are unchanged.
create or replace function private.can_read_board(course uuid, programme uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select case
    when course is not null then private.is_course_member(course) or private.is_admin()
    when programme is not null then private.in_programme(programme) or private.is_admin()
    else exists (select 1 from public.user_roles r where r.user_id = (select auth.uid()))
  end;
$$;

-- ---------------------------------------------------------------------------------
-- 4. L7: the reported comment must belong to the reported post.
drop policy "community_reports: readers report what they read" on public.community_reports;
create policy "community_reports: readers report what they read" on public.community_reports for insert to authenticated
  with check (reporter_id = (select auth.uid()) and private.can_read_post(post_id)
              and (comment_id is null or exists (select 1 from public.community_comments c
                                                 where c.id = community_reports.comment_id
                                                   and c.post_id = community_reports.post_id)));
