-- An archived programme or specialty (public.sync_catalogue, content removed) takes no new
-- students: a reviewer may no longer admit an applicant to it unless it is what the
-- application asked for (an application made before the archiving keeps its course). The
-- admission form no longer offers it either (src/dashboard/admissions/data.ts).
create or replace function private.refuse_archived_application_target() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  if ((tg_op = 'INSERT' or new.programme_id is distinct from old.programme_id)
        and exists (select 1 from public.programmes p where p.id = new.programme_id and p.archived_at is not null))
     or ((tg_op = 'INSERT' or new.specialty_id is distinct from old.specialty_id)
        and exists (select 1 from public.specialties s where s.id = new.specialty_id and s.archived_at is not null))
     or ((tg_op = 'INSERT' or new.professional_formation_id is distinct from old.professional_formation_id)
        and exists (select 1 from public.professional_formations f where f.id = new.professional_formation_id and f.archived_at is not null))
     or ((tg_op = 'INSERT' or new.extension_programme_id is distinct from old.extension_programme_id)
        and exists (select 1 from public.extension_programmes x where x.id = new.extension_programme_id and x.archived_at is not null))
     or ((tg_op = 'INSERT' or new.admitted_programme_id is distinct from old.admitted_programme_id)
        and new.admitted_programme_id is distinct from new.programme_id
        and exists (select 1 from public.programmes p where p.id = new.admitted_programme_id and p.archived_at is not null))
     or ((tg_op = 'INSERT' or new.admitted_specialty_id is distinct from old.admitted_specialty_id)
        and new.admitted_specialty_id is distinct from new.specialty_id
        and exists (select 1 from public.specialties s where s.id = new.admitted_specialty_id and s.archived_at is not null)) then
    raise exception 'this programme is no longer offered: choose another one' using errcode = '23514';
  end if;
  return new;
end;
$$;
revoke all on function private.refuse_archived_application_target() from public;

drop trigger applications_target_not_archived on public.applications;
create trigger applications_target_not_archived
  before insert or update of programme_id, specialty_id, professional_formation_id, extension_programme_id,
    admitted_programme_id, admitted_specialty_id on public.applications
  for each row execute function private.refuse_archived_application_target();
