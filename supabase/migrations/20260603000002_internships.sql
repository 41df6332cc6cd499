-- Professional-school internships (issue 11, admin/professional-school; SPEC §9: each
-- formation ends with a 3-month internship): a registered trainee's placement — host
-- organisation, supervisor, dates, the report's reception and the mark out of 20. Admins
-- write; the trainee reads its own. A mark needs a completed internship and its report.
create table public.internships (
  id uuid primary key default gen_random_uuid(),
  -- The trainee's registration in a formation for a year (its cohort).
  registration_id uuid not null references public.student_registrations (id) on delete cascade,
  student_id uuid not null references public.profiles (id) on delete cascade,
  host_organisation text not null check (char_length(host_organisation) between 1 and 200 and btrim(host_organisation) <> ''),
  supervisor_name text not null check (char_length(supervisor_name) between 1 and 200 and btrim(supervisor_name) <> ''),
  supervisor_contact text check (supervisor_contact is null or char_length(supervisor_contact) <= 200),
  starts_on date not null,
  ends_on date not null,
  status text not null default 'planned' check (status in ('planned', 'ongoing', 'completed', 'cancelled')),
  report_received_on date,
  mark numeric(4, 2) check (mark is null or mark between 0 and 20),
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  check (ends_on > starts_on),
  check (mark is null or (status = 'completed' and report_received_on is not null)),
  unique (registration_id, starts_on)
);
comment on table public.internships is 'A professional-school trainee''s internship: host, supervisor, dates, report and mark /20.';
create index internships_student_id_idx on public.internships (student_id);
create index internships_created_by_idx on public.internships (created_by);
create trigger internships_stamp before insert or update on public.internships
  for each row execute function private.stamp_row('created_by');

-- The registration is the trainee's, in a professional formation.
create function private.check_internship_registration() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.student_registrations r
    where r.id = new.registration_id and r.student_id = new.student_id and r.professional_formation_id is not null
  ) then
    raise exception 'an internship belongs to a trainee''s registration in a professional formation' using errcode = '22023';
  end if;
  return new;
end;
$$;
create trigger internships_registration before insert or update of registration_id, student_id on public.internships
  for each row execute function private.check_internship_registration();
revoke all on function private.check_internship_registration() from public;

alter table public.internships enable row level security;
create policy "internships: the trainee and admins read" on public.internships for select to authenticated
  using (student_id = (select auth.uid()) or (select private.is_admin()));
create policy "internships: admins add" on public.internships for insert to authenticated
  with check ((select private.is_admin()));
create policy "internships: admins edit" on public.internships for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "internships: admins remove" on public.internships for delete to authenticated
  using ((select private.is_admin()));
revoke all on public.internships from anon;
revoke truncate, references, trigger on public.internships from authenticated;
