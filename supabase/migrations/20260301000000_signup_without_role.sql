-- Who gets a role: open sign-up no longer makes a student. A new account has a profile and
-- a contact row and no role: it can apply (public.applications), see its profile and its
-- notifications, and waits until an administrator or the admissions process gives it a
-- role (public.user_roles, admins only). Until now the sign-up trigger made everyone a
-- student, so anybody who signed up read what students read.
create or replace function private.handle_new_user() returns trigger
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
  return new;
end;
$$;

comment on function private.handle_new_user() is
  'Sign-up: a profile and a contact row for every new auth user, and no role (admins and admissions grant roles).';

revoke all on function private.handle_new_user() from public;
