-- An admin (the bursar) waives a late penalty, or part of it, with a reason (issue 14).
-- One waiver per penalty (a second is refused), never more than the penalty, never what the
-- student already paid of it: a waiver lowers what is owed, it never creates a credit. What
-- the student owes follows at once: student_dues takes the waiver off its line (and shows
-- it), student_balances off the bill. Written only through public.waive_late_penalty
-- (audited, atomic); the student reads its own waivers.

create table public.fee_penalty_waivers (
  id uuid primary key default gen_random_uuid(),
  penalty_id uuid not null unique references public.fee_penalties (id) on delete cascade,
  student_id uuid not null references public.profiles (id) on delete cascade,
  amount_xaf integer not null check (amount_xaf > 0),
  reason text not null check (char_length(reason) between 3 and 500),
  waived_by uuid references public.profiles (id) on delete set null,
  waived_at timestamptz not null default now()
);
comment on table public.fee_penalty_waivers is 'Late penalties waived (in whole or part, once per penalty) by the bursar, with the reason; written by waive_late_penalty.';
create index fee_penalty_waivers_student_id_idx on public.fee_penalty_waivers (student_id);
create index fee_penalty_waivers_waived_by_idx on public.fee_penalty_waivers (waived_by);
alter table public.fee_penalty_waivers enable row level security;
create policy "fee_penalty_waivers: the student and admins read" on public.fee_penalty_waivers for select to authenticated
  using (student_id = (select auth.uid()) or (select private.is_admin()));
revoke all on public.fee_penalty_waivers from anon, authenticated;
grant select on public.fee_penalty_waivers to authenticated;
grant all on public.fee_penalty_waivers to service_role;

-- Whatever writes a waiver (even the service role): its penalty's student, at most the penalty.
create function private.check_penalty_waiver() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  penalty public.fee_penalties;
begin
  select * into penalty from public.fee_penalties fp where fp.id = new.penalty_id;
  if new.student_id <> penalty.student_id then
    raise exception 'the waiver must name the penalty''s student' using errcode = '23514';
  end if;
  if new.amount_xaf > penalty.amount_xaf then
    raise exception 'cannot waive more than the penalty (% XAF)', penalty.amount_xaf using errcode = '23514';
  end if;
  return new;
end;
$$;
create trigger fee_penalty_waivers_check before insert or update on public.fee_penalty_waivers
  for each row execute function private.check_penalty_waiver();

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
  select fp.student_id, sum(fp.amount_xaf - coalesce(w.amount_xaf, 0)) as penalty_xaf
  from public.fee_penalties fp left join public.fee_penalty_waivers w on w.penalty_id = fp.id
  group by fp.student_id
) f on f.student_id = s.student_id
left join (
  select student_id, sum(amount_xaf) as paid_xaf from public.payments
  where status = 'succeeded' and purpose = 'tuition' and student_id is not null group by student_id
) p on p.student_id = s.student_id;

-- The same lines as before; the penalty now counts net of its waiver, and four columns say
-- what was billed and waived (the student's page shows the waiver and its reason).
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
), penalised as (
  select l.*, fp.id as penalty_id, coalesce(fp.amount_xaf, 0) as penalty_xaf,
    coalesce(w.amount_xaf, 0) as penalty_waived_xaf, w.reason as penalty_waiver_reason
  from lines l
  left join public.fee_penalties fp on fp.student_fee_id = l.student_fee_id and fp.instalment_id = l.instalment_id
  left join public.fee_penalty_waivers w on w.penalty_id = fp.id
), owed as (
  select l.*,
    case when l.instalment_id is null then l.amount_xaf
         else greatest(0, l.amount_xaf - greatest(0, l.discount_xaf - l.later_xaf))
              + l.penalty_xaf - l.penalty_waived_xaf end as owed_xaf,
    coalesce((select sum(p.amount_xaf) from public.payments p
              where p.student_id = l.student_id and p.student_fee_id = l.student_fee_id and p.status = 'succeeded'
                and p.instalment_id is not distinct from l.instalment_id), 0)::bigint as paid_xaf,
    exists (select 1 from public.payments p where p.student_id = l.student_id and p.student_fee_id = l.student_fee_id
              and p.status in ('created', 'pending') and p.instalment_id is not distinct from l.instalment_id) as has_pending
  from penalised l
)
select student_fee_id, student_id, fee_schedule_id, academic_year_id, instalment_id, position, instalment_count,
  label_fr, label_en, owed_xaf::integer as amount_xaf, due_on, paid_xaf, greatest(owed_xaf - paid_xaf, 0)::bigint as remaining_xaf,
  has_pending, late_penalty_xaf,
  case when paid_xaf >= owed_xaf then 'paid'
       when due_on is not null and due_on + late_grace_days < (now() at time zone 'Africa/Douala')::date then 'late'
       when paid_xaf > 0 then 'partial'
       else 'due' end as state,
  penalty_id, penalty_xaf, penalty_waived_xaf, penalty_waiver_reason
