-- Late-payment reminders by every channel the student chose (issue 14 item 6): the in-app
-- notice when in-app is on (the default), and an e-mail and/or SMS copy queued in the
-- outbox when the student turned those on for 'payment' (notification_preferences), to
-- their account e-mail / profile phone. public.payment_reminder_messages answers the copies
-- it queued, so only the worker that queued them sends them (as for course-start notices:
-- worker/payments.ts sends them through the message sender and records the results).
-- Each reminder is still decided once per instalment and kind (private.payment_reminders).

create function public.payment_reminder_messages(days_before integer default 3) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  today date := (now() at time zone 'Africa/Douala')::date;
  answer jsonb;
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
  ), words as (
    select d.student_id, d.kind, d.instalment_id, d.remaining_xaf, d.due_on,
      case when p.preferred_locale = 'en'
        then case when d.kind = 'late' then 'Late payment: ' else 'Payment due soon: ' end || d.label_en
        else case when d.kind = 'late' then 'Paiement en retard : ' else 'Échéance proche : ' end || d.label_fr end as title,
      case when p.preferred_locale = 'en'
        then to_char(d.remaining_xaf, 'FM999,999,999') || ' FCFA left to pay, due ' || to_char(d.due_on, 'DD/MM/YYYY') || '. Pay by mobile money or bank slip on My payments.'
        else to_char(d.remaining_xaf, 'FM999G999G999') || ' FCFA restent à payer, échéance le ' || to_char(d.due_on, 'DD/MM/YYYY') || '. Payez par mobile money ou bordereau dans Mes paiements.' end as message,
      case when p.preferred_locale = 'en' then 'en' else 'fr' end as locale,
      case when private.wants_notification(d.student_id, 'payment', 'email') then u.email end as email,
      case when private.wants_notification(d.student_id, 'payment', 'sms') then pc.phone end as phone,
      private.wants_notification(d.student_id, 'payment', 'in_app') as in_app
    from fresh f
    join due d on d.student_fee_id = f.student_fee_id and d.instalment_id = f.instalment_id and d.kind = f.kind
    join public.profiles p on p.id = d.student_id
    left join auth.users u on u.id = d.student_id
    left join public.profile_contacts pc on pc.user_id = d.student_id
  ), notes as (
    insert into public.student_notifications (user_id, type, priority, title, message, data, action_url, action_label)
    select w.student_id, 'payment', case when w.kind = 'late' then 'high' else 'normal' end, w.title, w.message,
      jsonb_build_object('kind', 'payment_' || w.kind, 'instalment_id', w.instalment_id, 'remaining_xaf', w.remaining_xaf, 'due_on', w.due_on),
      '/dashboard/student/payments', case when w.locale = 'en' then 'My payments' else 'Mes paiements' end
    from words w where w.in_app
    returning 1
  ), copies as (
    insert into public.outbox_messages (channel, recipient, user_id, kind, subject, body)
    select c.channel, c.recipient, w.student_id, 'payment',
      case when c.channel = 'email' then w.title end,
      case when c.channel = 'email' then w.message else left(w.title || '. ' || w.message, 600) end
    from words w
    cross join lateral (values ('email', w.email), ('sms', w.phone)) as c (channel, recipient)
    where c.recipient is not null and char_length(c.recipient) >= 3
    returning id, channel, recipient, subject, body
  )
  select jsonb_build_object(
    'created', (select count(*) from notes),
    'queued', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'channel', c.channel, 'recipient', c.recipient,
                                                            'subject', c.subject, 'body', c.body)) from copies c), '[]'::jsonb))
  into answer;
  return answer;
end;
$$;
revoke all on function public.payment_reminder_messages(integer) from public, anon, authenticated;
grant execute on function public.payment_reminder_messages(integer) to service_role;

-- The former entry point, kept for callers that only count the in-app notices (the copies
-- it queues stay in the outbox as 'queued' for an operator to see).
create or replace function public.queue_payment_reminders(days_before integer default 3) returns integer
  language sql security definer set search_path = ''
as $$ select (public.payment_reminder_messages(days_before) ->> 'created')::integer; $$;
