-- Admin two-step verification enforced where the data is (issue 20 §3, security review M4).
--
-- With security_settings.require_admin_mfa on, only the admin-users edge function asked
-- every admin for aal2: through the Data API an admin without a factor still granted
-- roles, read the audit log and refunded payments, because is_admin() asked for aal2 only
-- of admins who had enrolled a factor. Now is_admin() also asks it of every admin while the
-- setting is on, so every policy and function that relies on it refuses an aal1 admin.
-- With the setting off (the default) nothing changes: an admin without a factor works at
-- aal1, an admin with one needs aal2. An aal1 admin can still enrol a factor (auth's own
-- API) and the dashboard's banner tells them to; it cannot switch the setting back off.
create or replace function private.is_admin() returns boolean
  language sql stable security definer set search_path = ''
as $$
  select private.has_role('admin')
    and (
      coalesce((select auth.jwt() ->> 'aal') = 'aal2', false)
      or (
        not coalesce((select s.require_admin_mfa from public.security_settings s where s.id), false)
        and not exists (
          select 1 from auth.mfa_factors f
          where f.user_id = (select auth.uid()) and f.status = 'verified'
        )
      )
    );
$$;
comment on function private.is_admin() is
  'True for an admin whose session is aal2, or who has no verified MFA factor while security_settings.require_admin_mfa is off.';

-- The admin pages' banner reads the setting to tell an aal1 admin to enrol a factor: every
-- holder of the admin role reads it (one boolean); changing it still takes is_admin().
drop policy "security_settings: admins read" on public.security_settings;
create policy "security_settings: admin role holders read" on public.security_settings
  for select to authenticated using ((select private.has_role('admin')));
