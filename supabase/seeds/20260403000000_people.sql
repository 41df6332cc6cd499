-- Demo data for people administration (issue 10): the security settings row (MFA for
-- admins not required, so the demo admin can work at once) and a short history in the
-- audit log, as if the demo admin had set up the demo accounts last month.
insert into public.security_settings (id, require_admin_mfa) values (true, false)
on conflict (id) do nothing;

do $seed$
declare
  demo_student constant uuid := '00000000-0000-4000-a000-000000000001';
  demo_teacher constant uuid := '00000000-0000-4000-a000-000000000002';
  demo_admin constant uuid := '00000000-0000-4000-a000-000000000003';
begin
  insert into public.audit_log (actor_id, action, target_type, target_id, details, created_at) values
    (demo_admin, 'account.created', 'user', demo_teacher::text, '{"email": true, "phone": false, "roles": ["teacher"]}', now() - interval '30 days'),
    (demo_admin, 'role.granted', 'user', demo_teacher::text, '{"role": "teacher"}', now() - interval '30 days' + interval '1 second'),
    (demo_admin, 'students.imported', 'import', null, '{"rows": 52, "created": 51, "rejected": 1}', now() - interval '28 days'),
    (demo_admin, 'account.password_reset_sent', 'user', demo_student::text, '{}', now() - interval '12 days'),
    (demo_admin, 'security.settings_changed', 'security_settings', null, '{"require_admin_mfa": false}', now() - interval '7 days');
end;
$seed$;