from owed;

-- The bursar's list: every penalty billed, who owes it, what was waived, what is still waivable
-- (the penalty less its waiver, and never more than the line still owes: the rest is paid).
create view public.fee_penalty_lines with (security_invoker = true) as
select d.penalty_id, d.student_id, pr.full_name as student_name,
  (select r.student_number from public.student_registrations r
   where r.student_id = d.student_id and r.student_number is not null order by r.registered_at desc limit 1) as matricule,
  d.label_fr, d.label_en, d.due_on, d.penalty_xaf, d.penalty_waived_xaf, d.penalty_waiver_reason, d.remaining_xaf,
  case when d.penalty_waived_xaf > 0 then 0 else least(d.penalty_xaf, d.remaining_xaf) end::integer as waivable_xaf,
  fp.billed_at
from public.student_dues d
join public.fee_penalties fp on fp.id = d.penalty_id
left join public.profiles pr on pr.id = d.student_id;
comment on view public.fee_penalty_lines is 'Late penalties with their student, waiver and what may still be waived (admin/finance).';
revoke all on public.fee_penalty_lines from anon;
grant select on public.fee_penalty_lines to authenticated;

create function public.waive_late_penalty(penalty uuid, amount_xaf integer, reason text) returns public.fee_penalty_waivers
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  billed public.fee_penalties;
  line_remaining bigint;
  waivable bigint;
  row public.fee_penalty_waivers;
begin
  if not private.is_admin() then raise exception 'only the bursar waives penalties' using errcode = '42501'; end if;
  if reason is null or char_length(trim(reason)) < 3 or char_length(trim(reason)) > 500 then
    raise exception 'give the reason for the waiver (3 to 500 characters)' using errcode = '23514';
  end if;
  if amount_xaf is null or amount_xaf <= 0 then
    raise exception 'the amount waived must be a positive number of francs' using errcode = '23514';
  end if;
  -- The penalty locked: two bursars at once waive it once.
  select * into billed from public.fee_penalties fp where fp.id = penalty for update;
  if not found then raise exception 'no such penalty' using errcode = 'P0002'; end if;
  if exists (select 1 from public.fee_penalty_waivers w where w.penalty_id = penalty) then
    raise exception 'this penalty was already waived' using errcode = '23505';
  end if;
  if amount_xaf > billed.amount_xaf then
    raise exception 'cannot waive more than the penalty (% XAF)', billed.amount_xaf using errcode = '23514';
  end if;
  select d.remaining_xaf into line_remaining from public.student_dues d
  where d.student_fee_id = billed.student_fee_id and d.instalment_id = billed.instalment_id;
  waivable := least(billed.amount_xaf, coalesce(line_remaining, 0));
  if waivable <= 0 then
    raise exception 'this penalty is already paid' using errcode = '23514';
  end if;
  if amount_xaf > waivable then
    raise exception 'part of this penalty is already paid: at most % XAF may be waived', waivable using errcode = '23514';
  end if;
  insert into public.fee_penalty_waivers (penalty_id, student_id, amount_xaf, reason, waived_by)
  values (penalty, billed.student_id, amount_xaf, trim(reason), (select auth.uid()))
  returning * into row;
  insert into public.audit_log (actor_id, action, target_type, target_id, details)
  values ((select auth.uid()), 'fee_penalty.waived', 'fee_penalty', penalty::text,
    jsonb_build_object('student_id', billed.student_id, 'instalment_id', billed.instalment_id,
      'penalty_xaf', billed.amount_xaf, 'amount_xaf', amount_xaf, 'reason', trim(reason)));
  return row;
end;
$$;
revoke all on function public.waive_late_penalty(uuid, integer, text) from public, anon;
grant execute on function public.waive_late_penalty(uuid, integer, text) to authenticated;
