-- One grace period, not two (noticed after issue 19's fair penalties): an instalment already
-- past due when the student registered falls due at the registration day plus the grace days
-- (student_dues.due_on, what the student is told to pay by, « à payer au plus tard le … »),
-- but it became late only once past that date plus the grace days again, so a late
-- registrant had twice the tolerance of everyone else and the date the student was given
-- was not the one that counted.
--
-- The grace now runs once, from the day the instalment applies to the student: the
-- schedule's date, or the registration day when that is later. A back-dated instalment is
-- late the day after its moved due_on; any other instalment, as before, once past its date
-- plus the grace days. Only the state changes: bill_late_penalties (which bills the 'late'
-- lines), the reminders and the bursar's lists follow it.

create or replace view public.student_dues with (security_invoker = true) as
with lines as (
  select sf.id as student_fee_id, sf.student_id, fs.id as fee_schedule_id, fs.academic_year_id,
    0 as position, null::uuid as instalment_id, 'Frais d''inscription' as label_fr, 'Registration fee' as label_en,
    fs.registration_fee_xaf as amount_xaf, null::date as scheduled_due_on, 0::bigint as later_xaf, sf.discount_xaf,
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
), registered as (
  select l.*,
    (select (min(r.registered_at) at time zone 'Africa/Douala')::date from public.student_registrations r
     where r.student_id = l.student_id and r.academic_year_id = l.academic_year_id) as registered_on
  from lines l
), dated as (
  select r.*,
    case when r.scheduled_due_on < r.registered_on then r.registered_on + r.late_grace_days
         else r.scheduled_due_on end as due_on
  from registered r
), penalised as (
  select l.*, fp.id as penalty_id, coalesce(fp.amount_xaf, 0) as penalty_xaf,
    coalesce(w.amount_xaf, 0) as penalty_waived_xaf, w.reason as penalty_waiver_reason
  from dated l
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
       when due_on is not null and greatest(scheduled_due_on, registered_on) + late_grace_days < (now() at time zone 'Africa/Douala')::date then 'late'
       when paid_xaf > 0 then 'partial'
       else 'due' end as state,
  penalty_id, penalty_xaf, penalty_waived_xaf, penalty_waiver_reason,
  scheduled_due_on, registered_on
from owed;
comment on view public.student_dues is 'Per bill line (registration fee, instalments): owed after discount and penalty, paid, remaining, paid/partial/due/late. due_on is the date the student is told to pay by: the schedule''s (scheduled_due_on), or, for an instalment already past due when the student registered (registered_on), the registration day plus the schedule''s grace days. A line is late once past the later of scheduled_due_on and registered_on plus the grace days: one grace period, whichever date applies. RLS of the underlying tables applies.';
