-- Late-payment reminders (issue 14 item 6): the worker calls queue_payment_reminders at
-- each tick. A student with something left to pay on an instalment is told, in their
-- language, once `days_before` days before its due date (default 3) and once when it is
-- late (after the schedule's grace days). Each reminder is sent once per instalment and
-- kind (private.payment_reminders), so concurrent or repeated ticks never duplicate it.
-- In-app notifications (type 'payment'); the student's preferences page already lists them.
create table private.payment_reminders (
  student_fee_id uuid not null references public.student_fees (id) on delete cascade,
  instalment_id uuid not null references public.fee_instalments (id) on delete cascade,
  kind text not null check (kind in ('soon', 'late')),
  sent_at timestamptz not null default now(),
  primary key (student_fee_id, instalment_id, kind)
);
create index payment_reminders_instalment_id_idx on private.payment_reminders (instalment_id);
alter table private.payment_reminders enable row level security;
revoke all on private.payment_reminders from public, anon, authenticated;

create function public.queue_payment_reminders(days_before integer default 3) returns integer
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  today date := (now() at time zone 'Africa/Douala')::date;
  sent integer;
begin
  with due as (
    select d.student_fee_id, d.instalment_id, d.student_id, d.label_fr, d.label_en, d.remaining_xaf, d.due_on,
      case when d.state = 'late' then 'late' else 'soon' end as kind
    from public.student_dues d
    where d.instalment_id is not null and d.remaining_xaf > 0
      and (d.state = 'late' or d.due_on between today and today + days_before)
  ), fresh as (
    insert into private.payment_reminders (student_fee_id, instalment_id, kind)
    select student_fee_id, instalment_id, kind from due
    on conflict do nothing
    returning student_fee_id, instalment_id, kind
  ), written as (
    insert into public.student_notifications (user_id, type, priority, title, message, data, action_url, action_label)
    select d.student_id, 'payment', case when d.kind = 'late' then 'high' else 'normal' end,
      case when p.preferred_locale = 'en'
        then case when d.kind = 'late' then 'Late payment: ' else 'Payment due soon: ' end || d.label_en
        else case when d.kind = 'late' then 'Paiement en retard : ' else 'Échéance proche : ' end || d.label_fr end,
      case when p.preferred_locale = 'en'
        then to_char(d.remaining_xaf, 'FM999,999,999') || ' FCFA left to pay, due ' || to_char(d.due_on, 'DD/MM/YYYY') || '. Pay by mobile money or bank slip on My payments.'
        else to_char(d.remaining_xaf, 'FM999G999G999') || ' FCFA restent à payer, échéance le ' || to_char(d.due_on, 'DD/MM/YYYY') || '. Payez par mobile money ou bordereau dans Mes paiements.' end,
      jsonb_build_object('kind', 'payment_' || d.kind, 'instalment_id', d.instalment_id, 'remaining_xaf', d.remaining_xaf, 'due_on', d.due_on),
      '/dashboard/student/payments',
      case when p.preferred_locale = 'en' then 'My payments' else 'Mes paiements' end
    from fresh f
    join due d on d.student_fee_id = f.student_fee_id and d.instalment_id = f.instalment_id and d.kind = f.kind
    join public.profiles p on p.id = d.student_id
    returning 1
  )
  select count(*) into sent from written;
  return sent;
end;
$$;
revoke all on function public.queue_payment_reminders(integer) from public, anon, authenticated;
grant execute on function public.queue_payment_reminders(integer) to service_role;
