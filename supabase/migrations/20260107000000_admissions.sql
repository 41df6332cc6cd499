-- Admissions: applications from the site's forms (general, extension, professional,
-- international) and their status history.
--
--   submitted → under_review → documents_requested → under_review …
--             ↘ admitted | waitlisted | rejected;  waitlisted → admitted | rejected
--   admitted → enrolled;  any open state → withdrawn (by the applicant or an admin)
--
-- Anyone, even signed out, may submit an application; nobody but the applicant (if signed
-- in) and admins reads it. Every status change is recorded with who made it and when.

create table public.applications (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('general', 'extension', 'professional', 'international')),
  status text not null default 'submitted' check (status in (
    'submitted', 'under_review', 'documents_requested', 'admitted', 'waitlisted', 'rejected',
    'enrolled', 'withdrawn')),
  -- Set when the applicant was signed in, so it can follow its application.
  applicant_id uuid references public.profiles (id) on delete set null,
  full_name text not null check (char_length(full_name) between 2 and 200),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 320),
  phone text check (phone is null or phone ~ '^\+?[0-9 ]{6,20}$'),
  country text not null default 'CM' check (country ~ '^[A-Z]{2}$'),
  city text check (city is null or char_length(city) <= 100),
  preferred_locale text not null default 'fr' check (preferred_locale in ('fr', 'en')),
  -- What is applied for (at most one target; a general application may name none yet).
  programme_id uuid references public.programmes (id) on delete set null,
  specialty_id uuid references public.specialties (id) on delete set null,
  level_code text references public.levels (code) on delete restrict,
  professional_formation_id uuid references public.professional_formations (id) on delete set null,
  extension_programme_id uuid references public.extension_programmes (id) on delete set null,
  motivation text not null default '' check (char_length(motivation) <= 5000),
  -- Extra answers of the form that are not worth a column (previous diploma, employer…).
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object'),
  submitted_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (num_nonnulls(programme_id, professional_formation_id, extension_programme_id) <= 1),
  -- The school's own forms name their own kind of target.
  check (kind <> 'professional' or (programme_id is null and extension_programme_id is null)),
  check (kind <> 'extension' or (programme_id is null and professional_formation_id is null))
);
comment on table public.applications is 'An application to a school or programme, submitted from the public site.';
create index applications_applicant_id_idx on public.applications (applicant_id);
create index applications_programme_id_idx on public.applications (programme_id);
create index applications_specialty_id_idx on public.applications (specialty_id);
create index applications_level_code_idx on public.applications (level_code);
create index applications_professional_formation_id_idx on public.applications (professional_formation_id);
create index applications_extension_programme_id_idx on public.applications (extension_programme_id);
create index applications_status_idx on public.applications (status, submitted_at);
create trigger applications_touch before update on public.applications for each row execute function private.touch_updated_at();

create table public.application_status_history (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  from_status text,
  to_status text not null,
  -- Who changed it: null for an anonymous submission or a system job.
  actor_id uuid references public.profiles (id) on delete set null,
  note text,
  changed_at timestamptz not null default now()
);
comment on table public.application_status_history is 'Every status an application went through, with who moved it and when. Written by triggers only.';
create index application_status_history_application_id_idx on public.application_status_history (application_id, changed_at);
create index application_status_history_actor_id_idx on public.application_status_history (actor_id);

-- The allowed transitions, in one place.
create function private.application_transition_allowed(from_status text, to_status text) returns boolean
  language sql immutable set search_path = ''
as $$
  select from_status = to_status or (from_status, to_status) in (
    ('submitted', 'under_review'), ('submitted', 'withdrawn'),
    ('under_review', 'documents_requested'), ('under_review', 'admitted'),
    ('under_review', 'waitlisted'), ('under_review', 'rejected'), ('under_review', 'withdrawn'),
    ('documents_requested', 'under_review'), ('documents_requested', 'admitted'),
    ('documents_requested', 'waitlisted'), ('documents_requested', 'rejected'),
    ('documents_requested', 'withdrawn'),
    ('waitlisted', 'admitted'), ('waitlisted', 'rejected'), ('waitlisted', 'withdrawn'),
    ('admitted', 'enrolled'), ('admitted', 'withdrawn')
  );
$$;

-- Before a change: refuse transitions the process does not allow, and keep who applied
-- and when it was submitted as they were.
create function private.check_application_change() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'submitted' then
      raise exception 'a new application starts as submitted, not %', new.status using errcode = '23514';
    end if;
    new.submitted_at := now();
    return new;
  end if;
  if not private.application_transition_allowed(old.status, new.status) then
    raise exception 'an application cannot go from % to %', old.status, new.status using errcode = '23514';
  end if;
  new.applicant_id := old.applicant_id;
  new.submitted_at := old.submitted_at;
  return new;
end;
$$;
create trigger applications_check before insert or update on public.applications
  for each row execute function private.check_application_change();

-- After a change: append to the history (security definer: nobody else may write there).
create function private.record_application_status() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or old.status is distinct from new.status then
    insert into public.application_status_history (application_id, from_status, to_status, actor_id, note, changed_at)
    values (
      new.id,
      case when tg_op = 'UPDATE' then old.status end,
      new.status,
      (select auth.uid()),
      nullif(current_setting('app.status_note', true), ''),
      clock_timestamp()  -- several changes in one transaction keep their order
    );
  end if;
  return new;
end;
$$;
create trigger applications_record_status after insert or update of status on public.applications
  for each row execute function private.record_application_status();

revoke all on function private.application_transition_allowed(text, text), private.check_application_change(),
  private.record_application_status() from public;
grant execute on function private.application_transition_allowed(text, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- RLS.
alter table public.applications enable row level security;
alter table public.application_status_history enable row level security;

-- Visitors apply without an account; a signed-in person applies as itself.
create policy "applications: visitors submit anonymously" on public.applications for insert to anon
  with check (applicant_id is null and status = 'submitted');
-- (Admins also key in applications received on paper, for any applicant.)
create policy "applications: signed-in people submit as themselves" on public.applications for insert to authenticated
  with check ((applicant_id is null or applicant_id = (select auth.uid()) or (select private.is_admin()))
              and status = 'submitted');
create policy "applications: the applicant and admins read" on public.applications for select to authenticated
  using (applicant_id = (select auth.uid()) or (select private.is_admin()));
-- Admins move applications through the process; an applicant may only withdraw its own.
create policy "applications: admins review, the applicant withdraws" on public.applications for update to authenticated
  using (applicant_id = (select auth.uid()) or (select private.is_admin()))
  with check ((select private.is_admin()) or (applicant_id = (select auth.uid()) and status = 'withdrawn'));
create policy "applications: admins remove" on public.applications for delete to authenticated
  using ((select private.is_admin()));

create policy "application_status_history: the applicant and admins read" on public.application_status_history for select to authenticated
  using ((select private.is_admin())
         or exists (select 1 from public.applications a where a.id = application_id));  -- the applications policy decides

revoke all on public.applications from anon;
grant insert on public.applications to anon;
revoke all on public.application_status_history from anon;
revoke truncate, references, trigger on public.applications from authenticated;
revoke insert, update, delete, truncate, references, trigger on public.application_status_history from authenticated;
