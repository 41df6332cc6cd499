-- One place that answers "does this person want notices of this type on this channel?",
-- with the same defaults as the notification_preferences columns (in-app on, e-mail and
-- SMS off), for every server-side producer of notifications (triggers, functions) so that
-- they all honour the preferences the way the course-start worker does.
create function private.wants_notification(person uuid, kind text, channel text) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select coalesce(
    (select case channel when 'in_app' then p.in_app when 'email' then p.email when 'sms' then p.sms end
     from public.notification_preferences p
     where p.user_id = person and p.type = kind),
    channel = 'in_app');
$$;
comment on function private.wants_notification(uuid, text, text) is
  'Whether a person wants notifications of a type on a channel (in_app, email, sms); defaults: in-app only.';

revoke all on function private.wants_notification(uuid, text, text) from public;
grant execute on function private.wants_notification(uuid, text, text) to authenticated, service_role;
