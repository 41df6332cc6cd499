-- An announcement is one thread for its sender (issue 21, item 6; ux review defect 17).
--
-- Before: send_announcement made one conversation per recipient with the sender in each, so
-- the sender's inbox showed one entry per recipient (about 20 for one course).
-- Now:
-- * public.announcements: one row per announcement (sender, title, audience, recipient
--   count), read by its sender and admins; written only by send_announcement.
-- * The sender gets ONE conversation of its own (announcements.sender_conversation_id) with
--   the message; each recipient still gets a conversation of its own (recipients never see
--   each other), linked by conversations.announcement_id, and the sender is no longer a
--   participant of those.
-- * my_announcements(): the caller's sent announcements with recipient and read counts (a
--   recipient has read it once its reading marker is set); announcement_recipients(): the
--   recipients of one, with when each read it. Both for the sender (and admins) only.
-- * Nobody posts in an announcement conversation after it is sent: a message added to the
--   sender's copy would reach nobody.
-- Existing announcements are regrouped the same way (one announcement per sender, title,
-- text and sending time).

create table public.announcements (
  id uuid primary key default gen_random_uuid(),
  sender_id uuid references public.profiles (id) on delete set null,
  -- The sender's own copy (the thread in its inbox).
  sender_conversation_id uuid unique references public.conversations (id) on delete set null,
  title text not null check (char_length(title) between 1 and 200),
  -- {audience, role, school_id, programme_id, level_code, course_id}, as sent.
  audience jsonb not null default '{}'::jsonb check (jsonb_typeof(audience) = 'object'),
  recipient_count integer not null default 0 check (recipient_count >= 0),
  created_at timestamptz not null default now()
);
comment on table public.announcements is
  'One row per announcement sent (send_announcement): the sender''s single thread, its audience and recipient count; recipients'' copies point here through conversations.announcement_id.';
create index announcements_sender_id_idx on public.announcements (sender_id, created_at desc);

alter table public.announcements enable row level security;
create policy "announcements: the sender and admins read" on public.announcements for select to authenticated
  using (sender_id = (select auth.uid()) or (select private.is_admin()));
revoke all on public.announcements from anon;
revoke insert, update, delete, truncate, references, trigger on public.announcements from authenticated;

alter table public.conversations
  add column announcement_id uuid references public.announcements (id) on delete set null;
comment on column public.conversations.announcement_id is
  'For kind announcement: the announcement this recipient''s copy (or the sender''s thread) belongs to.';
create index conversations_announcement_id_idx on public.conversations (announcement_id);

