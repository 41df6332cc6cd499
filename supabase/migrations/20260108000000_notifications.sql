-- Student notifications (SPEC §3), e.g. "your course starts in 15 minutes".
-- Created unread and not dismissed; the student marks them read or dismisses them and can
-- change nothing else. The course-start worker inserts them with the secret key (service
-- role, which bypasses RLS); admins may post announcements.

create table public.student_notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  type text not null default 'course_starting'
    check (type in ('course_starting', 'announcement', 'grade_published', 'assignment_due',
                    'payment', 'message', 'application')),
  title text not null check (char_length(title) between 1 and 200),
  message text not null check (char_length(message) between 1 and 2000),
  priority text not null default 'normal' check (priority in ('low', 'normal', 'high')),
  -- course_starting: {"course_title", "start_time", "meeting_url"}
  data jsonb not null default '{}' check (jsonb_typeof(data) = 'object'),
  action_url text,
  action_label text,
  is_read boolean not null default false,
  is_dismissed boolean not null default false,
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  -- The session a course_starting notification announces: one per student and session,
  -- so two workers racing can never notify a student twice (insert … on conflict do nothing).
  schedule_event_id uuid references public.schedule_events (id) on delete cascade,
  constraint student_notifications_one_per_event unique (user_id, schedule_event_id)
);
comment on table public.student_notifications is 'In-app notifications of a student (SPEC §3); one per student and schedule event at most.';
-- The student's list: not dismissed, newest first (SPEC §7).
create index student_notifications_user_created_idx on public.student_notifications (user_id, created_at desc)
  where not is_dismissed;
create index student_notifications_schedule_event_id_idx on public.student_notifications (schedule_event_id);
-- The worker's duplicate check: course_starting rows created recently.
create index student_notifications_type_created_idx on public.student_notifications (type, created_at);

alter table public.student_notifications enable row level security;

create policy "student_notifications: a user reads its own, admins all" on public.student_notifications for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "student_notifications: admins post announcements" on public.student_notifications for insert to authenticated
  with check ((select private.is_admin()));
-- Column privileges below restrict what the owner may change to is_read and is_dismissed.
create policy "student_notifications: a user marks its own read or dismissed" on public.student_notifications for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "student_notifications: admins remove" on public.student_notifications for delete to authenticated
  using ((select private.is_admin()));

revoke all on public.student_notifications from anon;
revoke update, truncate, references, trigger on public.student_notifications from authenticated;
grant update (is_read, is_dismissed) on public.student_notifications to authenticated;
