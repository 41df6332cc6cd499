-- People administration (issue 10, items 8 and 9): the audit log every administrative
-- change is written to, the platform's security settings, the guard that keeps an admin
-- from removing their own admin role, and the read models of the people pages (students
-- with their balance, teachers with their workload, a teacher's students with attendance
-- and average).
--
-- Accounts themselves live in auth.users and are changed only through the admin-users
-- function (supabase/functions/admin-users), which holds the secret key, checks that the
-- caller is an admin (at aal2 when MFA is required) and writes here.

-- ---------------------------------------------------------------------------------
-- The audit log.
--
-- One row per administrative change: who (actor_id, from auth.uid(); null for the
-- service role or the database owner), what (action, a dotted verb such as
-- 'role.granted', 'account.disabled', 'students.imported'), on what (target_type, e.g.
-- 'user', 'security_settings', 'payment'; target_id, the row's id as text) and the
-- particulars (details, a small JSON object: never a secret, a password or a full phone
-- number).
--
-- How to write to it (other features: finance, marks, announcements…):
--   select public.record_audit('payment.approved', 'payment', <id>::text, jsonb_build_object(…));
-- from supabase-js: supabase.rpc('record_audit', { action, target_type, target_id, details }).
-- It is callable by a signed-in admin (the row is stamped with their id), by the
-- service role and the database owner (actor null), or from a security-definer trigger. Clients are granted no
-- insert, update or delete: the log is append-only and only this function and triggers
-- write it. Admins read it (RLS).
create table public.audit_log (
  id uuid primary key default gen_random_uuid(),
  actor_id uuid references public.profiles (id) on delete set null,
  action text not null check (action ~ '^[a-z][a-z_]{0,40}(\.[a-z][a-z_]{0,40}){1,3}$'),
  target_type text not null check (target_type ~ '^[a-z][a-z_]{0,40}$'),
  target_id text check (char_length(target_id) <= 200),
  details jsonb not null default '{}'::jsonb
    check (jsonb_typeof(details) = 'object' and pg_column_size(details) <= 16000),
  created_at timestamptz not null default now()
);
comment on table public.audit_log is
  'Append-only log of administrative changes (who, what, on what, when). Written only by public.record_audit() and security-definer triggers; admins read it.';
comment on column public.audit_log.action is 'A dotted verb: role.granted, role.removed, account.created, account.invited, account.disabled, account.enabled, account.password_reset_sent, account.mfa_reset, students.imported, security.settings_changed, …';
comment on column public.audit_log.actor_id is 'The admin who acted (auth.uid()); null when the service role or the database owner wrote the row.';
create index audit_log_created_at_idx on public.audit_log (created_at desc, id);
create index audit_log_actor_id_idx on public.audit_log (actor_id);
create index audit_log_target_idx on public.audit_log (target_type, target_id);

alter table public.audit_log enable row level security;
create policy "audit_log: admins read" on public.audit_log for select to authenticated
  using ((select private.is_admin()));
revoke all on public.audit_log from anon;
revoke insert, update, delete, truncate, references, trigger on public.audit_log from authenticated;
revoke update, delete, truncate on public.audit_log from service_role;

-- The one writer. security definer: it inserts although callers have no insert grant.
create function public.record_audit(action text, target_type text, target_id text default null, details jsonb default '{}'::jsonb)
  returns uuid
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  written uuid;
  -- The service role, and the database owner outside any API request (migrations, seed,
  -- repairs: no JWT, so no role), write as the system; through the API, admins only.
  is_service boolean := coalesce((select auth.role()), 'service_role') = 'service_role';
begin
  if not is_service and not private.is_admin() then
    raise exception 'only administrators write to the audit log' using errcode = '42501';
  end if;
  insert into public.audit_log (actor_id, action, target_type, target_id, details)
  values (case when is_service then null else (select auth.uid()) end, action, target_type, target_id, coalesce(details, '{}'::jsonb))
  returning id into written;
  return written;
end;
$$;
comment on function public.record_audit(text, text, text, jsonb) is
  'Writes one audit_log row stamped with the caller (auth.uid()). Admins and the service role only. Use it for every administrative change.';
revoke all on function public.record_audit(text, text, text, jsonb) from public, anon;
grant execute on function public.record_audit(text, text, text, jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- Roles: granting and removing are audited by trigger (whoever wrote the row through the
-- Data API), and nobody removes their own admin role: the last admin could otherwise lock
-- everyone out, and a stolen session could not be used to hide by demoting itself.
create function private.keep_own_admin_role() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  if old.role = 'admin' and old.user_id = (select auth.uid())
     and (tg_op = 'DELETE' or new.role <> 'admin' or new.user_id <> old.user_id) then
    raise exception 'an administrator cannot remove their own admin role' using errcode = '42501';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
create trigger user_roles_keep_own_admin before update or delete on public.user_roles
  for each row execute function private.keep_own_admin_role();

create function private.audit_user_roles() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  -- Only changes made through the API (an admin or the service role); the seed and the
  -- sign-up trigger (run by the auth service, no JWT) are not administrative acts.
  if (select auth.uid()) is null and coalesce((select auth.role()), '') <> 'service_role' then
    return null;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into public.audit_log (actor_id, action, target_type, target_id, details)
    values ((select auth.uid()), 'role.granted', 'user', new.user_id::text, jsonb_build_object('role', new.role));
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    insert into public.audit_log (actor_id, action, target_type, target_id, details)
    values ((select auth.uid()), 'role.removed', 'user', old.user_id::text, jsonb_build_object('role', old.role));
  end if;
  return null;
end;
$$;
create trigger user_roles_audit after insert or update or delete on public.user_roles
  for each row execute function private.audit_user_roles();
revoke all on function private.keep_own_admin_role(), private.audit_user_roles() from public;

-- ---------------------------------------------------------------------------------
-- Security settings: one row. require_admin_mfa makes the admin-users function (and the
-- admin pages' banner) demand a verified second factor (aal2) from every admin, not only
-- from those who enrolled one (private.is_admin() asks aal2 of those already).
create table public.security_settings (
  id boolean primary key default true check (id),
  require_admin_mfa boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid references public.profiles (id) on delete set null
);
comment on table public.security_settings is 'Platform-wide security settings (a single row). Admins read and change it; every change is audited.';
create index security_settings_updated_by_idx on public.security_settings (updated_by);
insert into public.security_settings (id) values (true);

alter table public.security_settings enable row level security;
create policy "security_settings: admins read" on public.security_settings for select to authenticated
  using ((select private.is_admin()));
create policy "security_settings: admins change" on public.security_settings for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
revoke all on public.security_settings from anon;
revoke insert, delete, truncate, references, trigger on public.security_settings from authenticated;
revoke update on public.security_settings from authenticated;
grant update (require_admin_mfa) on public.security_settings to authenticated;

create function private.stamp_security_settings() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  if new.require_admin_mfa is distinct from old.require_admin_mfa then
    insert into public.audit_log (actor_id, action, target_type, target_id, details)
    values ((select auth.uid()), 'security.settings_changed', 'security_settings', null,
      jsonb_build_object('require_admin_mfa', new.require_admin_mfa));
  end if;
  return new;
end;
$$;
create trigger security_settings_stamp before update on public.security_settings
  for each row execute function private.stamp_security_settings();
revoke all on function private.stamp_security_settings() from public;

-- ---------------------------------------------------------------------------------
-- Balances: what each student was billed (fee schedules less discounts) and has paid
-- (succeeded payments), in XAF. security_invoker: a student sees their own, admins all.
create view public.student_balances with (security_invoker = true) as
select s.student_id,
  coalesce(b.billed_xaf, 0)::bigint as billed_xaf,
  coalesce(p.paid_xaf, 0)::bigint as paid_xaf,
  (coalesce(b.billed_xaf, 0) - coalesce(p.paid_xaf, 0))::bigint as balance_xaf
from (
  select student_id from public.student_fees
  union
  select student_id from public.payments
) s
left join (
  select sf.student_id, sum(greatest(fs.registration_fee_xaf + fs.tuition_xaf - sf.discount_xaf, 0)) as billed_xaf
  from public.student_fees sf join public.fee_schedules fs on fs.id = sf.fee_schedule_id
  group by sf.student_id
) b on b.student_id = s.student_id
left join (
  select student_id, sum(amount_xaf) as paid_xaf from public.payments where status = 'succeeded' group by student_id
) p on p.student_id = s.student_id;
comment on view public.student_balances is 'Per student: billed, paid and remaining balance in XAF (positive: owes). RLS of the underlying tables applies.';
revoke all on public.student_balances from anon;
grant select on public.student_balances to authenticated;

-- The admin students page: each registration with its person, programme (or formation,
-- or extension programme), school, level, status and balance. Filtered and paged on the
-- server (PostgREST) by school, programme, level, status and academic year.
create view public.admin_students with (security_invoker = true) as
select r.id as registration_id,
  r.student_id,
  pr.full_name,
  r.student_number,
  r.status,
  r.level_code,
  ay.label as academic_year,
  ay.is_current,
  coalesce(pg.slug, pf.slug, xp.slug)::text as programme_slug,
  coalesce(pg.name_fr, pf.name_fr, xp.name_fr) as programme_name_fr,
  coalesce(pg.name_en, pf.name_en, xp.name_en) as programme_name_en,
  sc.slug::text as school_slug,
  sc.name_fr as school_name_fr,
  sc.name_en as school_name_en,
  coalesce(sb.balance_xaf, 0)::bigint as balance_xaf,
  r.registered_at
from public.student_registrations r
join public.profiles pr on pr.id = r.student_id
join public.academic_years ay on ay.id = r.academic_year_id
left join public.programmes pg on pg.id = r.programme_id
left join public.departments d on d.id = pg.department_id
left join public.professional_formations pf on pf.id = r.professional_formation_id
left join public.extension_programmes xp on xp.id = r.extension_programme_id
left join public.schools sc on sc.id = coalesce(d.school_id, pf.school_id, xp.school_id)
left join public.student_balances sb on sb.student_id = r.student_id;
comment on view public.admin_students is 'Registrations with person, programme, school, level, status and balance, for the admin students page.';
revoke all on public.admin_students from anon;
grant select on public.admin_students to authenticated;

-- The admin teachers page: each teacher, the courses they teach and this week's hours
-- (the week of Africa/Douala, Monday to Sunday, from the timetable).
create view public.admin_teachers with (security_invoker = true) as
select ur.user_id as teacher_id,
  pr.full_name,
  pr.avatar_url,
  pr.preferred_locale,
  pc.phone,
  coalesce((
    select jsonb_agg(jsonb_build_object('id', c.id, 'code', c.code, 'title', c.title) order by c.code)
    from public.courses c where c.teacher_id = ur.user_id
  ), '[]'::jsonb) as courses,
  coalesce((
    select round(sum(extract(epoch from (e.end_time - e.start_time))) / 3600.0, 2)
    from public.schedule_events e join public.courses c on c.id = e.course_id
    where c.teacher_id = ur.user_id
      and e.start_time >= (date_trunc('week', now() at time zone 'Africa/Douala') at time zone 'Africa/Douala')
      and e.start_time < (date_trunc('week', now() at time zone 'Africa/Douala') at time zone 'Africa/Douala') + interval '7 days'
  ), 0)::numeric as weekly_hours
from public.user_roles ur
join public.profiles pr on pr.id = ur.user_id
left join public.profile_contacts pc on pc.user_id = ur.user_id
where ur.role = 'teacher';
comment on view public.admin_teachers is 'Teachers with their courses and this week''s teaching hours (Africa/Douala week), for the admin teachers page.';
revoke all on public.admin_teachers from anon;
grant select on public.admin_teachers to authenticated;

-- A teacher's students: the students actively enrolled in the courses the signed-in user
-- teaches, with their attendance rate (present or late over the sessions recorded, excused
-- absences left out) and their average (marks weighted by the evaluations' coefficients),
-- both over that course.
create view public.my_students with (security_invoker = true) as
select e.course_id,
  c.code as course_code,
  c.title as course_title,
  e.user_id as student_id,
  pr.full_name,
  att.sessions_recorded,
  att.attendance_rate,
  av.average,
  av.marks_count
from public.course_enrollments e
join public.courses c on c.id = e.course_id and c.teacher_id = (select auth.uid())
join public.profiles pr on pr.id = e.user_id
cross join lateral (
  select count(*)::int as sessions_recorded,
    round(count(*) filter (where a.status in ('present', 'late'))::numeric
      / nullif(count(*) filter (where a.status <> 'excused'), 0), 4) as attendance_rate
  from public.attendance a join public.schedule_events se on se.id = a.schedule_event_id
  where se.course_id = e.course_id and a.student_id = e.user_id
) att
cross join lateral (
  select round(sum(g.score * ev.coefficient) / nullif(sum(ev.coefficient), 0), 2) as average,
    count(g.id)::int as marks_count
  from public.grades g join public.evaluations ev on ev.id = g.evaluation_id
  where ev.course_id = e.course_id and g.student_id = e.user_id
) av
where e.status = 'active';
comment on view public.my_students is 'The signed-in teacher''s actively enrolled students per course, with attendance rate (0..1) and weighted average /20.';
revoke all on public.my_students from anon;
grant select on public.my_students to authenticated;

-- ---------------------------------------------------------------------------------
-- Registering an imported student (CSV import, after the function created the account):
-- the student role and a registration for the current academic year, in one statement.
-- security invoker: RLS lets admins only. A missing matricule is issued as
-- <yy><school code><number>, after the highest one of that prefix.
create function private.school_code(school_kind text) returns text
  language sql immutable set search_path = ''
as $$ select case school_kind when 'university' then 'UO' when 'professional' then 'EP' else 'EE' end; $$;

create function public.register_imported_student(student uuid, programme_slug text, level text, matricule text default null)
  returns text
  language plpgsql security invoker set search_path = ''
as $$
declare
  year_id uuid;
  year_label text;
  programme uuid;
  kind text;
  prefix text;
  number text := nullif(trim(matricule), '');
begin
  if not private.is_admin() then
    raise exception 'only administrators register students' using errcode = '42501';
  end if;
  select id, label into year_id, year_label from public.academic_years where is_current;
  if year_id is null then
    raise exception 'no current academic year' using errcode = 'P0002';
  end if;
  select p.id, s.kind into programme, kind
  from public.programmes p join public.departments d on d.id = p.department_id join public.schools s on s.id = d.school_id
  where p.slug = programme_slug;
  if programme is null then
    raise exception 'unknown programme %', programme_slug using errcode = 'P0002';
  end if;
  if number is null then
    prefix := substr(year_label, 3, 2) || private.school_code(kind);
    select prefix || lpad((coalesce(max(substr(r.student_number, 5)::int), 0) + 1)::text, 4, '0') into number
    from public.student_registrations r where r.student_number ~ ('^' || prefix || '[0-9]{4,6}$');
  end if;
  insert into public.user_roles (user_id, role) values (student, 'student') on conflict do nothing;
  insert into public.student_registrations (student_id, academic_year_id, student_number, programme_id, level_code)
  values (student, year_id, upper(number), programme, level);
  return upper(number);
end;
$$;
comment on function public.register_imported_student(uuid, text, text, text) is
  'Admins: gives an account the student role and registers it in a programme and level for the current academic year; returns the matricule (issued when not given).';
revoke all on function public.register_imported_student(uuid, text, text, text) from public, anon;
grant execute on function public.register_imported_student(uuid, text, text, text) to authenticated;
revoke all on function private.school_code(text) from public;
grant execute on function private.school_code(text) to authenticated;
