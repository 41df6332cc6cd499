-- Registrations per academic year with the matricule kept (issue 13 item 4): a student's
-- number was unique over all registrations, so a continuing student could not be
-- registered for a new year under the matricule it already holds. Now a number is unique
-- per year, and belongs to one student only (checked under a lock on the number, so two
-- registrations written at once cannot give one number to two people). A student still has
-- at most one registration per year (unique (student_id, academic_year_id)).

alter table public.student_registrations drop constraint student_registrations_student_number_key;
alter table public.student_registrations
  add constraint student_registrations_number_per_year unique (student_number, academic_year_id);

create function private.keep_student_number_owner() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('student_number:' || new.student_number));
  if exists (select 1 from public.student_registrations r
             where r.student_number = new.student_number and r.student_id <> new.student_id and r.id <> new.id) then
    raise exception 'the matricule % belongs to another student', new.student_number using errcode = '23505';
  end if;
  return new;
end;
$$;
revoke all on function private.keep_student_number_owner() from public;
create trigger student_registrations_number_owner before insert or update of student_number, student_id
  on public.student_registrations for each row execute function private.keep_student_number_owner();
