-- Messages and community (issue 10, items 6 and 7).
--
-- Messages
-- * conversations.kind: 'direct' (people who may write to each other), 'course' (every
--   actively enrolled student and the course's teacher, kept in step by
--   open_course_conversation) and 'announcement' (one per recipient, written by
--   send_announcement; recipients read, only admins write, so that an announcement to a
--   whole school never shows its recipients to each other).
-- * Who may write to whom (private.may_write_to): classmates, one's teachers, one's
--   students; admins anyone. start_conversation() opens or reuses a one-to-one thread.
-- * Unread: conversation_participants.last_read_at, set to the server's now() by
--   mark_conversation_read(); my_conversations() gives each thread's unread count.
-- * Live delivery: messages joins the supabase_realtime publication (RLS decides who
--   receives each insert, on hosted realtime and on the local stack alike).
-- * Attachments: message_attachments rows, files in the private `message-attachments`
--   bucket at <conversation_id>/<sender_id>/<file>, 10 MB, pdf/images/office documents;
--   send_message() writes a message and its attachments in one transaction.
-- * search_my_messages(): server-side search in the caller's own conversations.
--
-- Community
-- * Boards: a course (course_id), a programme (programme_id, new) or the whole university
--   (neither). Students read the boards of their courses and of the programme they are
--   registered in; teachers those of their courses and of their courses' programmes.
-- * Moderation: is_hidden / is_locked / is_pinned on posts, is_hidden on comments, changed
--   only by moderate_post() / moderate_comment() (the course's teacher, admins; programme
--   and university boards: admins). Hidden items are invisible to everyone else.
-- * community_reactions (one of a kind per person and item) and community_reports (one
--   per person and item; moderators of the board read them, resolve_report() closes one).
-- * Server paging: community_posts_page() (20 a page), community_post_comments().

-- ---------------------------------------------------------------------------------
-- Helpers.

-- A person's display name, for rows the caller was already allowed to read (called only
-- by the security-invoker reads below, on rows RLS let through). Not exposed by the API.
create function private.display_name(person uuid) returns text
  language sql stable security definer set search_path = ''
as $$ select p.full_name from public.profiles p where p.id = person; $$;

