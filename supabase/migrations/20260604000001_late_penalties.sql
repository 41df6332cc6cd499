-- Late penalties billed by the schedule's rule (issue 14, DOMAIN §3: "late payment may carry
-- a penalty, configurable per fee schedule"). An instalment still unpaid after its due date
-- plus the schedule's late_grace_days is billed late_penalty_xaf once: public.bill_late_penalties,
-- called by the worker at each tick (service role), writes one fee_penalties row per bill and
-- instalment (unique, so repeated or concurrent ticks bill once) and audits it. The penalty
-- is owed with its instalment (student_dues adds it to the line, student_balances to the
-- bill), so paying the late instalment pays it. Students read their own penalties; nobody
-- writes them through the API.

create table public.fee_penalties (
  id uuid primary key default gen_random_uuid(),
  student_fee_id uuid not null references public.student_fees (id) on delete cascade,
  instalment_id uuid not null references public.fee_instalments (id) on delete cascade,
  student_id uuid not null references public.profiles (id) on delete cascade,
  amount_xaf integer not null check (amount_xaf > 0),
  billed_at timestamptz not null default now(),
  unique (student_fee_id, instalment_id)
);
comment on table public.fee_penalties is 'Late penalties billed (once per bill and instalment) by bill_late_penalties.';
create index fee_penalties_instalment_id_idx on public.fee_penalties (instalment_id);
create index fee_penalties_student_id_idx on public.fee_penalties (student_id);
alter table public.fee_penalties enable row level security;
create policy "fee_penalties: the student and admins read" on public.fee_penalties for select to authenticated
  using (student_id = (select auth.uid()) or (select private.is_admin()));
revoke all on public.fee_penalties from anon, authenticated;
grant select on public.fee_penalties to authenticated;
grant all on public.fee_penalties to service_role;

create or replace view public.student_balances with (security_invoker = true) as
select s.student_id,
  (coalesce(b.billed_xaf, 0) + coalesce(f.penalty_xaf, 0))::bigint as billed_xaf,
  coalesce(p.paid_xaf, 0)::bigint as paid_xaf,
  (coalesce(b.billed_xaf, 0) + coalesce(f.penalty_xaf, 0) - coalesce(p.paid_xaf, 0))::bigint as balance_xaf
from (
  select student_id from public.student_fees
  union
  select student_id from public.payments where student_id is not null
) s
left join (
  select sf.student_id, sum(greatest(fs.registration_fee_xaf + fs.tuition_xaf - sf.discount_xaf, 0)) as billed_xaf
  from public.student_fees sf join public.fee_schedules fs on fs.id = sf.fee_schedule_id
  group by sf.student_id
) b on b.student_id = s.student_id
left join (
  select fp.student_id, sum(fp.amount_xaf) as penalty_xaf from public.fee_penalties fp group by fp.student_id
) f on f.student_id = s.student_id
left join (
  select student_id, sum(amount_xaf) as paid_xaf from public.payments
  where status = 'succeeded' and purpose = 'tuition' and student_id is not null group by student_id
) p on p.student_id = s.student_id;

create or replace view public.student_dues with (security_invoker = true) as
with lines as (
  select sf.id as student_fee_id, sf.student_id, fs.id as fee_schedule_id, fs.academic_year_id,
    0 as position, null::uuid as instalment_id, 'Frais d''inscription' as label_fr, 'Registration fee' as label_en,
    fs.registration_fee_xaf as amount_xaf, null::date as due_on, 0::bigint as later_xaf, sf.discount_xaf,
    fs.late_penalty_xaf, fs.late_grace_days,
    (select count(*) from public.fee_instalments c where c.fee_schedule_id = fs.id) as instalment_count
  from public.student_fees sf join public.fee_schedules fs on fs.id = sf.fee_schedule_id
  where fs.registration_fee_xaf > 0
  union all
  select sf.id, sf.student_id, fs.id, fs.academic_year_id, fi.position, fi.id, fi.label_fr, fi.label_en,
    fi.amount_xaf, fi.due_on,
    coalesce(sum(fi.amount_xaf) over (partition by sf.id order by fi.position desc rows between unbounded preceding and 1 preceding), 0),
    sf.discount_xaf, fs.late_penalty_xaf, fs.late_grace_days,
    count(*) over (partition by sf.id)
  from public.student_fees sf
  join public.fee_schedules fs on fs.id = sf.fee_schedule_id
  join public.fee_instalments fi on fi.fee_schedule_id = fs.id
), owed as (
  select l.*,
    case when l.instalment_id is null then l.amount_xaf
         else greatest(0, l.amount_xaf - greatest(0, l.discount_xaf - l.later_xaf))
              + coalesce((select fp.amount_xaf from public.fee_penalties fp
                          where fp.student_fee_id = l.student_fee_id and fp.instalment_id = l.instalment_id), 0) end as owed_xaf,
    coalesce((select sum(p.amount_xaf) from public.payments p
              where p.student_id = l.student_id and p.student_fee_id = l.student_fee_id and p.status = 'succeeded'
                and p.instalment_id is not distinct from l.instalment_id), 0)::bigint as paid_xaf,
    exists (select 1 from public.payments p where p.student_id = l.student_id and p.student_fee_id = l.student_fee_id
              and p.status in ('created', 'pending') and p.instalment_id is not distinct from l.instalment_id) as has_pending
  from lines l
)
select student_fee_id, student_id, fee_schedule_id, academic_year_id, instalment_id, position, instalment_count,
  label_fr, label_en, owed_xaf::integer as amount_xaf, due_on, paid_xaf, greatest(owed_xaf - paid_xaf, 0)::bigint as remaining_xaf,
  has_pending, late_penalty_xaf,
  case when paid_xaf >= owed_xaf then 'paid'
       when due_on is not null and due_on + late_grace_days < (now() at time zone 'Africa/Douala')::date then 'late'
       when paid_xaf > 0 then 'partial'
       else 'due' end as state
from owed;

create function public.bill_late_penalties() returns integer
  language plpgsql security definer set search_path = ''
as $$
declare
  billed integer;
begin
  with late as (
    select d.student_fee_id, d.instalment_id, d.student_id, d.late_penalty_xaf
    from public.student_dues d
    where d.state = 'late' and d.instalment_id is not null and d.late_penalty_xaf > 0
  ), added as (
    insert into public.fee_penalties (student_fee_id, instalment_id, student_id, amount_xaf)
    select l.student_fee_id, l.instalment_id, l.student_id, l.late_penalty_xaf from late l
    on conflict (student_fee_id, instalment_id) do nothing
    returning id, student_id, instalment_id, amount_xaf
  ), logged as (
    insert into public.audit_log (actor_id, action, target_type, target_id, details)
    select null, 'fee_penalty.billed', 'fee_penalty', a.id::text,
      jsonb_build_object('student_id', a.student_id, 'instalment_id', a.instalment_id, 'amount_xaf', a.amount_xaf)
    from added a
    returning 1
  )
  select count(*) into billed from logged;
  return billed;
end;
$$;
revoke all on function public.bill_late_penalties() from public, anon, authenticated;
grant execute on function public.bill_late_penalties() to service_role;
