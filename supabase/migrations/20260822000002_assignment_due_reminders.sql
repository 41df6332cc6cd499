-- Assignment reminders: the notification preferences have offered « Devoirs à rendre »
-- (assignment_due) since the notification centre, but nothing sent one. Each worker tick now
-- asks assignment_due_messages(hours_before): every student actively enrolled in the course
-- of an assignment that is open and falls due within the next hours_before hours (24 by
-- default, ASSIGNMENTS_REMIND_HOURS_BEFORE), who has handed nothing in yet, gets one
-- reminder: in the notification centre when they want it there (the default), and an e-mail
-- or SMS copy when they chose those channels, as the payment reminders do.
--
-- Once per student and assignment (private.assignment_reminders, whose primary key makes a
-- second worker's insert a no-op). A deadline moved later does not remind again: the
-- student was told once, and the assignments page shows the new date.

create table private.assignment_reminders (
  assignment_id uuid not null references public.assignments (id) on delete cascade,
  student_id uuid not null references public.profiles (id) on delete cascade,
  sent_at timestamptz not null default now(),
  primary key (assignment_id, student_id)
);
create index assignment_reminders_student_id_idx on private.assignment_reminders (student_id);
alter table private.assignment_reminders enable row level security;
revoke all on private.assignment_reminders from public, anon, authenticated;
comment on table private.assignment_reminders is 'Which students were reminded of which assignment''s deadline (once each; assignment_due_messages).';

create or replace function public.assignment_due_messages(hours_before integer default 24) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_variable
declare
  answer jsonb;
begin
  if hours_before is null or hours_before < 1 or hours_before > 168 then
    raise exception 'hours_before must be between 1 and 168' using errcode = '22023';
  end if;
  with due as (
    select a.id as assignment_id, a.title as assignment_title, a.due_at, c.title as course_title, e.user_id as student_id
    from public.assignments a
    join public.courses c on c.id = a.course_id
    join public.course_enrollments e on e.course_id = a.course_id and e.status = 'active'
    where a.due_at > now() and a.due_at <= now() + make_interval(hours => hours_before)
      and (a.opens_at is null or a.opens_at <= now())
      and not exists (select 1 from public.assignment_submissions s where s.assignment_id = a.id and s.student_id = e.user_id)
  ), fresh as (
    insert into private.assignment_reminders (assignment_id, student_id)
    select assignment_id, student_id from due
    on conflict do nothing
    returning assignment_id, student_id
  ), words as (
    select d.student_id, d.assignment_id, d.due_at, d.assignment_title, d.course_title,
      case when p.preferred_locale = 'en' then 'Assignment due: ' else 'Devoir à rendre : ' end || d.course_title as title,
      case when p.preferred_locale = 'en'
        then d.assignment_title || ' is due on ' || to_char(d.due_at at time zone 'Africa/Douala', 'DD/MM/YYYY "at" HH24:MI') || ' (Douala time).'
        else d.assignment_title || ' est à rendre le ' || to_char(d.due_at at time zone 'Africa/Douala', 'DD/MM/YYYY "à" HH24:MI') || ' (heure de Douala).' end as message,
      case when p.preferred_locale = 'en' then 'en' else 'fr' end as locale,
      case when private.wants_notification(d.student_id, 'assignment_due', 'email') then u.email end as email,
      case when private.wants_notification(d.student_id, 'assignment_due', 'sms') then pc.phone end as phone,
      private.wants_notification(d.student_id, 'assignment_due', 'in_app') as in_app
    from fresh f
    join due d on d.assignment_id = f.assignment_id and d.student_id = f.student_id
    join public.profiles p on p.id = d.student_id
    left join auth.users u on u.id = d.student_id
    left join public.profile_contacts pc on pc.user_id = d.student_id
  ), notes as (
    insert into public.student_notifications (user_id, type, priority, title, message, data, action_url, action_label,
                                              text_key, text_params)
    select w.student_id, 'assignment_due', 'normal', w.title, w.message,
      jsonb_build_object('kind', 'assignment_due', 'assignment_id', w.assignment_id, 'due_at', w.due_at),
      '/dashboard/student/assignments', case when w.locale = 'en' then 'My assignments' else 'Voir mes devoirs' end,
      'assignmentDue', jsonb_build_object('course', w.course_title, 'assignment', w.assignment_title, 'due_at', w.due_at)
    from words w where w.in_app
    returning 1
  ), copies as (
    insert into public.outbox_messages (channel, recipient, user_id, kind, subject, body)
    select c.channel, c.recipient, w.student_id, 'assignment_due',
      case when c.channel = 'email' then w.title end,
      case when c.channel = 'email' then w.message else left(w.title || '. ' || w.message, 600) end
    from words w
    cross join lateral (values ('email', w.email), ('sms', w.phone)) as c (channel, recipient)
    where c.recipient is not null and char_length(c.recipient) >= 3
    returning id, channel, recipient, subject, body
  )
  select jsonb_build_object(
    'reminded', (select count(*) from fresh),
    'created', (select count(*) from notes),
    'queued', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'channel', c.channel, 'recipient', c.recipient,
                                                            'subject', c.subject, 'body', c.body)) from copies c), '[]'::jsonb))
  into answer;
  return answer;
end;
$$;
revoke all on function public.assignment_due_messages(integer) from public, anon, authenticated;
grant execute on function public.assignment_due_messages(integer) to service_role;
comment on function public.assignment_due_messages(integer) is 'Worker only: reminds each active student of an open assignment due within hours_before hours and not handed in, once (private.assignment_reminders); in-app and the e-mail/SMS copies the student chose. Answers {reminded, created, queued: [outbox rows to send]}.';
