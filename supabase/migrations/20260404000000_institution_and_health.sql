-- The institution as data (admin/settings) and the platform's health (admin/technical).
--
-- * institution_settings: one row — name and taxpayer number (NIU) printed on receipts and
--   transcripts, contacts, the matricule pattern, and the grading options of DOMAIN §2
--   (CC/exam weights, pass mark, compensation, eliminatory mark, resit cap, mention bands,
--   grade-point table). Every signed-in user reads it (results and documents need it);
--   admins change it, and every change is audited.
-- * set_current_semester(): switches the current semester (and its academic year) in one
--   statement, so there is never zero or two current ones.
-- * worker_ticks: one row per run of the notification worker (written with the secret
--   key), so admins see when it last ran and how late it is.
-- * function_errors: what server-side functions failed with (written with the secret key).
-- * admin_system_health(): database size, storage use, migration version, worker ticks,
--   realtime subscriptions and recent function errors, for admins only.

create table public.institution_settings (
  -- A single row: the primary key can only be true.
  id boolean primary key default true check (id),
  name text not null default 'Université en ligne' check (char_length(name) between 2 and 200),
  -- Numéro d'identifiant unique (DGI taxpayer number), printed on receipts.
  niu text check (niu is null or niu ~ '^[A-Z0-9]{10,20}$'),
  phone text check (phone is null or phone ~ '^\+?[0-9 ]{6,20}$'),
  email text check (email is null or (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 320)),
  postal_address text check (postal_address is null or char_length(postal_address) <= 300),
  -- Tokens: {SCHOOL} school code, {YY} / {YYYY} year the academic year starts, {SEQ:n}
  -- the year's sequence padded to n digits (3 to 6). Example: UOC{YY}{SCHOOL}{SEQ:4}.
  matricule_pattern text not null default '{YY}{SCHOOL}{SEQ:4}'
    check (char_length(matricule_pattern) <= 40 and matricule_pattern ~ '\{SEQ:[3-6]\}'
           and matricule_pattern !~ '\{SEQ:[3-6]\}.*\{SEQ:[3-6]\}'
           and regexp_replace(matricule_pattern, '\{(SCHOOL|YY|YYYY|SEQ:[3-6])\}', '', 'g') ~ '^[A-Za-z0-9-]*$'),
  -- Course mark = CC × cc_weight % + exam × (100 − cc_weight) %.
  cc_weight smallint not null default 40 check (cc_weight between 0 and 100),
  pass_mark numeric(4, 2) not null default 10 check (pass_mark between 0 and 20),
  -- A UE below the pass mark is validated when the semester average reaches it.
  compensation boolean not null default true,
  -- No compensation for a UE below this mark (null: none).
  eliminatory_mark numeric(4, 2) check (eliminatory_mark is null or eliminatory_mark between 0 and 20),
  -- A resit result is capped at this mark (null: not capped).
  resit_cap numeric(4, 2) check (resit_cap is null or resit_cap between 0 and 20),
  -- [{ "min": 10, "fr": "Passable", "en": "Pass" }, …] ascending.
  mention_bands jsonb not null default '[
      {"min": 10, "fr": "Passable", "en": "Pass"},
      {"min": 12, "fr": "Assez bien", "en": "Fairly good"},
      {"min": 14, "fr": "Bien", "en": "Good"},
      {"min": 16, "fr": "Très bien", "en": "Very good"}
    ]'::jsonb
    check (jsonb_typeof(mention_bands) = 'array' and jsonb_array_length(mention_bands) between 1 and 10),
  -- [{ "min": 80, "letter": "A", "points": 4.0 }, …] on a mark out of 100, descending;
  -- the francophone LMD table of DOMAIN §2 by default.
  grade_points jsonb not null default '[
      {"min": 80, "letter": "A", "points": 4.0}, {"min": 75, "letter": "A-", "points": 3.7},
      {"min": 70, "letter": "B+", "points": 3.3}, {"min": 65, "letter": "B", "points": 3.0},
      {"min": 60, "letter": "B-", "points": 2.7}, {"min": 55, "letter": "C+", "points": 2.3},
      {"min": 50, "letter": "C", "points": 2.0}, {"min": 45, "letter": "C-", "points": 1.7},
      {"min": 40, "letter": "D+", "points": 1.3}, {"min": 35, "letter": "D", "points": 1.0},
      {"min": 0, "letter": "F", "points": 0}
    ]'::jsonb
    check (jsonb_typeof(grade_points) = 'array' and jsonb_array_length(grade_points) between 2 and 20),
  updated_at timestamptz not null default now(),
  updated_by uuid references public.profiles (id) on delete set null
);
comment on table public.institution_settings is
  'The institution (name, NIU, contacts, matricule pattern) and its grading options (DOMAIN §2): one row, read by everyone signed in, changed by admins.';
