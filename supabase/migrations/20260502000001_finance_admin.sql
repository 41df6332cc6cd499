-- The bursar's read models (admin/finance, issue 14): payments with who paid and for
-- which school and programme, and the period's figures (collections by channel, school
-- and programme; outstanding and late balances; the queues). security_invoker: RLS of the
-- underlying tables applies (admins read everything, a student its own rows).

create view public.finance_payments with (security_invoker = true) as
select p.id, p.created_at, p.paid_at, p.status, p.method, p.provider, p.amount_xaf, p.reference, p.failure_reason,
  p.note, p.mismatch, p.slip_path, p.purpose, p.student_id, p.application_id, p.instalment_id,
  coalesce(pr.full_name, a.full_name) as payer_name,
  (select r.student_number from public.student_registrations r
   where r.student_id = p.student_id and r.student_number is not null
   order by r.registered_at desc limit 1) as matricule,
  sc.id as school_id, sc.name_fr as school_fr, sc.name_en as school_en,
  coalesce(pg.name_fr, pf.name_fr, xp.name_fr) as programme_fr,
  coalesce(pg.name_en, pf.name_en, xp.name_en) as programme_en,
  coalesce(fi.label_fr, case when p.purpose = 'application_fee' then 'Frais de candidature' else 'Frais d''inscription' end) as item_fr,
  coalesce(fi.label_en, case when p.purpose = 'application_fee' then 'Application fee' else 'Registration fee' end) as item_en,
  (select rc.number from public.receipts rc where rc.payment_id = p.id and rc.kind = 'payment') as receipt_number
from public.payments p
left join public.profiles pr on pr.id = p.student_id
left join public.applications a on a.id = p.application_id
left join public.student_fees sf on sf.id = p.student_fee_id
left join public.fee_schedules fs on fs.id = sf.fee_schedule_id
left join public.fee_instalments fi on fi.id = p.instalment_id
left join public.programmes pg on pg.id = fs.programme_id
left join public.departments d on d.id = pg.department_id
left join public.professional_formations pf on pf.id = fs.professional_formation_id
left join public.extension_programmes xp on xp.id = fs.extension_programme_id
left join public.schools sc on sc.id = coalesce(d.school_id, pf.school_id, xp.school_id);
comment on view public.finance_payments is 'Payments with payer, matricule, school, programme and item, for the bursar (RLS of payments applies).';
revoke all on public.finance_payments from anon;
grant select on public.finance_payments to authenticated, service_role;

-- The period's figures, Douala days from_day..to_day inclusive. Admins only.
create function public.finance_summary(from_day date, to_day date) returns jsonb
  language plpgsql stable security invoker set search_path = ''
as $$
#variable_conflict use_variable
declare
  starts timestamptz := (from_day::timestamp at time zone 'Africa/Douala');
  ends timestamptz := ((to_day + 1)::timestamp at time zone 'Africa/Douala');
  result jsonb;
begin
  if not private.is_admin() then
    raise exception 'only the bursar reads the finance figures' using errcode = '42501';
  end if;
  if to_day < from_day or to_day - from_day > 3660 then
    raise exception 'a period of at most ten years, ending after it starts' using errcode = '22023';
  end if;
  with collected as (
    select * from public.finance_payments f
    where f.status = 'succeeded' and f.paid_at >= starts and f.paid_at < ends
  )
  select jsonb_build_object(
    'total_xaf', (select coalesce(sum(amount_xaf), 0) from collected),
    'count', (select count(*) from collected),
    'by_channel', (select coalesce(jsonb_agg(jsonb_build_object('key', method, 'count', n, 'total_xaf', total) order by total desc), '[]')
                   from (select method, count(*) n, sum(amount_xaf) total from collected group by method) x),
    'by_school', (select coalesce(jsonb_agg(jsonb_build_object('key', coalesce(school_fr, '—'), 'key_en', coalesce(school_en, '—'), 'count', n, 'total_xaf', total) order by total desc), '[]')
                  from (select school_fr, school_en, count(*) n, sum(amount_xaf) total from collected group by school_fr, school_en) x),
    'by_programme', (select coalesce(jsonb_agg(jsonb_build_object('key', coalesce(programme_fr, '—'), 'key_en', coalesce(programme_en, '—'), 'count', n, 'total_xaf', total) order by total desc), '[]')
                     from (select programme_fr, programme_en, count(*) n, sum(amount_xaf) total from collected group by programme_fr, programme_en) x),
    'outstanding_xaf', (select coalesce(sum(remaining_xaf), 0) from public.student_dues),
    'late_xaf', (select coalesce(sum(remaining_xaf), 0) from public.student_dues where state = 'late'),
    'late_students', (select count(distinct student_id) from public.student_dues where state = 'late'),
    'slips_waiting', (select count(*) from public.payments where method = 'bank_transfer' and status = 'pending'),
    'queue', (select count(*) from public.payments
              where (status in ('created', 'pending') and provider is not null and created_at < now() - interval '10 minutes')
                 or mismatch is not null)
  ) into result;
  return result;
end;
$$;
revoke all on function public.finance_summary(date, date) from public, anon;
grant execute on function public.finance_summary(date, date) to authenticated;
