-- Profile, notification preferences and channels (issue 10, items 4, 5, 9):
-- * notification_preferences: per user and notification type, whether it arrives in the
--   app, by e-mail and by SMS. No row = the defaults (in-app on, e-mail and SMS off).
-- * outbox_messages: every e-mail and SMS the platform sends, written by server-side code
--   (secret key) before it is handed to a provider; admins read it, nobody else.
-- * teacher_settings: a teacher's default meeting platform and personal meeting link.
-- * the course-start worker's RPCs, extended with preferences and contacts, and a write
--   that queues the e-mail/SMS copies in the outbox in the same round trip.
-- * export_my_data(): everything a person may read about themselves, as one JSON value
--   (portability, Cameroon's Law No. 2024/017; DOMAIN §4).

-- ---------------------------------------------------------------------------------
-- Notification preferences.
create table public.notification_preferences (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  type text not null
    check (type in ('course_starting', 'announcement', 'grade_published', 'assignment_due',
                    'payment', 'message', 'application')),
  in_app boolean not null default true,
  email boolean not null default false,
  sms boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (user_id, type)
);
comment on table public.notification_preferences is
  'Per user and notification type: in-app, e-mail, SMS. A missing row means in-app only (the column defaults).';

create trigger notification_preferences_touch before update on public.notification_preferences
  for each row execute function private.touch_updated_at();

alter table public.notification_preferences enable row level security;

create policy "notification_preferences: a user reads its own" on public.notification_preferences
  for select to authenticated using (user_id = (select auth.uid()));
create policy "notification_preferences: a user adds its own" on public.notification_preferences
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "notification_preferences: a user changes its own" on public.notification_preferences
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "notification_preferences: a user removes its own" on public.notification_preferences
  for delete to authenticated using (user_id = (select auth.uid()));

revoke all on public.notification_preferences from anon;
revoke truncate, references, trigger, update on public.notification_preferences from authenticated;
grant update (in_app, email, sms) on public.notification_preferences to authenticated;

-- ---------------------------------------------------------------------------------
-- The outbox: one row per e-mail or SMS, queued by server-side code, then marked by the
-- sender: 'logged' (no provider configured: printed, masked, to the server console),
-- 'sent' (the provider accepted it; provider_id is its reference) or 'failed'.
create table public.outbox_messages (
  id uuid primary key default gen_random_uuid(),
  channel text not null check (channel in ('email', 'sms')),
  -- The e-mail address or phone number. Never printed in clear in logs (DOMAIN §4).
  recipient text not null check (char_length(recipient) between 3 and 320),
  user_id uuid references public.profiles (id) on delete set null,
  -- What it is about: a notification type, and for course_starting the session announced.
  kind text not null default 'announcement' check (char_length(kind) <= 50),
  schedule_event_id uuid references public.schedule_events (id) on delete set null,
  subject text check (subject is null or char_length(subject) <= 200),
  body text not null check (char_length(body) between 1 and 2000),
  status text not null default 'queued' check (status in ('queued', 'logged', 'sent', 'failed')),
  provider text check (provider is null or char_length(provider) <= 50),
  provider_id text check (provider_id is null or char_length(provider_id) <= 200),
  error text check (error is null or char_length(error) <= 500),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  -- One copy per person, session and channel: two workers racing never send twice.
  constraint outbox_messages_one_per_event unique (user_id, schedule_event_id, channel)
);
comment on table public.outbox_messages is
  'E-mails and SMS sent by the platform (server-side only), with their delivery status; readable by admins.';
create index outbox_messages_created_idx on public.outbox_messages (created_at desc);
create index outbox_messages_schedule_event_id_idx on public.outbox_messages (schedule_event_id);

alter table public.outbox_messages enable row level security;

-- Written only with the secret key (service_role bypasses RLS); admins read.
create policy "outbox_messages: admins read" on public.outbox_messages
  for select to authenticated using ((select private.is_admin()));

revoke all on public.outbox_messages from anon, authenticated;
grant select on public.outbox_messages to authenticated;

-- ---------------------------------------------------------------------------------
-- Teacher settings.
create table public.teacher_settings (
  user_id uuid primary key default auth.uid() references public.profiles (id) on delete cascade,
  default_meeting_platform text not null default 'zoom' check (default_meeting_platform in ('zoom', 'teams')),
  personal_meeting_url text check (
    personal_meeting_url is null
    or (personal_meeting_url ~ '^https://[^\s/$.?#][^\s]*$' and char_length(personal_meeting_url) <= 500)),
  updated_at timestamptz not null default now()
);
comment on table public.teacher_settings is 'A teacher''s own defaults for virtual classes: platform and personal meeting link.';

create trigger teacher_settings_touch before update on public.teacher_settings
  for each row execute function private.touch_updated_at();

alter table public.teacher_settings enable row level security;

create policy "teacher_settings: the teacher and admins read" on public.teacher_settings
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "teacher_settings: a teacher adds its own" on public.teacher_settings
  for insert to authenticated with check (user_id = (select auth.uid()) and (select private.has_role('teacher')));
create policy "teacher_settings: a teacher changes its own" on public.teacher_settings
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and (select private.has_role('teacher')));