create index institution_settings_updated_by_idx on public.institution_settings (updated_by);
insert into public.institution_settings default values;

-- Stamp who changed what, and write it to the audit log with the fields that changed.
create function private.audit_institution_settings() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  changed jsonb;
begin
  new.updated_at := now();
  new.updated_by := coalesce((select auth.uid()), new.updated_by);
  select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) into changed
  from jsonb_each(to_jsonb(new) - 'updated_at' - 'updated_by')
  where to_jsonb(old) -> key is distinct from value;
  -- The database owner (migrations, the demo seed) acts outside the API: nothing to audit.
  if changed <> '{}'::jsonb and ((select auth.uid()) is not null or coalesce((select auth.role()), '') = 'service_role') then
    perform public.record_audit('settings.institution_changed', 'institution_settings', 'true', changed);
  end if;
  return new;
end;
$$;
create trigger institution_settings_audit before update on public.institution_settings
  for each row execute function private.audit_institution_settings();
revoke all on function private.audit_institution_settings() from public;

alter table public.institution_settings enable row level security;
create policy "institution_settings: members read" on public.institution_settings for select to authenticated using (true);
create policy "institution_settings: admins change" on public.institution_settings for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
revoke all on public.institution_settings from anon;
revoke insert, delete, truncate, references, trigger on public.institution_settings from authenticated;
revoke update (id, updated_at, updated_by) on public.institution_settings from authenticated;

-- A matricule from the pattern: format_matricule('{YY}{SCHOOL}{SEQ:4}', 'UO', 2026, 7) → 26UO0007.
-- The one implementation: registration uses it, the settings page previews with it.
create function public.format_matricule(pattern text, school_code text, academic_year_start integer, sequence integer)
  returns text
  language plpgsql immutable set search_path = ''
as $$
declare
  width integer := (regexp_match(pattern, '\{SEQ:([3-6])\}'))[1]::integer;
begin
  if width is null then
    raise exception 'a matricule pattern needs {SEQ:n} (n from 3 to 6)' using errcode = '22023';
  end if;
  if sequence < 1 or length(sequence::text) > width then
    raise exception 'sequence % does not fit in % digits', sequence, width using errcode = '22003';
  end if;
  return replace(replace(replace(regexp_replace(pattern, '\{SEQ:[3-6]\}', lpad(sequence::text, width, '0')),
    '{YYYY}', academic_year_start::text), '{YY}', right(academic_year_start::text, 2)), '{SCHOOL}', coalesce(school_code, ''));
end;
$$;
revoke all on function public.format_matricule(text, text, integer, integer) from public, anon;
grant execute on function public.format_matricule(text, text, integer, integer) to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- The current semester, switched atomically (unique indexes allow one current at most).
create function public.set_current_semester(semester uuid) returns void
  language plpgsql security invoker set search_path = ''
as $$
declare
  year uuid;
begin
  if not private.is_admin() then
    raise exception 'only administrators choose the current semester' using errcode = '42501';
  end if;
  select academic_year_id into year from public.semesters where id = semester;
  if year is null then
    raise exception 'no such semester' using errcode = 'P0002';
  end if;
  update public.semesters set is_current = false where is_current and id <> semester;
  update public.academic_years set is_current = false where is_current and id <> year;
  update public.academic_years set is_current = true where id = year;
  update public.semesters set is_current = true where id = semester;
  perform public.record_audit('settings.current_semester_changed', 'semester', semester::text, '{}'::jsonb);
