-- Writes sent once (issue 24 §3): a submission or a message written on a bad line is kept
-- on the device and sent again when the network returns, maybe more than once (the first
-- answer lost on the way back, two tabs, the service worker's sync). Each carries the key
-- (a UUID) made when the student pressed send, and the server keeps it with what it wrote:
-- the same key again returns what was written the first time and writes nothing.
--
-- * assignment_submissions.idempotency_key: the key of the version the row holds. A student
--   has one row per assignment; public.hand_in() writes it (first hand-in or revision) under
--   a per-student-and-assignment lock, so two sends of one key at once write once.
-- * messages.idempotency_key: the key of the message. public.send_message() takes it and
--   relies on the unique index (insert … on conflict do nothing): the second of two sends
--   at once waits for the first and returns its message.
-- The files go to paths made from the key (messages) or the file name (submissions) with an
-- overwrite, so a replay rewrites the same object rather than adding one; and a client that
-- finds its key already used skips the upload altogether (see the data modules).
--
-- Also: a revision that changes only the files is stamped again (stamp_submission compared
-- body and file_path, not the files[] column added later), so work completed after the
-- deadline by adding a file is dated when it arrived, like a revised text.

alter table public.assignment_submissions add column idempotency_key uuid unique;
comment on column public.assignment_submissions.idempotency_key is
  'The key the student''s device made for the version this row holds: hand_in() given it again writes nothing.';
grant update (idempotency_key) on public.assignment_submissions to authenticated;

alter table public.messages add column idempotency_key uuid unique;
comment on column public.messages.idempotency_key is
  'The key the sender''s device made for this message: send_message() given it again writes nothing.';

-- ---------------------------------------------------------------------------------
-- The time of a submission is that of the version the teacher reads: text or files.
create or replace function private.stamp_submission() returns trigger
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
  if (new.body, new.file_path, new.files) is distinct from (old.body, old.file_path, old.files) then
    new.submitted_at := now();
  else
    new.submitted_at := old.submitted_at;
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------
-- Hands in (or revises) the caller's work on an assignment; returns the submission's id.
-- Security invoker: the table's policies and triggers decide as for a direct write (enrolled,
-- not graded, the server's clock and the assignment's late policy, the files' folder).
create function public.hand_in(p_assignment uuid, p_body text, p_files text[], p_idempotency_key uuid) returns uuid
  language plpgsql security invoker set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  existing record;
  written uuid;
begin
  if me is null then
    raise exception 'sign in to hand in work' using errcode = '42501';
  end if;
  if p_idempotency_key is null then
    raise exception 'a hand-in carries its idempotency key' using errcode = '22004';
  end if;
  -- One hand-in at a time per student and assignment: a replay waits for the first send and
  -- then sees its key.
  perform pg_advisory_xact_lock(hashtext('hand_in'), hashtext(me::text || ':' || p_assignment::text));
  select s.id, s.idempotency_key into existing
  from public.assignment_submissions s where s.assignment_id = p_assignment and s.student_id = me;
  if existing.id is null then
    insert into public.assignment_submissions (assignment_id, student_id, body, files, idempotency_key)
    values (p_assignment, me, coalesce(p_body, ''), coalesce(p_files, '{}'), p_idempotency_key)
    returning id into written;
    return written;
  end if;
  if existing.idempotency_key is not distinct from p_idempotency_key then
    return existing.id; -- already written: nothing more
  end if;
  update public.assignment_submissions
  set body = coalesce(p_body, ''), files = coalesce(p_files, '{}'), file_path = null, idempotency_key = p_idempotency_key
  where id = existing.id
  returning id into written;
  if written is null then
    raise exception 'this work is marked: it can no longer be changed' using errcode = '42501';
  end if;
  return written;
end;
$$;
comment on function public.hand_in(uuid, text, text[], uuid) is
  'Hands in or revises the caller''s work (text, files in its folder); the same idempotency key again returns the submission without writing.';
revoke all on function public.hand_in(uuid, text, text[], uuid) from public, anon;
grant execute on function public.hand_in(uuid, text, text[], uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- send_message takes the key (optional: the dashboard always sends one). Same body as
-- 20260402000000_messages_community.sql otherwise.
drop function public.send_message(uuid, text, jsonb);
create function public.send_message(conversation uuid, body text, attachments jsonb default '[]'::jsonb, p_idempotency_key uuid default null)
  returns uuid
  language plpgsql security invoker set search_path = ''
as $$
#variable_conflict use_variable
declare
  message uuid;
begin
  if jsonb_typeof(coalesce(attachments, '[]'::jsonb)) <> 'array' or jsonb_array_length(coalesce(attachments, '[]'::jsonb)) > 5 then
    raise exception 'at most 5 attachments per message' using errcode = '23514';
  end if;
  insert into public.messages (conversation_id, body, idempotency_key) values (conversation, body, p_idempotency_key)
  on conflict (idempotency_key) do nothing
  returning id into message;
  if message is null then
    -- The key was used: the caller's own message, written by an earlier send, is the answer.
    select m.id into message from public.messages m
    where m.idempotency_key = p_idempotency_key and m.sender_id = (select auth.uid()) and m.conversation_id = conversation;
    if message is null then
      raise exception 'this idempotency key belongs to another message' using errcode = '23505';
    end if;
    return message;
  end if;
  insert into public.message_attachments (message_id, conversation_id, storage_path, file_name, mime_type, size_bytes)
  select message, conversation, a ->> 'storage_path', a ->> 'file_name', a ->> 'mime_type', (a ->> 'size_bytes')::integer
  from jsonb_array_elements(coalesce(attachments, '[]'::jsonb)) as a;
  update public.conversation_participants set last_read_at = now()
  where conversation_id = conversation and user_id = (select auth.uid());
  return message;
end;
$$;
comment on function public.send_message(uuid, text, jsonb, uuid) is
  'Writes a message and its attachments (already uploaded); the same idempotency key again returns that message without writing.';
revoke all on function public.send_message(uuid, text, jsonb, uuid) from public, anon;
grant execute on function public.send_message(uuid, text, jsonb, uuid) to authenticated, service_role;
