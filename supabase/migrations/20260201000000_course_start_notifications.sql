-- Course-start notifications (SPEC §3, §4, §7, §9): what the worker reads and writes in a
-- constant number of round trips whatever the number of sessions and students, and the
-- realtime stream the notification centre listens to.

-- The notification centre receives new rows live (RLS still decides who sees what).
alter publication supabase_realtime add table public.student_notifications;

-- Every online session starting in [window_start, window_end], once per student actively
-- enrolled in its course, with the course's meeting details, the student's language and
-- when that student was last notified for that course since duplicate_since.
-- One JSON value rather than rows, so the API's row cap (max_rows) never truncates it.
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
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'event_id', e.id,
    'course_id', c.id,
    'course_title', c.title,
    'start_time', e.start_time,
    'is_online', e.is_online,
    'enrollment_status', ce.status,
    'meeting_platform', c.meeting_platform,
    'zoom_meeting_id', coalesce(e.zoom_meeting_id, c.zoom_meeting_id),
    'zoom_passcode', coalesce(e.zoom_passcode, c.zoom_passcode),
    'teams_meeting_url', coalesce(e.teams_meeting_url, c.teams_meeting_url),
    'user_id', ce.user_id,
    'locale', p.preferred_locale,
    'last_notified_at', r.last_notified_at
  ) order by e.start_time, e.id, ce.user_id), '[]'::jsonb)
  from public.schedule_events e
  join public.courses c on c.id = e.course_id
  join public.course_enrollments ce on ce.course_id = c.id and ce.status = 'active'
  join public.profiles p on p.id = ce.user_id
  left join recent r on r.user_id = ce.user_id and r.course_id = c.id
  where e.is_online and e.start_time >= window_start and e.start_time <= window_end;
$$;

comment on function public.course_start_candidates(timestamptz, timestamptz, timestamptz) is
  'Worker only: online sessions about to start × active students, as one JSON array.';

-- Only the worker (secret key, service_role) may ask.
revoke execute on function public.course_start_candidates(timestamptz, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.course_start_candidates(timestamptz, timestamptz, timestamptz) to service_role;