end;
$$;
revoke all on function public.set_current_semester(uuid) from public, anon;
grant execute on function public.set_current_semester(uuid) to authenticated;

-- ---------------------------------------------------------------------------------
-- The worker's runs.
create table public.worker_ticks (
  id bigint generated always as identity primary key,
  started_at timestamptz not null,
  finished_at timestamptz not null default now(),
  -- cron: the schedule; manual: "run a tick now" from admin/technical.
  source text not null default 'cron' check (source in ('cron', 'manual')),
  ok boolean not null,
  events_seen integer not null default 0 check (events_seen >= 0),
  created integer not null default 0 check (created >= 0),
  duration_ms integer not null default 0 check (duration_ms >= 0),
  error text check (error is null or char_length(error) <= 2000),
  check (finished_at >= started_at)
);
comment on table public.worker_ticks is 'One row per run of the notification worker (service role writes; admins read).';
create index worker_ticks_finished_at_idx on public.worker_ticks (finished_at desc);
alter table public.worker_ticks enable row level security;
create policy "worker_ticks: admins read" on public.worker_ticks for select to authenticated using ((select private.is_admin()));
revoke all on public.worker_ticks from anon;
revoke insert, update, delete, truncate, references, trigger on public.worker_ticks from authenticated;

-- Errors of server-side functions (supabase/functions), written with the secret key.
create table public.function_errors (
  id bigint generated always as identity primary key,
  function_name text not null check (function_name ~ '^[a-z0-9][a-z0-9_-]{0,60}$'),
  message text not null check (char_length(message) <= 2000),
  occurred_at timestamptz not null default now()
);
comment on table public.function_errors is 'What server-side functions failed with (service role writes; admins read). Never holds personal data: messages are the error text only.';
create index function_errors_occurred_at_idx on public.function_errors (occurred_at desc);
alter table public.function_errors enable row level security;
create policy "function_errors: admins read" on public.function_errors for select to authenticated using ((select private.is_admin()));
revoke all on public.function_errors from anon;
revoke insert, update, delete, truncate, references, trigger on public.function_errors from authenticated;

-- ---------------------------------------------------------------------------------
-- The figures of admin/technical in one call. security definer to read catalogue sizes
-- and storage totals; refuses anyone but an admin.
create function public.admin_system_health() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  result jsonb;
  subscriptions bigint;
begin
  if not private.is_admin() then
    raise exception 'only administrators read the platform''s health' using errcode = '42501';
  end if;
  -- Hosted Realtime keeps one row per postgres_changes subscription in realtime.subscription;
  -- dynamic SQL, since the table does not exist everywhere.
  if to_regclass('realtime.subscription') is not null then
    execute 'select count(*) from realtime.subscription' into subscriptions;
  end if;
  select jsonb_build_object(
    'database_bytes', pg_database_size(current_database()),
    'storage', coalesce((
      select jsonb_agg(jsonb_build_object('bucket', bucket_id, 'objects', n, 'bytes', bytes) order by bucket_id)
      from (
        select bucket_id, count(*) as n, coalesce(sum((metadata ->> 'size')::bigint), 0) as bytes
        from storage.objects group by bucket_id
      ) s), '[]'::jsonb),
    'migration_version', (
      select max(version) from supabase_migrations.schema_migrations),
    'migrations_applied', (
      select count(*) from supabase_migrations.schema_migrations),
    'last_tick', (
      select to_jsonb(t) - 'id' from public.worker_ticks t order by finished_at desc limit 1),
    'last_ok_tick_at', (
      select max(finished_at) from public.worker_ticks where ok),
    'ticks_failed_24h', (
      select count(*) from public.worker_ticks where not ok and finished_at > now() - interval '24 hours'),
    'realtime_subscriptions', subscriptions,
    'function_errors', coalesce((
      select jsonb_agg(to_jsonb(e) - 'id' order by occurred_at desc)
      from (select * from public.function_errors order by occurred_at desc limit 10) e), '[]'::jsonb),
    'checked_at', now()
  ) into result;
  return result;
end;
$$;
revoke all on function public.admin_system_health() from public, anon;
grant execute on function public.admin_system_health() to authenticated;
