-- The public catalogue, mirrored from the site's markdown (src/content) by slug so that
-- courses, fees, applications and enrolments can reference it. Markdown stays the source
-- of truth for the copy; these rows carry the structure and bilingual names.
--
--   schools → departments → programmes (filières) → specialties → levels L1..M2
--   professional school → formations (CQP, DQP, AQP; internship months)
--   extension school    → programmes (certificate, diploma, MBA)
--
-- Anyone, signed in or not, reads the catalogue; only admins change it.

-- A slug is the id the site uses in its URLs: lower-case kebab-case.
create domain public.slug as text
  check (value ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(value) <= 120);

create table public.schools (
  id uuid primary key default gen_random_uuid(),
  slug public.slug not null unique,
  kind text not null check (kind in ('university', 'professional', 'extension')),
  name_fr text not null,
  name_en text not null,
  summary_fr text not null default '',
  summary_en text not null default '',
  position smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.schools is 'The schools of the group (open university, professional school, extension school).';

create table public.departments (
  id uuid primary key default gen_random_uuid(),
  school_id uuid not null references public.schools (id) on delete restrict,
  slug public.slug not null unique,
  name_fr text not null,
  name_en text not null,
  summary_fr text not null default '',
  summary_en text not null default '',
  position smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index departments_school_id_idx on public.departments (school_id);

create table public.programmes (
  id uuid primary key default gen_random_uuid(),
  department_id uuid not null references public.departments (id) on delete restrict,
  slug public.slug not null unique,
  name_fr text not null,
  name_en text not null,
  degree text not null check (degree in ('licence', 'master', 'licence-master')),
  summary_fr text not null default '',
  summary_en text not null default '',
  position smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.programmes is 'Filières: a field of study in a department, leading to a licence and/or a master.';
create index programmes_department_id_idx on public.programmes (department_id);

create table public.specialties (
  id uuid primary key default gen_random_uuid(),
  programme_id uuid not null references public.programmes (id) on delete restrict,
  slug public.slug not null unique,
  name_fr text not null,
  name_en text not null,
  summary_fr text not null default '',
  summary_en text not null default '',
  position smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index specialties_programme_id_idx on public.specialties (programme_id);

-- The LMD levels (sub-levels in the site's URLs): a fixed list, keyed by its code.
create table public.levels (
  code text primary key check (code in ('L1', 'L2', 'L3', 'M1', 'M2')),
  cycle text not null check (cycle in ('licence', 'master')),
  name_fr text not null,
  name_en text not null,
  position smallint not null unique
);

-- Which levels a specialty opens (a master specialty opens M1 and M2 only).
create table public.specialty_levels (
  specialty_id uuid not null references public.specialties (id) on delete cascade,
  level_code text not null references public.levels (code) on delete restrict,
  primary key (specialty_id, level_code)
);
create index specialty_levels_level_code_idx on public.specialty_levels (level_code);

create table public.professional_formations (
  id uuid primary key default gen_random_uuid(),
  school_id uuid not null references public.schools (id) on delete restrict,
  slug public.slug not null unique,
  -- The three national qualifications awarded under the ministry.
  certificate text not null check (certificate in ('CQP', 'DQP', 'AQP')),
  name_fr text not null,
  name_en text not null,
  summary_fr text not null default '',
  summary_en text not null default '',
  duration_months smallint not null check (duration_months between 1 and 60),
  -- Mandatory internship (SPEC §9: 3 months).
  internship_months smallint not null default 3 check (internship_months between 0 and 24),
  position smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.professional_formations is 'Professional-school formations leading to a CQP, DQP or AQP under the national ministry.';
create index professional_formations_school_id_idx on public.professional_formations (school_id);

create table public.extension_programmes (
  id uuid primary key default gen_random_uuid(),
  school_id uuid not null references public.schools (id) on delete restrict,
  slug public.slug not null unique,
  credential text not null check (credential in ('certificate', 'diploma', 'mba')),
  -- Certificates are pre-recorded videos; diplomas and MBAs are virtual classes.
  delivery text not null check (delivery in ('recorded', 'virtual_class')),
  name_fr text not null,
  name_en text not null,
  summary_fr text not null default '',
  summary_en text not null default '',
  duration_months smallint not null check (duration_months between 1 and 60),
  position smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.extension_programmes is 'Extension-school certificates, diplomas and MBAs.';
create index extension_programmes_school_id_idx on public.extension_programmes (school_id);

create trigger schools_touch before update on public.schools for each row execute function private.touch_updated_at();
create trigger departments_touch before update on public.departments for each row execute function private.touch_updated_at();
create trigger programmes_touch before update on public.programmes for each row execute function private.touch_updated_at();
create trigger specialties_touch before update on public.specialties for each row execute function private.touch_updated_at();
create trigger professional_formations_touch before update on public.professional_formations for each row execute function private.touch_updated_at();
create trigger extension_programmes_touch before update on public.extension_programmes for each row execute function private.touch_updated_at();

-- RLS: one read policy for everyone, one write policy per command for admins.
do $$
declare
  t text;
begin
  foreach t in array array['schools', 'departments', 'programmes', 'specialties', 'levels',
                           'specialty_levels', 'professional_formations', 'extension_programmes']
  loop
    execute format('alter table public.%I enable row level security', t);
    execute format('create policy "%s: the public catalogue, readable by all" on public.%I for select to anon, authenticated using (true)', t, t);
    execute format('create policy "%s: admins add" on public.%I for insert to authenticated with check ((select private.is_admin()))', t, t);
    execute format('create policy "%s: admins edit" on public.%I for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()))', t, t);
    execute format('create policy "%s: admins remove" on public.%I for delete to authenticated using ((select private.is_admin()))', t, t);
    execute format('revoke all on public.%I from anon', t);
    execute format('grant select on public.%I to anon', t);
    execute format('revoke truncate, references, trigger on public.%I from authenticated', t);
  end loop;
end
$$;
