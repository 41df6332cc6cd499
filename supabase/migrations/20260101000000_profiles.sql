-- People: one profile per auth user, created by a trigger on sign-up.
-- A user reads and edits its own profile; the full data model builds on this table.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text not null default '' check (char_length(full_name) <= 200),
  preferred_locale text not null default 'fr' check (preferred_locale in ('fr', 'en')),
  created_at timestamptz not null default now()
);

comment on table public.profiles is 'One row per signed-up user: the name and language the platform greets them with.';

alter table public.profiles enable row level security;

create policy "profiles: a user reads its own"
  on public.profiles for select to authenticated
  using ((select auth.uid()) = id);

create policy "profiles: a user updates its own"
  on public.profiles for update to authenticated
  using ((select auth.uid()) = id)
  with check ((select auth.uid()) = id);

revoke all on public.profiles from anon;
revoke insert, delete, truncate, references, trigger on public.profiles from authenticated;

create function public.handle_new_user() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name, preferred_locale)
  values (
    new.id,
    coalesce(new.raw_user_meta_data ->> 'full_name', ''),
    case when new.raw_user_meta_data ->> 'preferred_locale' = 'en' then 'en' else 'fr' end
  );
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();