-- Classmates (an active course in common), one's teachers, one's students; admins anyone.
create function private.may_write_to(person uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select person is not null and person <> (select auth.uid()) and (
    private.is_admin()
    or exists (
      select 1 from public.course_enrollments mine
      join public.course_enrollments theirs on theirs.course_id = mine.course_id
      where mine.user_id = (select auth.uid()) and mine.status = 'active'
        and theirs.user_id = person and theirs.status = 'active')
    or exists (
      select 1 from public.course_enrollments mine
      join public.courses c on c.id = mine.course_id
      where mine.user_id = (select auth.uid()) and mine.status = 'active' and c.teacher_id = person)
    or exists (
      select 1 from public.courses c
      join public.course_enrollments theirs on theirs.course_id = c.id
      where c.teacher_id = (select auth.uid()) and theirs.user_id = person and theirs.status = 'active')
  );
$$;
comment on function private.may_write_to(uuid) is
  'True when the signed-in user may start a conversation with that person: classmates, own teachers, own students; admins anyone.';

-- ---------------------------------------------------------------------------------
-- Conversations: kinds.
alter table public.conversations
  add column kind text not null default 'direct' check (kind in ('direct', 'course', 'announcement'));
comment on column public.conversations.kind is
  'direct: people who may write to each other; course: the course''s students and teacher; announcement: an admin to one recipient.';
-- One course conversation per course.
create unique index conversations_one_per_course on public.conversations (course_id) where kind = 'course';

-- Starting a conversation makes one a "starter" (rename, invite, remove) of direct ones only:
-- nobody owns a course conversation or an announcement.
create or replace function private.started_conversation(conversation uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.conversations
    where id = conversation and created_by = (select auth.uid()) and kind = 'direct'
  );
$$;

-- Who may post in a conversation: its participants; announcements, admins only.
create function private.can_post_message(conversation uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select private.is_participant(conversation) and exists (
    select 1 from public.conversations c
    where c.id = conversation and (c.kind <> 'announcement' or private.is_admin())
  );
$$;

drop policy "conversations: anyone signed in starts one" on public.conversations;
create policy "conversations: anyone signed in starts a direct one" on public.conversations for insert to authenticated
  with check (created_by = (select auth.uid()) and kind = 'direct');
drop policy "conversations: the starter renames it" on public.conversations;
create policy "conversations: the starter renames a direct one" on public.conversations for update to authenticated
  using ((created_by = (select auth.uid()) and kind = 'direct') or (select private.is_admin()))
  with check ((created_by = (select auth.uid()) and kind = 'direct') or (select private.is_admin()));
drop policy "conversations: the starter and admins remove" on public.conversations;
create policy "conversations: the starter and admins remove" on public.conversations for delete to authenticated
  using ((created_by = (select auth.uid()) and kind = 'direct') or (select private.is_admin()));

-- The starter adds itself and people it may write to (no longer anyone whose name card it
-- sees, which includes partners of other conversations).
drop policy "conversation_participants: the starter invites people it knows" on public.conversation_participants;
create policy "conversation_participants: the starter invites people it may" on public.conversation_participants for insert to authenticated
  with check ((private.started_conversation(conversation_id)
               and (user_id = (select auth.uid()) or private.may_write_to(user_id)))
              or (select private.is_admin()));

drop policy "messages: participants write as themselves" on public.messages;
create policy "messages: participants write as themselves" on public.messages for insert to authenticated
  with check (sender_id = (select auth.uid()) and private.can_post_message(conversation_id));

-- Live delivery.
do $$
begin
  if not exists (select 1 from pg_publication_tables
                 where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'messages') then
    alter publication supabase_realtime add table public.messages;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------
-- Attachments.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('message-attachments', 'message-attachments', false, 10 * 1024 * 1024, array[
    'application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif',
    'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet',
    'application/vnd.oasis.opendocument.presentation'])
on conflict (id) do nothing;

create table public.message_attachments (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references public.messages (id) on delete cascade,
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  uploaded_by uuid references public.profiles (id) on delete set null,
  -- In the message-attachments bucket: <conversation_id>/<uploaded_by>/<file>.
  storage_path text not null check (char_length(storage_path) <= 1024),
  file_name text not null check (char_length(file_name) between 1 and 255),
  mime_type text not null check (mime_type in (
    'application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif',
    'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet',
    'application/vnd.oasis.opendocument.presentation')),
  size_bytes integer not null check (size_bytes between 1 and 10485760),
  created_at timestamptz not null default now()
);
comment on table public.message_attachments is 'Files attached to a message; the bytes are in the message-attachments bucket.';
create index message_attachments_message_id_idx on public.message_attachments (message_id);
create index message_attachments_conversation_id_idx on public.message_attachments (conversation_id);
create index message_attachments_uploaded_by_idx on public.message_attachments (uploaded_by);
create trigger message_attachments_stamp before insert or update on public.message_attachments
  for each row execute function private.stamp_row('uploaded_by');

alter table public.message_attachments enable row level security;
create policy "message_attachments: participants read" on public.message_attachments for select to authenticated
  using (private.is_participant(conversation_id) or (select private.is_admin()));
-- The sender attaches its own file, under its own folder of that conversation, to its message.
create policy "message_attachments: the sender attaches to its message" on public.message_attachments for insert to authenticated
  with check (
    uploaded_by = (select auth.uid())
    and storage_path like conversation_id::text || '/' || (select auth.uid())::text || '/%'
    and exists (select 1 from public.messages m
                where m.id = message_id and m.conversation_id = conversation_id and m.sender_id = (select auth.uid())));
create policy "message_attachments: the sender and admins remove" on public.message_attachments for delete to authenticated
  using (uploaded_by = (select auth.uid()) or (select private.is_admin()));
revoke all on public.message_attachments from anon;
revoke update, truncate, references, trigger on public.message_attachments from authenticated;

-- Storage rules of the bucket, by path: participants (and admins) read; the sender writes in
-- its own folder of a conversation it may post in; the sender and admins delete. Separate
-- policies scoped to this bucket, so that private.can_access_object stays the other buckets'.
create function private.can_access_message_file(object_name text, operation text) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select coalesce(case operation
    when 'read' then
      private.is_participant(private.try_uuid(split_part(object_name, '/', 1))) or private.is_admin()
    when 'write' then
      private.try_uuid(split_part(object_name, '/', 2)) = (select auth.uid())
      and private.can_post_message(private.try_uuid(split_part(object_name, '/', 1)))
    when 'delete' then
      private.try_uuid(split_part(object_name, '/', 2)) = (select auth.uid()) or private.is_admin()
    else false
  end, false);
$$;

create policy "objects: message attachments read" on storage.objects for select to authenticated
  using (bucket_id = 'message-attachments' and private.can_access_message_file(name, 'read'));
create policy "objects: message attachments upload" on storage.objects for insert to authenticated
  with check (bucket_id = 'message-attachments' and private.can_access_message_file(name, 'write'));
create policy "objects: message attachments overwrite" on storage.objects for update to authenticated
  using (bucket_id = 'message-attachments' and private.can_access_message_file(name, 'write'))
  with check (bucket_id = 'message-attachments' and private.can_access_message_file(name, 'write'));
create policy "objects: message attachments delete" on storage.objects for delete to authenticated
  using (bucket_id = 'message-attachments' and private.can_access_message_file(name, 'delete'));

-- ---------------------------------------------------------------------------------
-- Messaging functions.

-- Opens (or reuses) the one-to-one conversation with a person one may write to.
create function public.start_conversation(recipient uuid, subject text default '') returns uuid
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  me uuid := (select auth.uid());
  found uuid;
begin
  if me is null or not private.may_write_to(recipient) then
    raise exception 'you may not write to this person' using errcode = '42501';
  end if;
  if char_length(coalesce(subject, '')) > 200 then
    raise exception 'the subject is longer than 200 characters' using errcode = '23514';
  end if;
  select c.id into found
  from public.conversations c
  where c.kind = 'direct'
    and exists (select 1 from public.conversation_participants p where p.conversation_id = c.id and p.user_id = me)
    and exists (select 1 from public.conversation_participants p where p.conversation_id = c.id and p.user_id = recipient)
    and (select count(*) from public.conversation_participants p where p.conversation_id = c.id) = 2
  order by c.created_at desc
  limit 1;
  if found is not null then
    return found;
  end if;
  insert into public.conversations (subject, created_by, kind) values (coalesce(subject, ''), me, 'direct')
  returning id into found;
  insert into public.conversation_participants (conversation_id, user_id, last_read_at)
  values (found, me, now()), (found, recipient, null);
  return found;
end;
$$;
comment on function public.start_conversation(uuid, text) is
  'Opens, or reuses, the one-to-one conversation between the caller and a person the caller may write to.';

-- The course's conversation, created if needed, with its participants brought up to date:
-- every actively enrolled student and the teacher (and the admin who opens it).
create function public.open_course_conversation(course uuid) returns uuid
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  me uuid := (select auth.uid());
  conversation uuid;
  course_row record;
begin
  select c.id, c.title, c.teacher_id into course_row from public.courses c where c.id = course;
  if me is null or course_row.id is null
     or not (private.teaches_course(course)
             or exists (select 1 from public.course_enrollments e
                        where e.course_id = course and e.user_id = me and e.status = 'active')
             or private.is_admin()) then
    raise exception 'only the course''s teacher, its students and admins open its conversation' using errcode = '42501';
  end if;
  -- Concurrent openings of the same course wait for each other.
  perform pg_advisory_xact_lock(hashtext('course_conversation'), hashtext(course::text));
  select c.id into conversation from public.conversations c where c.course_id = course and c.kind = 'course';
  if conversation is null then
    insert into public.conversations (subject, course_id, created_by, kind)
    values (left(course_row.title, 200), course, course_row.teacher_id, 'course')
    returning id into conversation;
  end if;
  insert into public.conversation_participants (conversation_id, user_id)
  select conversation, e.user_id from public.course_enrollments e
  where e.course_id = course and e.status = 'active'
  union
  select conversation, course_row.teacher_id where course_row.teacher_id is not null
  union
  select conversation, me where private.is_admin()
  on conflict (conversation_id, user_id) do nothing;
  -- Students who left the course leave its conversation (admins who joined stay).
  delete from public.conversation_participants p
  where p.conversation_id = conversation
    and p.user_id is distinct from course_row.teacher_id
    and not exists (select 1 from public.course_enrollments e
                    where e.course_id = course and e.user_id = p.user_id and e.status = 'active')
    and not exists (select 1 from public.user_roles r where r.user_id = p.user_id and r.role = 'admin');
  return conversation;
end;
$$;
comment on function public.open_course_conversation(uuid) is
  'The course conversation (created if needed) with every actively enrolled student and the teacher; for its teacher, its students and admins.';

-- Sets the caller's reading marker of a conversation to the server's time.
create function public.mark_conversation_read(conversation uuid) returns void
  language sql security invoker set search_path = ''
as $$
  update public.conversation_participants set last_read_at = now()
  where conversation_id = conversation and user_id = (select auth.uid());
$$;

-- A message and its attachments (already uploaded to the bucket), in one transaction, so a
-- reader who receives the message live finds its attachments with it.
-- attachments: [{"storage_path", "file_name", "mime_type", "size_bytes"}, …] (at most 5).
create function public.send_message(conversation uuid, body text, attachments jsonb default '[]'::jsonb) returns uuid
  language plpgsql security invoker set search_path = ''
as $$
#variable_conflict use_variable
declare
  message uuid;
begin
  if jsonb_typeof(coalesce(attachments, '[]'::jsonb)) <> 'array' or jsonb_array_length(coalesce(attachments, '[]'::jsonb)) > 5 then
    raise exception 'at most 5 attachments per message' using errcode = '23514';
  end if;
  insert into public.messages (conversation_id, body) values (conversation, body) returning id into message;
  insert into public.message_attachments (message_id, conversation_id, storage_path, file_name, mime_type, size_bytes)
  select message, conversation, a ->> 'storage_path', a ->> 'file_name', a ->> 'mime_type', (a ->> 'size_bytes')::integer
  from jsonb_array_elements(coalesce(attachments, '[]'::jsonb)) as a;
  update public.conversation_participants set last_read_at = now()
  where conversation_id = conversation and user_id = (select auth.uid());
  return message;
end;
$$;

-- The caller's conversations, most recent activity first, with unread counts.
create function public.my_conversations() returns table (
  id uuid, kind text, subject text, course_id uuid, course_title text, participant_count integer,
  other_names text[], last_body text, last_at timestamptz, last_sender_name text, unread_count integer
)
  language sql stable security invoker set search_path = ''
as $$
  select c.id, c.kind, c.subject, c.course_id, co.title,
    (select count(*)::integer from public.conversation_participants p where p.conversation_id = c.id),
    array(select private.display_name(p.user_id) from public.conversation_participants p
          where p.conversation_id = c.id and p.user_id <> (select auth.uid())
          order by p.joined_at, p.user_id limit 3),
    last.body, coalesce(last.created_at, c.created_at), private.display_name(last.sender_id),
    (select count(*)::integer from public.messages m
     where m.conversation_id = c.id and m.sender_id is distinct from (select auth.uid())
       and m.created_at > coalesce(me.last_read_at, '-infinity'::timestamptz))
  from public.conversation_participants me
  join public.conversations c on c.id = me.conversation_id
  left join public.courses co on co.id = c.course_id
  left join lateral (
    select m.body, m.created_at, m.sender_id from public.messages m
    where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1
  ) last on true
  where me.user_id = (select auth.uid())
  order by coalesce(last.created_at, c.created_at) desc, c.id
  limit 200;
$$;

-- One page of a conversation's messages, newest first (the thread shows them oldest first),
-- with sender names and attachments. RLS decides which conversation the caller may read.
create function public.conversation_messages(conversation uuid, before timestamptz default null, max_rows integer default 50)
  returns jsonb
  language sql stable security invoker set search_path = ''
as $$
  select coalesce(jsonb_agg(row_to_json(t)::jsonb order by t.created_at desc, t.id desc), '[]'::jsonb)
  from (
    select m.id, m.sender_id, private.display_name(m.sender_id) as sender_name, m.body, m.created_at, m.edited_at,
      coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'storage_path', a.storage_path, 'file_name', a.file_name,
                                                    'mime_type', a.mime_type, 'size_bytes', a.size_bytes) order by a.created_at)
                from public.message_attachments a where a.message_id = m.id), '[]'::jsonb) as attachments
    from public.messages m
    where m.conversation_id = conversation and (before is null or m.created_at < before)
    order by m.created_at desc, m.id desc
    limit least(greatest(coalesce(max_rows, 50), 1), 100)
  ) t;
