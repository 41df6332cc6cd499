-- Registrations (inscriptions): a student admitted to a programme, formation or extension
-- programme for an academic year, with its student number (matricule). Course enrolments
-- follow from it; the bursar bills against it.

create table public.student_registrations (
  id uuid primary key default gen_random_uuid(),
  student_id uuid not null references public.profiles (id) on delete cascade,
  academic_year_id uuid not null references public.academic_years (id) on delete restrict,
  -- Matricule, e.g. 26UO0042: year, school code, number.
  student_number text not null unique check (student_number ~ '^[0-9]{2}[A-Z]{2}[0-9]{4,6}$'),
  programme_id uuid references public.programmes (id) on delete restrict,
  specialty_id uuid references public.specialties (id) on delete restrict,
  level_code text references public.levels (code) on delete restrict,
  professional_formation_id uuid references public.professional_formations (id) on delete restrict,
  extension_programme_id uuid references public.extension_programmes (id) on delete restrict,
  -- The application this registration came from, if any.
  application_id uuid references public.applications (id) on delete set null,
  status text not null default 'active' check (status in ('active', 'suspended', 'graduated', 'withdrawn')),
  registered_at timestamptz not null default now(),
  unique (student_id, academic_year_id),
  check (num_nonnulls(programme_id, professional_formation_id, extension_programme_id) = 1),
  check (level_code is null or programme_id is not null),
  check (specialty_id is null or programme_id is not null)
);
comment on table public.student_registrations is 'A student''s inscription for an academic year in a programme (and level), formation or extension programme.';
create index student_registrations_academic_year_id_idx on public.student_registrations (academic_year_id);
create index student_registrations_programme_id_idx on public.student_registrations (programme_id);
create index student_registrations_specialty_id_idx on public.student_registrations (specialty_id);
create index student_registrations_level_code_idx on public.student_registrations (level_code);
create index student_registrations_professional_formation_id_idx on public.student_registrations (professional_formation_id);
create index student_registrations_extension_programme_id_idx on public.student_registrations (extension_programme_id);
create index student_registrations_application_id_idx on public.student_registrations (application_id);

alter table public.student_registrations enable row level security;

create policy "student_registrations: the student and admins read" on public.student_registrations for select to authenticated
  using (student_id = (select auth.uid()) or (select private.is_admin()));
create policy "student_registrations: admins register" on public.student_registrations for insert to authenticated
  with check ((select private.is_admin()));
create policy "student_registrations: admins update" on public.student_registrations for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "student_registrations: admins remove" on public.student_registrations for delete to authenticated
  using ((select private.is_admin()));

revoke all on public.student_registrations from anon;
revoke truncate, references, trigger on public.student_registrations from authenticated;
