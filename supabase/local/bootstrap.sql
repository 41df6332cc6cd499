-- What every hosted Supabase database already has before the first migration runs:
-- the API roles and the default grants on schema public. @supabase/lite creates the
-- auth and storage schemas itself; this file adds only what it leaves out, so that
-- supabase/migrations run here exactly as they do on a hosted project.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  -- PostgREST's own role: a migration configures the Data API through its pgrst.* settings
  -- (alter role authenticator set pgrst.db_aggregates_enabled = 'true'; postgrest-settings.ts).
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator nologin noinherit;
  end if;
end
$$;
grant anon, authenticated, service_role to authenticator;

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant execute on all functions in schema auth to anon, authenticated, service_role;

alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

-- Hosted projects keep extensions in their own schema, on the postgres role's search_path
-- ("$user", public, extensions): migrations and seeds run there may call crypt() or
-- gen_salt() unqualified, as `supabase db reset` lets them.
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;
alter role postgres set search_path to "$user", public, extensions;
set search_path to "$user", public, extensions;

-- GoTrue's auth.users has instance_id (seeds written for the Supabase CLI insert it); lite's lacks it.
alter table auth.users add column if not exists instance_id uuid;

-- storage-api's own migrations grant the API roles everything on its two tables (and, by
-- default privileges, on what it adds to the schema): RLS alone decides who may do what.
-- Once, on a new database (no migration applied yet), as hosted grants them once: a
-- project migration that revokes some of it afterwards is not undone at the next start.
do $$
declare
  fresh boolean := true;
begin
  if to_regclass('supabase_migrations.schema_migrations') is not null then
    execute 'select not exists (select 1 from supabase_migrations.schema_migrations)' into fresh;
  end if;
  if fresh then
    grant usage on schema storage to anon, authenticated, service_role;
    grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
    grant all on all functions in schema storage to anon, authenticated, service_role;
    alter default privileges in schema storage grant all on tables to anon, authenticated, service_role;
    alter default privileges in schema storage grant all on functions to anon, authenticated, service_role;
    alter default privileges in schema storage grant all on sequences to anon, authenticated, service_role;
  end if;
end
$$;

-- Hosted projects have this publication; migrations add the tables whose changes the
-- browser may subscribe to (alter publication supabase_realtime add table …).
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