$$;

-- Words in the caller's own conversations (admins too: only theirs), newest first.
create function public.search_my_messages(query text, max_rows integer default 30) returns table (
  message_id uuid, conversation_id uuid, subject text, body text, created_at timestamptz, sender_name text
)
  language sql stable security invoker set search_path = ''
as $$
  select m.id, m.conversation_id, c.subject, m.body, m.created_at, private.display_name(m.sender_id)
  from public.messages m
  join public.conversations c on c.id = m.conversation_id
  join public.conversation_participants me on me.conversation_id = m.conversation_id and me.user_id = (select auth.uid())
  where char_length(trim(query)) between 2 and 200
    and m.body ilike '%' || replace(replace(replace(trim(query), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  order by m.created_at desc, m.id
  limit least(greatest(coalesce(max_rows, 30), 1), 100);
$$;

-- People the caller may write to whose name contains the search, for the recipient picker.
create function public.message_recipients(search text default '', max_rows integer default 20) returns table (
  id uuid, full_name text, relation text
)
  language sql stable security definer set search_path = ''
as $$
  with me as (select (select auth.uid()) as id),
  candidates as (
    -- my teachers
    select c.teacher_id as id, 'teacher' as relation
    from public.course_enrollments e join public.courses c on c.id = e.course_id, me
    where e.user_id = me.id and e.status = 'active' and c.teacher_id is not null
    union
    -- classmates
    select theirs.user_id, 'classmate'
    from public.course_enrollments mine
    join public.course_enrollments theirs on theirs.course_id = mine.course_id and theirs.status = 'active', me
    where mine.user_id = me.id and mine.status = 'active'
    union
    -- my students
    select e.user_id, 'student'
    from public.courses c join public.course_enrollments e on e.course_id = c.id and e.status = 'active', me
    where c.teacher_id = me.id
    union
    -- admins: anyone
    select p.id, 'member' from public.profiles p where private.is_admin()
  )
  select p.id, p.full_name, min(cd.relation)
  from candidates cd join public.profiles p on p.id = cd.id, me
  where p.id <> me.id and me.id is not null
    and p.full_name ilike '%' || replace(replace(replace(coalesce(trim(search), ''), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  group by p.id, p.full_name
  order by p.full_name, p.id
  limit least(greatest(coalesce(max_rows, 20), 1), 50);
$$;

-- ---------------------------------------------------------------------------------
-- Announcements: an admin writes to a role, a school, a programme (optionally one level)
-- or a course. Each recipient gets a conversation of kind 'announcement' with the message,
-- and an in-app notification (type 'announcement') unless they turned those off.
-- All or nothing (one function, one transaction). Returns the number of recipients.
create function public.send_announcement(
  audience text, title text, body text,
  role text default null, school_id uuid default null, programme_id uuid default null,
  level_code text default null, course_id uuid default null
) returns integer
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  me uuid := (select auth.uid());
  recipients uuid[];
  conversations uuid[];
  sent integer;
begin
  if not private.is_admin() then
    raise exception 'only administrators send announcements' using errcode = '42501';
  end if;
  if char_length(trim(coalesce(title, ''))) not between 1 and 200 then
    raise exception 'an announcement needs a title of 1 to 200 characters' using errcode = '23514';
  end if;
  if char_length(trim(coalesce(body, ''))) not between 1 and 5000 then
    raise exception 'an announcement needs a text of 1 to 5000 characters' using errcode = '23514';
  end if;
  recipients := case audience
    when 'role' then array(
      select r.user_id from public.user_roles r where r.role = role)
    when 'school' then array(
      select sr.student_id from public.student_registrations sr
      left join public.programmes p on p.id = sr.programme_id
      left join public.departments d on d.id = p.department_id
      left join public.professional_formations f on f.id = sr.professional_formation_id
      left join public.extension_programmes x on x.id = sr.extension_programme_id
      where sr.status = 'active' and school_id in (d.school_id, f.school_id, x.school_id)
      union
      select e.user_id from public.course_enrollments e join public.courses c on c.id = e.course_id
      where c.school_id = school_id and e.status = 'active'
      union
      select c.teacher_id from public.courses c where c.school_id = school_id and c.teacher_id is not null)
    when 'programme' then array(
      select sr.student_id from public.student_registrations sr
      where sr.status = 'active' and sr.programme_id = programme_id
        and (level_code is null or sr.level_code = level_code)
      union
      select e.user_id from public.course_enrollments e join public.courses c on c.id = e.course_id
      where c.programme_id = programme_id and (level_code is null or c.level_code = level_code) and e.status = 'active'
      union
      select c.teacher_id from public.courses c
      where c.programme_id = programme_id and (level_code is null or c.level_code = level_code) and c.teacher_id is not null)
    when 'course' then array(
      select e.user_id from public.course_enrollments e where e.course_id = course_id and e.status = 'active'
      union
      select c.teacher_id from public.courses c where c.id = course_id and c.teacher_id is not null)
  end;
  if recipients is null then
    raise exception 'unknown audience %: role, school, programme or course', audience using errcode = '22023';
  end if;
  if (audience = 'role' and role is null) or (audience = 'school' and school_id is null)
     or (audience = 'programme' and programme_id is null) or (audience = 'course' and course_id is null) then
    raise exception 'the % audience needs its target', audience using errcode = '22023';
  end if;
  recipients := array(select distinct u from unnest(recipients) u where u is not null and u <> me);
  sent := coalesce(array_length(recipients, 1), 0);
  if sent = 0 then
    return 0;
  end if;

  -- One conversation per recipient: recipients never see each other.
  conversations := array(select gen_random_uuid() from generate_series(1, sent));
  insert into public.conversations (id, subject, created_by, kind)
  select t.conversation_id, left(trim(title), 200), me, 'announcement'
  from unnest(recipients, conversations) as t (user_id, conversation_id);
  insert into public.conversation_participants (conversation_id, user_id, last_read_at)
  select t.conversation_id, me, now() from unnest(recipients, conversations) as t (user_id, conversation_id)
  union all
  select t.conversation_id, t.user_id, null from unnest(recipients, conversations) as t (user_id, conversation_id);
  insert into public.messages (conversation_id, sender_id, body)
  select t.conversation_id, me, trim(body) from unnest(recipients, conversations) as t (user_id, conversation_id);
  insert into public.student_notifications (user_id, type, title, message, priority, action_url, action_label, data)
  select t.user_id, 'announcement', left(trim(title), 200), left(trim(body), 2000), 'normal',
    '/dashboard/' || case
      when exists (select 1 from public.user_roles r where r.user_id = t.user_id and r.role = 'student') then 'student'
      when exists (select 1 from public.user_roles r where r.user_id = t.user_id and r.role = 'teacher') then 'teacher'
      else 'admin' end || '/messages?conversation=' || t.conversation_id,
    case when p.preferred_locale = 'en' then 'Read the message' else 'Lire le message' end,
    jsonb_build_object('conversation_id', t.conversation_id)
  from unnest(recipients, conversations) as t (user_id, conversation_id)
  join public.profiles p on p.id = t.user_id
  where coalesce((select np.in_app from public.notification_preferences np
                  where np.user_id = t.user_id and np.type = 'announcement'), true);

  -- The audit log (20260403000000_people.sql) records it when it exists.
  if to_regprocedure('public.record_audit(text, text, text, jsonb)') is not null then
    execute 'select public.record_audit($1, $2, $3, $4)'
      using 'announcement.sent', 'announcement', null::text,
            jsonb_build_object('audience', audience, 'role', role, 'school_id', school_id, 'programme_id', programme_id,
                               'level_code', level_code, 'course_id', course_id, 'title', left(trim(title), 200),
                               'recipients', sent);
  end if;
  return sent;
end;
$$;
comment on function public.send_announcement(text, text, text, text, uuid, uuid, text, uuid) is
  'Admins: one message (own conversation) and one in-app notification per recipient of a role, school, programme/level or course; atomic; returns the recipient count.';

-- ---------------------------------------------------------------------------------
-- Community: boards, moderation columns.
alter table public.community_posts
  add column programme_id uuid references public.programmes (id) on delete cascade,
  add column is_hidden boolean not null default false,
  add column is_locked boolean not null default false,
  add column is_pinned boolean not null default false,
  add constraint community_posts_one_board check (course_id is null or programme_id is null);
create index community_posts_programme_id_idx on public.community_posts (programme_id);
create index community_posts_board_order_idx on public.community_posts (course_id, programme_id, is_pinned desc, created_at desc);
alter table public.community_comments add column is_hidden boolean not null default false;

-- A programme's members: students with an active registration in it, teachers of its courses.
create function private.in_programme(programme uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.student_registrations sr
    where sr.programme_id = programme and sr.student_id = (select auth.uid()) and sr.status = 'active'
  ) or exists (
    select 1 from public.courses c where c.programme_id = programme and c.teacher_id = (select auth.uid())
  );
$$;

create function private.can_read_board(course uuid, programme uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select case
    when course is not null then private.is_course_member(course) or private.is_admin()
    when programme is not null then private.in_programme(programme) or private.is_admin()
    else true
  end;
$$;

-- Moderators of a board: admins, and the teacher of a course board.
create function private.moderates_board(course uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$ select private.is_admin() or (course is not null and private.teaches_course(course)); $$;

-- A post is readable on a readable board, unless hidden (then by its moderators only).
create or replace function private.can_read_post(post uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.community_posts p
    where p.id = post and private.can_read_board(p.course_id, p.programme_id)
      and (not p.is_hidden or private.moderates_board(p.course_id))
  );
$$;

drop policy "community_posts: university-wide to all, a course's to members" on public.community_posts;
create policy "community_posts: board members read, hidden to moderators" on public.community_posts for select to authenticated
  using (private.can_read_board(course_id, programme_id) and (not is_hidden or private.moderates_board(course_id)));
drop policy "community_posts: members post as themselves" on public.community_posts;
create policy "community_posts: board members post as themselves" on public.community_posts for insert to authenticated
  with check (author_id = (select auth.uid()) and private.can_read_board(course_id, programme_id));
drop policy "community_posts: the author edits its own" on public.community_posts;
create policy "community_posts: the author edits its own" on public.community_posts for update to authenticated
  using (author_id = (select auth.uid()))
  with check (author_id = (select auth.uid()) and private.can_read_board(course_id, programme_id));
-- Clients insert the post's content and board; the moderation flags are moderate_post's.
revoke insert on public.community_posts from authenticated;
grant insert (id, author_id, course_id, programme_id, title, body) on public.community_posts to authenticated;

drop policy "community_comments: readers of the post comment as themselves" on public.community_comments;
create policy "community_comments: readers comment on open posts" on public.community_comments for insert to authenticated
  with check (author_id = (select auth.uid()) and private.can_read_post(post_id)
              and (not exists (select 1 from public.community_posts p where p.id = post_id and p.is_locked)
                   or private.moderates_post(post_id)));
drop policy "community_comments: readers of the post read" on public.community_comments;
create policy "community_comments: readers of the post read" on public.community_comments for select to authenticated
  using (private.can_read_post(post_id) and (not is_hidden or private.moderates_post(post_id)));
revoke insert on public.community_comments from authenticated;
grant insert (id, post_id, author_id, body) on public.community_comments to authenticated;

-- hide | unhide | lock | unlock | pin | unpin, by the board's moderators.
create function public.moderate_post(post_id uuid, action text) returns void
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
begin
  if action not in ('hide', 'unhide', 'lock', 'unlock', 'pin', 'unpin') then
    raise exception 'unknown moderation action %', action using errcode = '22023';
  end if;
  if not exists (select 1 from public.community_posts p where p.id = post_id) or not private.moderates_post(post_id) then
    raise exception 'only the course''s teacher and admins moderate this board' using errcode = '42501';
  end if;
  update public.community_posts p set
    is_hidden = case action when 'hide' then true when 'unhide' then false else p.is_hidden end,
    is_locked = case action when 'lock' then true when 'unlock' then false else p.is_locked end,
    is_pinned = case action when 'pin' then true when 'unpin' then false else p.is_pinned end
  where p.id = post_id;
  -- Hiding a post settles the open reports about it.
  if action = 'hide' then
    update public.community_reports r set status = 'resolved', handled_by = (select auth.uid()), handled_at = now()
    where r.post_id = post_id and r.comment_id is null and r.status = 'open';
  end if;
end;
$$;

-- hide | unhide a comment, by the moderators of its post's board.
create function public.moderate_comment(comment_id uuid, action text) returns void
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  post uuid;
begin
  if action not in ('hide', 'unhide') then
    raise exception 'unknown moderation action %', action using errcode = '22023';
  end if;
  select c.post_id into post from public.community_comments c where c.id = comment_id;
  if post is null or not private.moderates_post(post) then
    raise exception 'only the course''s teacher and admins moderate this board' using errcode = '42501';
  end if;
  update public.community_comments c set is_hidden = (action = 'hide') where c.id = comment_id;
  if action = 'hide' then
    update public.community_reports r set status = 'resolved', handled_by = (select auth.uid()), handled_at = now()
    where r.comment_id = comment_id and r.status = 'open';
  end if;
end;
$$;

-- ---------------------------------------------------------------------------------
-- Reactions.
create table public.community_reactions (
  id uuid primary key default gen_random_uuid(),
  post_id uuid references public.community_posts (id) on delete cascade,
  comment_id uuid references public.community_comments (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('like', 'love', 'celebrate', 'insight')),
  created_at timestamptz not null default now(),
  check (num_nonnulls(post_id, comment_id) = 1),
  constraint community_reactions_one_per_kind unique nulls not distinct (post_id, comment_id, user_id, kind)
);
comment on table public.community_reactions is 'A reaction (like 👍, love ❤️, celebrate 🎉, insight 💡) to a post or a comment; one of a kind per person.';
create index community_reactions_comment_id_idx on public.community_reactions (comment_id);
create index community_reactions_user_id_idx on public.community_reactions (user_id);
create trigger community_reactions_stamp before insert or update on public.community_reactions
  for each row execute function private.stamp_row('user_id');

create function private.can_read_comment(comment uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.community_comments c
    where c.id = comment and private.can_read_post(c.post_id) and (not c.is_hidden or private.moderates_post(c.post_id))
  );
$$;

alter table public.community_reactions enable row level security;
create policy "community_reactions: readers of the item read" on public.community_reactions for select to authenticated
  using (case when post_id is not null then private.can_read_post(post_id) else private.can_read_comment(comment_id) end);
create policy "community_reactions: readers react as themselves" on public.community_reactions for insert to authenticated
  with check (user_id = (select auth.uid())
              and case when post_id is not null then private.can_read_post(post_id) else private.can_read_comment(comment_id) end);
create policy "community_reactions: one takes back its own" on public.community_reactions for delete to authenticated
  using (user_id = (select auth.uid()));
revoke all on public.community_reactions from anon;
revoke update, truncate, references, trigger on public.community_reactions from authenticated;

-- ---------------------------------------------------------------------------------
-- Reports.
create table public.community_reports (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.community_posts (id) on delete cascade,
  -- A comment's report also names its post (the board decides who moderates it).
  comment_id uuid references public.community_comments (id) on delete cascade,
  reporter_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  reason text not null check (char_length(reason) between 1 and 1000),
  status text not null default 'open' check (status in ('open', 'resolved', 'dismissed')),
  handled_by uuid references public.profiles (id) on delete set null,
  handled_at timestamptz,
  created_at timestamptz not null default now(),
  constraint community_reports_once_per_person unique nulls not distinct (post_id, comment_id, reporter_id)
);
comment on table public.community_reports is 'A person reports a post or a comment to the board''s moderators; once per person and item.';
create index community_reports_comment_id_idx on public.community_reports (comment_id);
create index community_reports_reporter_id_idx on public.community_reports (reporter_id);
create index community_reports_handled_by_idx on public.community_reports (handled_by);
create index community_reports_open_idx on public.community_reports (created_at desc) where status = 'open';
create trigger community_reports_stamp before insert or update on public.community_reports
  for each row execute function private.stamp_row('reporter_id');

alter table public.community_reports enable row level security;
create policy "community_reports: the reporter and moderators read" on public.community_reports for select to authenticated
  using (reporter_id = (select auth.uid()) or private.moderates_post(post_id));
create policy "community_reports: readers report what they read" on public.community_reports for insert to authenticated
  with check (reporter_id = (select auth.uid()) and private.can_read_post(post_id)
              and (comment_id is null or exists (select 1 from public.community_comments c
                                                 where c.id = comment_id and c.post_id = post_id)));
revoke all on public.community_reports from anon;
revoke update, delete, truncate, references, trigger on public.community_reports from authenticated;
revoke insert on public.community_reports from authenticated;
grant insert (id, post_id, comment_id, reporter_id, reason) on public.community_reports to authenticated;

-- Reports a post (comment null) or a comment; a second report of the same item by the same
-- person is the first one. Returns the report's id.
create function public.report_community_item(post uuid, comment uuid default null, reason text default '') returns uuid
  language plpgsql security invoker set search_path = ''
as $$
#variable_conflict use_variable
declare
  target_post uuid := post;
  report uuid;
begin
  if comment is not null then
    select c.post_id into target_post from public.community_comments c where c.id = comment;
  end if;
  insert into public.community_reports (post_id, comment_id, reason)
  values (target_post, comment, trim(reason))
  on conflict on constraint community_reports_once_per_person do nothing
  returning id into report;
  if report is null then
    select r.id into report from public.community_reports r
    where r.post_id = target_post and r.comment_id is not distinct from comment and r.reporter_id = (select auth.uid());
  end if;
  return report;
end;
$$;

-- A moderator closes a report: resolved (acted on) or dismissed (nothing wrong).
create function public.resolve_report(report uuid, outcome text) returns void
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  post uuid;
begin
  if outcome not in ('resolved', 'dismissed', 'open') then
    raise exception 'unknown outcome %', outcome using errcode = '22023';
  end if;
  select r.post_id into post from public.community_reports r where r.id = report;
  if post is null or not private.moderates_post(post) then
    raise exception 'only the board''s moderators handle its reports' using errcode = '42501';
  end if;
  update public.community_reports r
  set status = outcome,
      handled_by = case when outcome = 'open' then null else (select auth.uid()) end,
      handled_at = case when outcome = 'open' then null else now() end
  where r.id = report;
end;
$$;

-- ---------------------------------------------------------------------------------
-- Community reads (security invoker: RLS decides; names through display_name on the rows
-- RLS returned).

-- The boards the caller reads: its courses, its programmes, the university.
create function public.my_community_boards() returns table (kind text, id uuid, name_fr text, name_en text, can_moderate boolean)
  language sql stable security invoker set search_path = ''
as $$
  select 'course', c.id, c.code || ' — ' || c.title, c.code || ' — ' || c.title, private.moderates_board(c.id)
  from public.courses c
  where c.teacher_id = (select auth.uid())
     or exists (select 1 from public.course_enrollments e
                where e.course_id = c.id and e.user_id = (select auth.uid()) and e.status in ('active', 'completed'))
  union all
  select 'programme', p.id, p.name_fr, p.name_en, private.is_admin()
  from public.programmes p
  where private.in_programme(p.id)
  union all
  select 'university', null, null, null, private.is_admin()
  order by 1, 3;
$$;

-- One page of a board (kind course|programme|university, its id), pinned first then newest.
create function public.community_posts_page(board text, board_id uuid default null, page integer default 0, page_size integer default 20)
  returns jsonb
  language sql stable security invoker set search_path = ''
as $$
  with visible as (
    select p.* from public.community_posts p
    where case board
      when 'course' then p.course_id = board_id
      when 'programme' then p.programme_id = board_id
      when 'university' then p.course_id is null and p.programme_id is null
      else false end
  ),
  paged as (
    select v.* from visible v
    order by v.is_pinned desc, v.created_at desc, v.id
    offset greatest(coalesce(page, 0), 0) * least(greatest(coalesce(page_size, 20), 1), 50)
    limit least(greatest(coalesce(page_size, 20), 1), 50)
  )
  select jsonb_build_object(
    'total', (select count(*) from visible),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', p.id, 'title', p.title, 'body', p.body, 'created_at', p.created_at, 'updated_at', p.updated_at,
        'author_id', p.author_id, 'author_name', private.display_name(p.author_id),
        'course_id', p.course_id, 'programme_id', p.programme_id,
        'is_hidden', p.is_hidden, 'is_locked', p.is_locked, 'is_pinned', p.is_pinned,
        'can_moderate', private.moderates_post(p.id),
        'comment_count', (select count(*) from public.community_comments c where c.post_id = p.id),
        'reactions', coalesce((select jsonb_object_agg(r.kind, r.n) from (
            select x.kind, count(*) as n from public.community_reactions x where x.post_id = p.id group by x.kind) r), '{}'::jsonb),
        'my_reactions', coalesce((select jsonb_agg(x.kind order by x.kind) from public.community_reactions x
                                  where x.post_id = p.id and x.user_id = (select auth.uid())), '[]'::jsonb)
      ) order by p.is_pinned desc, p.created_at desc, p.id)
      from paged p), '[]'::jsonb));
$$;

-- A post's comments, oldest first (at most 200), with names and reactions.
create function public.community_post_comments(post uuid) returns jsonb
  language sql stable security invoker set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', c.id, 'body', c.body, 'created_at', c.created_at, 'author_id', c.author_id,
      'author_name', private.display_name(c.author_id), 'is_hidden', c.is_hidden,
      'reactions', coalesce((select jsonb_object_agg(r.kind, r.n) from (
          select x.kind, count(*) as n from public.community_reactions x where x.comment_id = c.id group by x.kind) r), '{}'::jsonb),
      'my_reactions', coalesce((select jsonb_agg(x.kind order by x.kind) from public.community_reactions x
                                where x.comment_id = c.id and x.user_id = (select auth.uid())), '[]'::jsonb)
    ) order by c.created_at, c.id), '[]'::jsonb)
  from (select * from public.community_comments c where c.post_id = post order by c.created_at, c.id limit 200) c;
$$;

-- One post (for a moderator's link or a deep link), with its board.
create function public.community_post(post uuid) returns jsonb
  language sql stable security invoker set search_path = ''
as $$
  select jsonb_build_object(
    'id', p.id, 'title', p.title, 'body', p.body, 'created_at', p.created_at, 'updated_at', p.updated_at,
    'author_id', p.author_id, 'author_name', private.display_name(p.author_id),
    'course_id', p.course_id, 'programme_id', p.programme_id,
    'is_hidden', p.is_hidden, 'is_locked', p.is_locked, 'is_pinned', p.is_pinned,
    'can_moderate', private.moderates_post(p.id),
    'comment_count', (select count(*) from public.community_comments c where c.post_id = p.id),
    'reactions', coalesce((select jsonb_object_agg(r.kind, r.n) from (
        select x.kind, count(*) as n from public.community_reactions x where x.post_id = p.id group by x.kind) r), '{}'::jsonb),
    'my_reactions', coalesce((select jsonb_agg(x.kind order by x.kind) from public.community_reactions x
                              where x.post_id = p.id and x.user_id = (select auth.uid())), '[]'::jsonb))
  from public.community_posts p where p.id = post;
$$;

-- Reports of the boards the caller moderates (admins: all), by status, newest first, paged.
create function public.moderation_reports(status text default 'open', page integer default 0, page_size integer default 20)
  returns jsonb
  language sql stable security invoker set search_path = ''
as $$
  with mine as (
    select r.* from public.community_reports r
    where r.status = moderation_reports.status and private.moderates_post(r.post_id)
  )
  select jsonb_build_object(
    'total', (select count(*) from mine),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', r.id, 'post_id', r.post_id, 'comment_id', r.comment_id, 'reason', r.reason, 'status', r.status,
        'created_at', r.created_at, 'reporter_name', private.display_name(r.reporter_id),
        'post_title', p.title, 'post_is_hidden', p.is_hidden, 'post_is_locked', p.is_locked, 'post_is_pinned', p.is_pinned,
        'comment_body', c.body, 'comment_is_hidden', c.is_hidden,
        'board_fr', case when p.course_id is not null then co.code || ' — ' || co.title
                         when p.programme_id is not null then pr.name_fr end,
        'board_en', case when p.course_id is not null then co.code || ' — ' || co.title
                         when p.programme_id is not null then pr.name_en end
      ) order by r.created_at desc, r.id)
      from (select * from mine order by created_at desc, id
            offset greatest(coalesce(page, 0), 0) * least(greatest(coalesce(page_size, 20), 1), 50)
            limit least(greatest(coalesce(page_size, 20), 1), 50)) r
      join public.community_posts p on p.id = r.post_id
      left join public.community_comments c on c.id = r.comment_id
      left join public.courses co on co.id = p.course_id
      left join public.programmes pr on pr.id = p.programme_id), '[]'::jsonb));
