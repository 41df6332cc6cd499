-- Demo data for the profile and notifications (issue 10): the demo student's notification
-- preferences (course start by SMS too, announcements by e-mail, messages by e-mail only),
-- a few more notifications of several types, the demo teacher's meeting settings, and an
-- outbox with a few messages (what the worker and other server code sent; recipients are
-- the demo accounts' own). Every text agrees with its data (dates, amounts, times):
-- tests/integration/seed-coherence.test.ts checks them.
-- French dates in words for the texts below (never an ISO date in a sentence), and the
-- next fixed public holiday of Cameroon after a day.
create or replace function pg_temp.demo_date_fr(d date) returns text language sql immutable as $$
  select (array['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'])[extract(dow from d)::int + 1]
    || ' ' || case when extract(day from d) = 1 then '1er' else extract(day from d)::int::text end || ' '
    || (array['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre',
              'novembre', 'décembre'])[extract(month from d)::int] || ' ' || extract(year from d)::int;
$$;
create or replace function pg_temp.demo_next_holiday(after date) returns table (day date, name text) language sql stable as $$
  select make_date(extract(year from after)::int + y, h.month, h.day_of_month), h.name
  from (values (1, 1, 'Jour de l''an'), (2, 11, 'Fête de la jeunesse'), (5, 1, 'Fête du travail'), (5, 20, 'Fête nationale'),
               (8, 15, 'Assomption'), (12, 25, 'Noël')) as h (month, day_of_month, name)
  cross join (values (0), (1)) as years (y)
  where make_date(extract(year from after)::int + y, h.month, h.day_of_month) > after
  order by 1 limit 1;
$$;

do $seed$
declare
  demo_student constant uuid := '00000000-0000-4000-a000-000000000001';
  demo_teacher constant uuid := '00000000-0000-4000-a000-000000000002';
begin
  insert into public.notification_preferences (user_id, type, in_app, email, sms) values
    (demo_student, 'course_starting', true, false, true),
    (demo_student, 'announcement', true, true, false),
    (demo_student, 'message', false, true, false)
  on conflict (user_id, type) do nothing;

  -- Notifications whose words agree with the rows they speak of: the assignment's due date,
  -- the next public holiday after the announcement, the re-registration's date.
  -- The assignment reminder as assignment_due_messages writes it (text_key and values, so it
  -- reads in the page's language), and its record, so the worker does not remind her twice.
  insert into public.student_notifications (user_id, type, title, message, priority, data, action_url, action_label, is_read, created_at, text_key, text_params)
  select demo_student, 'assignment_due', 'Devoir à rendre : ' || c.title,
    a.title || ' est à rendre le ' || to_char(a.due_at at time zone 'Africa/Douala', 'DD/MM/YYYY "à" HH24:MI') || ' (heure de Douala).',
    'normal', jsonb_build_object('kind', 'assignment_due', 'assignment_id', a.id, 'due_at', a.due_at),
    '/dashboard/student/assignments', 'Voir mes devoirs', false, now() - interval '5 hours',
    'assignmentDue', jsonb_build_object('course', c.title, 'assignment', a.title, 'due_at', a.due_at)
  from public.assignments a join public.courses c on c.id = a.course_id
  where c.code = 'INF-L2-103' and a.title = 'Devoir maison n° 1';
  insert into private.assignment_reminders (assignment_id, student_id, sent_at)
  select a.id, demo_student, now() - interval '5 hours'
  from public.assignments a join public.courses c on c.id = a.course_id
  where c.code = 'INF-L2-103' and a.title = 'Devoir maison n° 1';
  insert into public.student_notifications (user_id, type, title, message, priority, data, action_url, action_label, is_read, created_at)
  select demo_student, 'announcement', 'Fermeture administrative',
    'Les services administratifs seront fermés le ' || pg_temp.demo_date_fr(h.day) || ' (' || h.name || ').',
    'low', jsonb_build_object('kind', 'closure', 'closed_on', h.day), null, null, true, now() - interval '6 days'
  from pg_temp.demo_next_holiday((now() - interval '6 days')::date) h;
  insert into public.student_notifications (user_id, type, title, message, priority, data, action_url, action_label, is_read, created_at)
  select demo_student, 'application', 'Dossier complet', 'Votre dossier de réinscription est complet.',
    'normal', jsonb_build_object('kind', 'registration', 'registration_id', r.id), null, null, true, r.registered_at + interval '11 hours'
  from public.student_registrations r join public.academic_years y on y.id = r.academic_year_id and y.is_current
  where r.student_id = demo_student;

  insert into public.teacher_settings (user_id, default_meeting_platform, personal_meeting_url)
  values (demo_teacher, 'zoom', 'https://zoom.us/j/9123456789')
  on conflict (user_id) do nothing;

  -- What the platform sent, as it words it: the course-start SMS of the last INF-L2-101
  -- session (src/i18n notifications.courseStarting, the meeting URL of src/lib/meetings.ts)
  -- a quarter of an hour before it began; the closure announcement by e-mail (the demo
  -- student's preference); the receipt of the 1st instalment by SMS when it was paid. (The
  -- e-mails about new messages follow the messages, in 20260402000000_messages_community.sql.)
  insert into public.outbox_messages (channel, recipient, user_id, kind, schedule_event_id, subject, body, status, provider, created_at, sent_at)
  select 'sms', '+237690000001', demo_student, 'course_starting', e.id, null,
    c.title || ' commence dans 15 minutes. https://zoom.us/j/' || replace(coalesce(e.zoom_meeting_id, c.zoom_meeting_id), ' ', '')
      || coalesce('?pwd=' || coalesce(e.zoom_passcode, c.zoom_passcode), ''),
    'logged', 'outbox', e.start_time - interval '15 minutes', null
  from public.schedule_events e join public.courses c on c.id = e.course_id
  where c.code = 'INF-L2-101' and e.is_online and e.start_time < now()
  order by e.start_time desc limit 1;
  insert into public.outbox_messages (channel, recipient, user_id, kind, subject, body, status, provider, created_at, sent_at)
  select 'email', 'etudiant@demo.univ.cm', demo_student, 'announcement', n.title, n.message, 'logged', 'outbox', n.created_at, null
  from public.student_notifications n where n.user_id = demo_student and n.data ->> 'kind' = 'closure';
  insert into public.outbox_messages (channel, recipient, user_id, kind, subject, body, status, provider, created_at, sent_at)
  select 'sms', '+237690000001', demo_student, 'payment', null,
    'Paiement reçu : ' || replace(to_char(p.amount_xaf, 'FM999,999,999'), ',', ' ') || ' FCFA (' || fi.label_fr || '). Merci.',
    'sent', 'orange', p.paid_at, p.paid_at
  from public.payments p join public.fee_instalments fi on fi.id = p.instalment_id
  where p.student_id = demo_student and p.status = 'succeeded'
  order by p.paid_at desc limit 1;
  update public.outbox_messages set provider_id = 'demo-req-0001' where provider = 'orange' and provider_id is null;
end
$seed$;
