-- The meeting platform settings (/admin/zoom, DOMAIN §5).
--
-- * institution_settings.default_meeting_platform: the platform the create-course wizard
--   preselects for a new course (zoom, teams or in person). Everyone signed in reads the
--   settings; admins change them (the existing policies), audited by the existing trigger.
-- * private.zoom_credentials: the Zoom Server-to-Server OAuth app (account id, client id,
--   client secret) and the result of its last test. In the private schema, which the Data
--   API does not expose, with no grant to any browser role: only the zoom-meetings
--   function reaches it, with the secret key, through the service-role-only functions
--   below. Admins see its status (configured, the account id's last characters, the last
--   test) through zoom_status(), never the secret.
-- * zoom_session_roster(): a session's enrolled students with their e-mail (in
--   auth.users) and attendance, for the attendance import; service role only.

alter table public.institution_settings
  add column default_meeting_platform text not null default 'zoom'
    check (default_meeting_platform in ('zoom', 'teams', 'in_person'));
comment on column public.institution_settings.default_meeting_platform is
  'The meeting platform the create-course wizard preselects: zoom, teams or in_person.';

-- ---------------------------------------------------------------------------------
create table private.zoom_credentials (
  id boolean primary key default true check (id),
  account_id text not null check (account_id ~ '^[A-Za-z0-9_-]{4,100}$'),
  client_id text not null check (client_id ~ '^[A-Za-z0-9_-]{4,100}$'),
  client_secret text not null check (char_length(client_secret) between 8 and 200),
  updated_at timestamptz not null default now(),
  updated_by uuid references public.profiles (id) on delete set null,
  tested_at timestamptz,
  test_ok boolean,
  test_message text check (test_message is null or char_length(test_message) <= 300)
);
comment on table private.zoom_credentials is
  'The Zoom Server-to-Server OAuth app: read and written only by the zoom-meetings function (secret key).';
create index zoom_credentials_updated_by_idx on private.zoom_credentials (updated_by);
alter table private.zoom_credentials enable row level security;
revoke all on private.zoom_credentials from public, anon, authenticated;

create function private.require_service_role() returns void
  language plpgsql stable set search_path = ''
as $$
begin
  if coalesce((select auth.role()), '') <> 'service_role' then
    raise exception 'only the server may do this' using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_service_role() from public, anon, authenticated;
grant execute on function private.require_service_role() to service_role;

-- Saves (or replaces) the credentials; the last test result is cleared.
create function public.zoom_save_credentials(account_id text, client_id text, client_secret text, actor uuid)
  returns void
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
begin
  perform private.require_service_role();
  insert into private.zoom_credentials (id, account_id, client_id, client_secret, updated_at, updated_by)
  values (true, account_id, client_id, client_secret, now(), actor)
  on conflict (id) do update set account_id = excluded.account_id, client_id = excluded.client_id,
    client_secret = excluded.client_secret, updated_at = now(), updated_by = excluded.updated_by,
    tested_at = null, test_ok = null, test_message = null;
  perform public.record_audit('zoom.credentials_saved', 'zoom_credentials', 'true',
    jsonb_build_object('by', actor, 'account_id_end', right(account_id, 4)));
end;
$$;

create function public.zoom_clear_credentials(actor uuid) returns void
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
begin
  perform private.require_service_role();
  delete from private.zoom_credentials where id;
  perform public.record_audit('zoom.credentials_removed', 'zoom_credentials', 'true', jsonb_build_object('by', actor));
end;
$$;

create function public.zoom_credentials() returns table (account_id text, client_id text, client_secret text)
  language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_service_role();
  return query select c.account_id, c.client_id, c.client_secret from private.zoom_credentials c where c.id;
end;
$$;

create function public.zoom_record_test(ok boolean, message text) returns void
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
begin
  perform private.require_service_role();
  update private.zoom_credentials set tested_at = now(), test_ok = ok, test_message = left(message, 300) where id;
end;
$$;

-- What the admin page shows: never the secret nor the client id.
create function public.zoom_status() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  c private.zoom_credentials;
begin
  if not private.is_admin() then
    raise exception 'administrators only' using errcode = '42501';
  end if;
  select * into c from private.zoom_credentials where id;
  return jsonb_build_object(
    'configured', c.id is not null,
    'account_id_end', right(c.account_id, 4),
    'updated_at', c.updated_at,
    'tested_at', c.tested_at,
    'test_ok', c.test_ok,
    'test_message', c.test_message);
end;
$$;
comment on function public.zoom_status() is 'Admins: whether Zoom credentials are set, the account id''s last 4 characters and the last test; never the secret.';

-- A session's actively enrolled students, with their e-mail and attendance so far.
create function public.zoom_session_roster(event uuid)
  returns table (student_id uuid, email text, full_name text, status text, joined_at timestamptz)
  language plpgsql stable security definer set search_path = ''
as $$
#variable_conflict use_variable
begin
  perform private.require_service_role();
  return query
    select ce.user_id, lower(u.email::text), p.full_name, a.status, a.joined_at
    from public.schedule_events e
    join public.course_enrollments ce on ce.course_id = e.course_id and ce.status = 'active'
    join public.profiles p on p.id = ce.user_id
    left join auth.users u on u.id = ce.user_id
    left join public.attendance a on a.schedule_event_id = e.id and a.student_id = ce.user_id
    where e.id = event
    order by lower(u.email::text);
end;
$$;

revoke all on function public.zoom_save_credentials(text, text, text, uuid), public.zoom_clear_credentials(uuid),
  public.zoom_credentials(), public.zoom_record_test(boolean, text), public.zoom_session_roster(uuid) from public, anon, authenticated;
grant execute on function public.zoom_save_credentials(text, text, text, uuid), public.zoom_clear_credentials(uuid),
  public.zoom_credentials(), public.zoom_record_test(boolean, text), public.zoom_session_roster(uuid) to service_role;
revoke all on function public.zoom_status() from public, anon;
grant execute on function public.zoom_status() to authenticated;