$$;

-- ---------------------------------------------------------------------------------
-- Grants.
revoke all on function private.display_name(uuid), private.may_write_to(uuid), private.can_post_message(uuid),
  private.can_access_message_file(text, text), private.in_programme(uuid), private.can_read_board(uuid, uuid),
  private.moderates_board(uuid), private.can_read_comment(uuid) from public;
grant execute on function private.display_name(uuid), private.may_write_to(uuid), private.can_post_message(uuid),
  private.can_access_message_file(text, text), private.in_programme(uuid), private.can_read_board(uuid, uuid),
  private.moderates_board(uuid), private.can_read_comment(uuid) to authenticated, service_role;

revoke all on function public.start_conversation(uuid, text), public.open_course_conversation(uuid),
  public.mark_conversation_read(uuid), public.send_message(uuid, text, jsonb), public.my_conversations(),
  public.conversation_messages(uuid, timestamptz, integer), public.search_my_messages(text, integer),
  public.message_recipients(text, integer), public.send_announcement(text, text, text, text, uuid, uuid, text, uuid),
  public.moderate_post(uuid, text), public.moderate_comment(uuid, text), public.report_community_item(uuid, uuid, text),
  public.resolve_report(uuid, text), public.my_community_boards(), public.community_posts_page(text, uuid, integer, integer),
  public.community_post_comments(uuid), public.community_post(uuid), public.moderation_reports(text, integer, integer)
  from public, anon;
grant execute on function public.start_conversation(uuid, text), public.open_course_conversation(uuid),
  public.mark_conversation_read(uuid), public.send_message(uuid, text, jsonb), public.my_conversations(),
  public.conversation_messages(uuid, timestamptz, integer), public.search_my_messages(text, integer),
  public.message_recipients(text, integer), public.send_announcement(text, text, text, text, uuid, uuid, text, uuid),
  public.moderate_post(uuid, text), public.moderate_comment(uuid, text), public.report_community_item(uuid, uuid, text),
  public.resolve_report(uuid, text), public.my_community_boards(), public.community_posts_page(text, uuid, integer, integer),
  public.community_post_comments(uuid), public.community_post(uuid), public.moderation_reports(text, integer, integer)
  to authenticated, service_role;