-- Announcements are written once, by send_announcement (security definer); nobody adds to
-- one afterwards (recipients cannot answer everyone, and the sender's thread reaches nobody).
create or replace function private.can_post_message(conversation uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select private.is_participant(conversation) and exists (
    select 1 from public.conversations c
    where c.id = conversation and c.kind <> 'announcement'
  );
$$;

-- ---------------------------------------------------------------------------------
-- Sending.
create or replace function public.send_announcement(
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
  announcement uuid;
  own uuid;
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

  -- The sender's one thread.
  insert into public.conversations (subject, created_by, kind) values (left(trim(title), 200), me, 'announcement')
  returning id into own;
  insert into public.announcements (sender_id, sender_conversation_id, title, audience, recipient_count)
  values (me, own, left(trim(title), 200),
          jsonb_strip_nulls(jsonb_build_object('audience', audience, 'role', role, 'school_id', school_id,
            'programme_id', programme_id, 'level_code', level_code, 'course_id', course_id)), sent)
  returning id into announcement;
  update public.conversations set announcement_id = announcement where id = own;
  insert into public.conversation_participants (conversation_id, user_id, last_read_at) values (own, me, now());
  insert into public.messages (conversation_id, sender_id, body) values (own, me, trim(body));

  -- One conversation per recipient, the recipient alone in it: recipients never see each other.
  conversations := array(select gen_random_uuid() from generate_series(1, sent));
  insert into public.conversations (id, subject, created_by, kind, announcement_id)
  select t.conversation_id, left(trim(title), 200), me, 'announcement', announcement
  from unnest(recipients, conversations) as t (user_id, conversation_id);
  insert into public.conversation_participants (conversation_id, user_id, last_read_at)
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

  if to_regprocedure('public.record_audit(text, text, text, jsonb)') is not null then
    execute 'select public.record_audit($1, $2, $3, $4)'
      using 'announcement.sent', 'announcement', announcement::text,
            jsonb_build_object('audience', audience, 'role', role, 'school_id', school_id, 'programme_id', programme_id,
                               'level_code', level_code, 'course_id', course_id, 'title', left(trim(title), 200),
                               'recipients', sent);
  end if;
  return sent;
end;
$$;
comment on function public.send_announcement(text, text, text, text, uuid, uuid, text, uuid) is
  'Admins: one thread for the sender, one message (own conversation) and one in-app notification per recipient of a role, school, programme/level or course; atomic; returns the recipient count.';

-- ---------------------------------------------------------------------------------
-- Reading.

-- The caller's sent announcements, newest first: its thread, recipients, how many read it.
create function public.my_announcements() returns table (
  id uuid, conversation_id uuid, title text, audience jsonb, recipient_count integer, read_count integer, created_at timestamptz
)
  language sql stable security definer set search_path = ''
as $$
  select a.id, a.sender_conversation_id, a.title, a.audience,
    (select count(*)::integer from public.conversations c
     join public.conversation_participants p on p.conversation_id = c.id
     where c.announcement_id = a.id and c.id is distinct from a.sender_conversation_id),
    (select count(*)::integer from public.conversations c
     join public.conversation_participants p on p.conversation_id = c.id
     where c.announcement_id = a.id and c.id is distinct from a.sender_conversation_id and p.last_read_at is not null),
    a.created_at
  from public.announcements a
  where a.sender_id = (select auth.uid())
  order by a.created_at desc, a.id
  limit 200;
$$;
comment on function public.my_announcements() is
  'The caller''s sent announcements with their thread, recipient count and read count.';

-- The recipients of an announcement (by the sender's thread), read ones last-read first.
-- Only for its sender and admins: recipients never learn who else received it.
create function public.announcement_recipients(conversation uuid) returns table (
  user_id uuid, full_name text, read_at timestamptz
)
  language plpgsql stable security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  a public.announcements;
begin
  select * into a from public.announcements x where x.sender_conversation_id = conversation;
  if a.id is null or not (a.sender_id = (select auth.uid()) or private.is_admin()) then
    raise exception 'only the sender of an announcement and admins see its recipients' using errcode = '42501';
  end if;
  return query
    select p.user_id, pr.full_name, p.last_read_at
    from public.conversations c
    join public.conversation_participants p on p.conversation_id = c.id
    join public.profiles pr on pr.id = p.user_id
    where c.announcement_id = a.id and c.id <> conversation
    order by p.last_read_at desc nulls last, pr.full_name, p.user_id
    limit 5000;
end;
$$;
comment on function public.announcement_recipients(uuid) is
  'The recipients of an announcement (given its sender''s thread) and when each read it; its sender and admins only.';

revoke execute on function public.my_announcements() from public, anon;
revoke execute on function public.announcement_recipients(uuid) from public, anon;
grant execute on function public.my_announcements() to authenticated;
grant execute on function public.announcement_recipients(uuid) to authenticated;

-- ---------------------------------------------------------------------------------
-- Existing announcements: one per sender, title, text and sending time; the sender leaves
-- the recipients' copies and gets one thread of its own.
do $$
declare
  g record;
  announcement uuid;
  own uuid;
begin
  for g in
    select c.created_by as sender, c.subject, m.body, m.created_at, array_agg(c.id) as copies
    from public.conversations c
    join public.messages m on m.conversation_id = c.id and m.sender_id = c.created_by
    where c.kind = 'announcement' and c.announcement_id is null and c.created_by is not null
    group by c.created_by, c.subject, m.body, m.created_at
  loop
    insert into public.conversations (subject, created_by, kind, created_at)
    values (coalesce(nullif(g.subject, ''), '—'), g.sender, 'announcement', g.created_at)
    returning id into own;
    insert into public.announcements (sender_id, sender_conversation_id, title, recipient_count, created_at)
    values (g.sender, own, left(coalesce(nullif(g.subject, ''), '—'), 200),
            (select count(*) from public.conversation_participants p
             where p.conversation_id = any (g.copies) and p.user_id <> g.sender), g.created_at)
    returning id into announcement;
    update public.conversations set announcement_id = announcement where id = own or id = any (g.copies);
    insert into public.conversation_participants (conversation_id, user_id, last_read_at, joined_at)
    values (own, g.sender, g.created_at, g.created_at);
    insert into public.messages (conversation_id, sender_id, body, created_at) values (own, g.sender, g.body, g.created_at);
    delete from public.conversation_participants p where p.conversation_id = any (g.copies) and p.user_id = g.sender;
  end loop;
end
$$;