revoke all on public.teacher_settings from anon;
revoke truncate, references, trigger, update, delete on public.teacher_settings from authenticated;
grant update (default_meeting_platform, personal_meeting_url) on public.teacher_settings to authenticated;

-- Every profile has its contact row (the sign-up trigger makes it; older rows may lack it),
-- so that the owner's update always finds a row to change.
insert into public.profile_contacts (user_id)
select id from public.profiles
on conflict (user_id) do nothing;

-- ---------------------------------------------------------------------------------
-- Course-start candidates, now with each student's course_starting preferences and, only
-- for the channels they turned on, their phone and e-mail. Security definer because the
-- e-mail lives in auth.users; still callable by the worker (service_role) only.
-- "Recently notified" also counts e-mail/SMS copies, so a student who reads notices only
-- by SMS is not texted twice for two sessions of a course within 30 minutes.
create or replace function public.course_start_candidates(
  window_start timestamptz,
  window_end timestamptz,
  duplicate_since timestamptz
) returns jsonb
  language sql stable security definer set search_path = ''
as $$
  with recent_rows as (
    select n.user_id, n.schedule_event_id, n.created_at
    from public.student_notifications n
    where n.type = 'course_starting' and n.created_at >= duplicate_since
    union all
    select o.user_id, o.schedule_event_id, o.created_at
    from public.outbox_messages o
    where o.kind = 'course_starting' and o.created_at >= duplicate_since
  ),
  recent as (
    select r.user_id, e.course_id, max(r.created_at) as last_notified_at
    from recent_rows r
    join public.schedule_events e on e.id = r.schedule_event_id
    group by r.user_id, e.course_id
  ),
  sessions as (
    select e.id, e.start_time, c.id as course_id, c.title, c.meeting_platform,
           coalesce(e.zoom_meeting_id, c.zoom_meeting_id) as zoom_meeting_id,
           coalesce(e.zoom_passcode, c.zoom_passcode) as zoom_passcode,
           coalesce(e.teams_meeting_url, c.teams_meeting_url) as teams_meeting_url
    from public.schedule_events e
    join public.courses c on c.id = e.course_id
    where e.is_online and e.start_time >= window_start and e.start_time <= window_end
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'event_id', s.id,
    'course_id', s.course_id,
    'course_title', s.title,
    'start_time', s.start_time,
    'meeting_platform', s.meeting_platform,
    'zoom_meeting_id', s.zoom_meeting_id,
    'zoom_passcode', s.zoom_passcode,
    'teams_meeting_url', s.teams_meeting_url,
    'students', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'user_id', ce.user_id,
        'locale', p.preferred_locale,
        'last_notified_at', r.last_notified_at,
        'in_app', coalesce(np.in_app, true),
        'email', coalesce(np.email, false),
        'sms', coalesce(np.sms, false),
        'email_address', case when coalesce(np.email, false) then u.email end,
        'phone', case when coalesce(np.sms, false) then pc.phone end
      ) order by ce.user_id), '[]'::jsonb)
      from public.course_enrollments ce
      join public.profiles p on p.id = ce.user_id
      left join auth.users u on u.id = ce.user_id
      left join public.profile_contacts pc on pc.user_id = ce.user_id
      left join public.notification_preferences np on np.user_id = ce.user_id and np.type = 'course_starting'
      left join recent r on r.user_id = ce.user_id and r.course_id = s.course_id
      where ce.course_id = s.course_id and ce.status = 'active'
    )
  ) order by s.start_time, s.id), '[]'::jsonb)
  from sessions s;
