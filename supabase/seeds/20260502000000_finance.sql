-- Demo data for fees and payments (issue 14). seed.sql already bills every registered
-- student and pays the registration fee and first instalment (the demo student also has an
-- Orange Money payment of the 2nd instalment pending). Here:
-- * every schedule gets a late penalty of 5 000 XAF after 7 days' grace (configurable);
-- * (seed.sql dates every programme's 2nd instalment early enough to be past due, beyond
--   the grace, so the demo student has one late instalment, with its pending payment, and
--   the bursar sees late balances; the public fee tables show one date for all levels);
-- * the demo student declared a bank slip for the 3rd instalment, waiting for the bursar;
--   its PDF is supabase/seeds/files/bank-slips/<student>/afriland-2026-118734.pdf, which the
--   local stack (or `npm run seed:files` on a hosted project) uploads to that path.
do $seed$
declare
  demo_student constant uuid := '00000000-0000-4000-a000-000000000001';
  bill record;
begin
  update public.fee_schedules set late_penalty_xaf = 5000, late_grace_days = 7;

  select sf.id as student_fee_id, sf.fee_schedule_id into bill
  from public.student_fees sf where sf.student_id = demo_student order by sf.created_at desc limit 1;
  if bill is null then
    return;
  end if;
  insert into public.payments (student_id, student_fee_id, instalment_id, amount_xaf, method, status, reference, slip_path, created_at)
  select demo_student, bill.student_fee_id, fi.id, fi.amount_xaf, 'bank_transfer', 'pending', 'AFRILAND-2026-118734',
    demo_student || '/afriland-2026-118734.pdf', now() - interval '1 day'
  from public.fee_instalments fi where fi.fee_schedule_id = bill.fee_schedule_id and fi.position = 3;
end;
$seed$;
