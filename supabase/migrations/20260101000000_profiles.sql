-- People: one profile per auth user, created by a trigger on sign-up, and the roles
-- (student, teacher, admin) that decide what each person may see and change.
--
-- Conventions used by every later migration:
-- * Schema `private` holds the security-definer helpers policies call. It is not exposed
--   through the Data API, so nobody can call a helper as an RPC or read its tables.
-- * Helpers are `security definer` with `set search_path = ''` (every name qualified), and
--   policies call them as `(select private.fn())` so Postgres evaluates them once per
--   statement rather than once per row (Supabase's auth_rls_initplan advice).
-- * Hosted Supabase grants ALL on new public tables to anon and authenticated; each table
--   revokes what a role must never have and lets RLS decide the rows for the rest.

create schema if not exists private;
comment on schema private is 'Helpers and internals for RLS; not exposed through the Data API.';
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Keeps updated_at honest without trusting clients to send it.
create function private.touch_updated_at() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------
-- Profiles: the name card a person shows to the people they study or teach with.
-- Phone numbers are not on it (classmates see names only); they live in profile_contacts.
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text not null default '' check (char_length(full_name) <= 200),
  preferred_locale text not null default 'fr' check (preferred_locale in ('fr', 'en')),
  avatar_url text check (avatar_url is null or char_length(avatar_url) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per signed-up user: the name, avatar and language the platform greets them with.';

create trigger profiles_touch before update on public.profiles
  for each row execute function private.touch_updated_at();

-- Contact details only the person and the administration see.
create table public.profile_contacts (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  phone text check (phone is null or phone ~ '^\+?[0-9 ]{6,20}$'),
  updated_at timestamptz not null default now()
);
comment on table public.profile_contacts is 'Private contact details of a person (phone), visible to that person and admins only.';

create trigger profile_contacts_touch before update on public.profile_contacts
  for each row execute function private.touch_updated_at();

-- ---------------------------------------------------------------------------------
-- Roles. A separate table rather than a profile column: a user edits its own profile but
-- can never write a row here about itself (only admins have write policies).
create table public.user_roles (
  user_id uuid not null references public.profiles (id) on delete cascade,
  role text not null check (role in ('student', 'teacher', 'admin')),
  granted_by uuid references public.profiles (id) on delete set null,
  granted_at timestamptz not null default now(),
  primary key (user_id, role)
);
comment on table public.user_roles is 'Who is a student, a teacher or an admin. Written by admins only; nobody can promote itself.';
create index user_roles_granted_by_idx on public.user_roles (granted_by);

create function private.has_role(wanted text) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles
    where user_id = (select auth.uid()) and role = wanted
  );
$$;
comment on function private.has_role(text) is 'True when the signed-in user holds that role.';

create function private.is_admin() returns boolean
  language sql stable security definer set search_path = ''
as $$ select private.has_role('admin'); $$;

-- Who may read someone's name card. Widened by the teaching and messaging migrations
-- (classmates, teachers, conversation partners); here: oneself and admins.
create function private.can_see_profile(person uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select person = (select auth.uid()) or private.is_admin();
$$;

-- ---------------------------------------------------------------------------------
-- Sign-up: every new auth user gets a profile, a contact row and the student role.
-- The role never comes from the sign-up metadata, which the user controls.
create function private.handle_new_user() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name, preferred_locale)
  values (
    new.id,
    left(coalesce(new.raw_user_meta_data ->> 'full_name', ''), 200),
    case when new.raw_user_meta_data ->> 'preferred_locale' = 'en' then 'en' else 'fr' end
  );
  insert into public.profile_contacts (user_id, phone)
  values (new.id, nullif(new.phone, ''));
  insert into public.user_roles (user_id, role) values (new.id, 'student');
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

-- ---------------------------------------------------------------------------------
-- Row-level security.
alter table public.profiles enable row level security;
alter table public.profile_contacts enable row level security;
alter table public.user_roles enable row level security;

create policy "profiles: readable by oneself, classmates, teachers and admins"
  on public.profiles for select to authenticated
  using (private.can_see_profile(id));

create policy "profiles: a user edits its own, admins any"
  on public.profiles for update to authenticated
  using ((select auth.uid()) = id or (select private.is_admin()))
  with check ((select auth.uid()) = id or (select private.is_admin()));

create policy "profile_contacts: oneself and admins read"
  on public.profile_contacts for select to authenticated
  using ((select auth.uid()) = user_id or (select private.is_admin()));

create policy "profile_contacts: oneself and admins edit"
  on public.profile_contacts for update to authenticated
  using ((select auth.uid()) = user_id or (select private.is_admin()))
  with check ((select auth.uid()) = user_id or (select private.is_admin()));

create policy "user_roles: a user reads its own roles, admins all"
  on public.user_roles for select to authenticated
  using ((select auth.uid()) = user_id or (select private.is_admin()));

create policy "user_roles: only admins grant roles"
  on public.user_roles for insert to authenticated
  with check ((select private.is_admin()));

create policy "user_roles: only admins change roles"
  on public.user_roles for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "user_roles: only admins revoke roles"
  on public.user_roles for delete to authenticated
  using ((select private.is_admin()));

-- Profiles and contacts are created by the sign-up trigger and removed with the auth user.
revoke all on public.profiles, public.profile_contacts, public.user_roles from anon;
revoke insert, delete, truncate, references, trigger on public.profiles, public.profile_contacts from authenticated;
revoke truncate, references, trigger on public.user_roles from authenticated;

revoke all on function private.touch_updated_at(), private.has_role(text), private.is_admin(),
  private.can_see_profile(uuid), private.handle_new_user() from public;
grant execute on function private.has_role(text), private.is_admin(), private.can_see_profile(uuid)
  to authenticated, service_role;
