-- Requiring MFA of every admin is switched on only from an aal2 session (issue 20 item 3).
-- Since is_admin() asks aal2 of every admin while the setting is on, an admin without a
-- factor who switched it on was no longer an admin the next second: the setting could not
-- be switched off again, and every aal1 admin lost the admin area at once. Now the admin
-- who requires it has proven a second factor first; switching it off already needs aal2
-- (is_admin() while it is on).
drop policy "security_settings: admins change" on public.security_settings;
create policy "security_settings: admins change" on public.security_settings for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()) and (not require_admin_mfa or ((select auth.jwt()) ->> 'aal') = 'aal2'));
