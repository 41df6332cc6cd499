-- Course-start notifications (SPEC §3, §4, §7, §9): what the worker reads and writes in a
-- constant number of round trips whatever the number of sessions and students, and the
-- realtime stream the notification centre listens to.

-- The notification centre receives new rows live (RLS still decides who sees what).
alter publication supabase_realtime add table public.student_notifications;

-- Every online session starting in [window_start, window_end] with its course's meeting
-- details and the students actively enrolled in that course: their language and when
-- each was last notified for that course since duplicate_since. One JSON value (sessions
-- with their students nested) rather than rows: compact, and the API's row cap
-- (max_rows) never truncates it.
create function public.course_start_candidates(
  window_start timestamptz,
  window_end timestamptz,
  duplicate_since timestamptz
) returns jsonb
  language sql stable security invoker set search_path = ''
as $$
  with recent as (
    select n.user_id, e.course_id, max(n.created_at) as last_notified_at
    from public.student_notifications n
    join public.schedule_events e on e.id = n.schedule_event_id
    where n.type = 'course_starting' and n.created_at >= duplicate_since
    group by n.user_id, e.course_id
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
        'user_id', ce.user_id, 'locale', p.preferred_locale, 'last_notified_at', r.last_notified_at
      ) order by ce.user_id), '[]'::jsonb)
      from public.course_enrollments ce
      join public.profiles p on p.id = ce.user_id
      left join recent r on r.user_id = ce.user_id and r.course_id = s.course_id
      where ce.course_id = s.course_id and ce.status = 'active'
    )
  ) order by s.start_time, s.id), '[]'::jsonb)
  from sessions s;
$$;

comment on function public.course_start_candidates(timestamptz, timestamptz, timestamptz) is
  'Worker only: online sessions about to start, each with its actively enrolled students, as JSON.';

-- Only the worker (secret key, service_role) may ask.
revoke execute on function public.course_start_candidates(timestamptz, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.course_start_candidates(timestamptz, timestamptz, timestamptz) to service_role;

-- Writes the planned notifications in one statement. The plan comes grouped: per session
-- the shared fields, per language the words and the students. A student already notified
-- for the same session is skipped by the unique (user_id, schedule_event_id) constraint,
-- so two workers racing never duplicate. Returns how many rows were created.
create function public.insert_course_start_notifications(batches jsonb) returns integer
  language sql volatile security invoker set search_path = ''
as $$
  with created as (
    insert into public.student_notifications
      (user_id, schedule_event_id, type, priority, title, message, data, action_url, action_label, expires_at)
    select u.user_id::uuid, (b ->> 'schedule_event_id')::uuid, b ->> 'type', b ->> 'priority',
           m ->> 'title', m ->> 'message', b -> 'data', b ->> 'action_url', m ->> 'action_label',
           (b ->> 'expires_at')::timestamptz
    from jsonb_array_elements(batches) b
    cross join jsonb_array_elements(b -> 'messages') m
    cross join jsonb_array_elements_text(m -> 'user_ids') u(user_id)
    on conflict (user_id, schedule_event_id) do nothing
    returning 1
  )
  select count(*)::integer from created;
$$;

comment on function public.insert_course_start_notifications(jsonb) is
  'Worker only: inserts planned course_starting notifications, skipping ones that exist.';

revoke execute on function public.insert_course_start_notifications(jsonb) from public, anon, authenticated;
grant execute on function public.insert_course_start_notifications(jsonb) to service_role;