$$;

comment on function public.course_start_candidates(timestamptz, timestamptz, timestamptz) is
  'Worker only: online sessions about to start, each with its actively enrolled students, their preferences and opted-in contacts, as JSON.';
revoke execute on function public.course_start_candidates(timestamptz, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.course_start_candidates(timestamptz, timestamptz, timestamptz) to service_role;

-- The worker's one write: the in-app notifications (as before) and the e-mail/SMS copies
-- queued in the outbox. Returns how many notifications were created and the outbox rows
-- this call queued (a copy already queued by another worker is not returned, so it is
-- never handed to a provider twice).
create function public.write_course_start_notices(batches jsonb, outgoing jsonb) returns jsonb
  language sql volatile security invoker set search_path = ''
as $$
  with created as (
    insert into public.student_notifications
      (user_id, schedule_event_id, type, priority, title, message, data, action_url, action_label, expires_at)
    select u.user_id::uuid, (b ->> 'schedule_event_id')::uuid, b ->> 'type', b ->> 'priority',
           m ->> 'title', m ->> 'message', b -> 'data', b ->> 'action_url', m ->> 'action_label',
           (b ->> 'expires_at')::timestamptz
    from jsonb_array_elements(coalesce(batches, '[]'::jsonb)) b
    cross join jsonb_array_elements(b -> 'messages') m
    cross join jsonb_array_elements_text(m -> 'user_ids') u(user_id)
    on conflict (user_id, schedule_event_id) do nothing
    returning 1
  ),
  queued as (
    insert into public.outbox_messages (channel, recipient, user_id, kind, schedule_event_id, subject, body)
    select o ->> 'channel', o ->> 'recipient', (o ->> 'user_id')::uuid, o ->> 'kind',
           (o ->> 'schedule_event_id')::uuid, o ->> 'subject', o ->> 'body'
    from jsonb_array_elements(coalesce(outgoing, '[]'::jsonb)) o
    on conflict (user_id, schedule_event_id, channel) do nothing
    returning id, channel, recipient, subject, body
  )
  select jsonb_build_object(
    'created', (select count(*) from created),
    'queued', (select coalesce(jsonb_agg(jsonb_build_object(
      'id', q.id, 'channel', q.channel, 'recipient', q.recipient, 'subject', q.subject, 'body', q.body)), '[]'::jsonb)
      from queued q)
  );
$$;
comment on function public.write_course_start_notices(jsonb, jsonb) is
  'Worker only: inserts planned course_starting notifications and queues their e-mail/SMS copies, skipping ones that exist.';
revoke execute on function public.write_course_start_notices(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.write_course_start_notices(jsonb, jsonb) to service_role;

-- Replaced by write_course_start_notices.
drop function public.insert_course_start_notifications(jsonb);

-- After sending: the status the sender reported for each queued message, in one call.
-- results: [{"id", "status": "logged"|"sent"|"failed", "provider", "provider_id", "error"}]
create function public.record_outbox_results(results jsonb) returns integer
  language sql volatile security invoker set search_path = ''
as $$
  with changed as (
    update public.outbox_messages o
    set status = r ->> 'status',
        provider = r ->> 'provider',
        provider_id = r ->> 'provider_id',
        error = left(r ->> 'error', 500),
        sent_at = case when r ->> 'status' = 'sent' then now() end
    from jsonb_array_elements(results) r
    where o.id = (r ->> 'id')::uuid and o.status = 'queued'
    returning 1
  )
  select count(*)::integer from changed;
$$;
comment on function public.record_outbox_results(jsonb) is 'Server only: marks queued outbox messages logged, sent or failed.';
revoke execute on function public.record_outbox_results(jsonb) from public, anon, authenticated;
grant execute on function public.record_outbox_results(jsonb) to service_role;

-- ---------------------------------------------------------------------------------
-- "Download my data": everything the signed-in person can read about themselves. Security
-- invoker: RLS decides, and each part is also filtered on the caller so that what others
-- share with them (classmates' names, conversations) is not mistaken for their own data.
create function public.export_my_data() returns jsonb
  language sql stable security invoker set search_path = ''
as $$
  select jsonb_build_object(
    'exported_at', now(),
    'user_id', (select auth.uid()),
    'email', (select auth.jwt() ->> 'email'),
    'profile', (select to_jsonb(p) from public.profiles p where p.id = (select auth.uid())),
    'contacts', (select to_jsonb(c) - 'user_id' from public.profile_contacts c where c.user_id = (select auth.uid())),
    'roles', (select coalesce(jsonb_agg(r.role order by r.role), '[]'::jsonb)
              from public.user_roles r where r.user_id = (select auth.uid())),
    'registrations', (
      select coalesce(jsonb_agg(to_jsonb(sr) || jsonb_build_object(
        'programme', pr.name_fr, 'programme_en', pr.name_en, 'level', l.name_fr, 'level_en', l.name_en)
        order by sr.registered_at), '[]'::jsonb)
      from public.student_registrations sr
      left join public.programmes pr on pr.id = sr.programme_id
      left join public.levels l on l.code = sr.level_code
      where sr.student_id = (select auth.uid())),
    'enrolments', (
      select coalesce(jsonb_agg(to_jsonb(ce) || jsonb_build_object('course_code', c.code, 'course_title', c.title)
        order by ce.enrolled_at), '[]'::jsonb)
      from public.course_enrollments ce
      left join public.courses c on c.id = ce.course_id
      where ce.user_id = (select auth.uid())),
    'grades', (
      select coalesce(jsonb_agg(to_jsonb(g) || jsonb_build_object('evaluation', e.title) order by g.graded_at), '[]'::jsonb)
      from public.grades g
      left join public.evaluations e on e.id = g.evaluation_id
      where g.student_id = (select auth.uid())),
    'submissions', (
      select coalesce(jsonb_agg(to_jsonb(s) order by s.submitted_at), '[]'::jsonb)
      from public.assignment_submissions s where s.student_id = (select auth.uid())),
    'payments', (
      select coalesce(jsonb_agg(to_jsonb(pa) order by pa.created_at), '[]'::jsonb)
      from public.payments pa where pa.student_id = (select auth.uid())),
    'receipts', (
      select coalesce(jsonb_agg(to_jsonb(rc) order by rc.issued_at), '[]'::jsonb)
      from public.receipts rc
      join public.payments pa on pa.id = rc.payment_id
      where pa.student_id = (select auth.uid())),
    'applications', (
      select coalesce(jsonb_agg(to_jsonb(a) order by a.submitted_at), '[]'::jsonb)
      from public.applications a where a.applicant_id = (select auth.uid())),
    'notifications', (
      select coalesce(jsonb_agg(to_jsonb(n) order by n.created_at), '[]'::jsonb)
      from public.student_notifications n where n.user_id = (select auth.uid())),
    'notification_preferences', (
      select coalesce(jsonb_agg(to_jsonb(np) - 'user_id' order by np.type), '[]'::jsonb)
      from public.notification_preferences np where np.user_id = (select auth.uid())),
    'teacher_settings', (select to_jsonb(ts) - 'user_id' from public.teacher_settings ts where ts.user_id = (select auth.uid())),
    'messages_sent', (
      select coalesce(jsonb_agg(to_jsonb(m) order by m.created_at), '[]'::jsonb)
      from public.messages m where m.sender_id = (select auth.uid()))
  )
  where (select auth.uid()) is not null;
$$;
comment on function public.export_my_data() is
  'The signed-in person''s own data (profile, contacts, roles, registrations, enrolments, grades, submissions, payments, receipts, applications, notifications, messages sent) as JSON.';
revoke execute on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;
