-- Demo data for the profile and notifications (issue 10): the demo student's notification
-- preferences (course start by SMS too, announcements by e-mail), a few more notifications
-- of several types, the demo teacher's meeting settings, and an outbox with a few messages
-- (what the worker and other server code sent; recipients are the demo accounts' own).
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

  insert into public.student_notifications (user_id, type, title, message, priority, action_url, action_label, is_read, created_at)
  values
    (demo_student, 'assignment_due', 'Devoir à rendre bientôt', 'Le TP de programmation web est à rendre dans 2 jours.',
     'normal', '/dashboard/student/assignments', 'Voir mes devoirs', false, now() - interval '5 hours'),
    (demo_student, 'message', 'Nouveau message', 'Jean-Paul Mbarga vous a répondu au sujet du projet tutoré.',
     'normal', '/dashboard/student/messages', 'Lire le message', true, now() - interval '2 days'),
    (demo_student, 'announcement', 'Fermeture administrative', 'Les services administratifs seront fermés le 20 mai (Fête nationale).',
     'low', null, null, true, now() - interval '6 days'),
    (demo_student, 'application', 'Dossier complet', 'Votre dossier d''inscription est complet.',
     'normal', null, null, true, now() - interval '40 days');

  insert into public.teacher_settings (user_id, default_meeting_platform, personal_meeting_url)
  values (demo_teacher, 'zoom', 'https://zoom.us/j/9123456789')
  on conflict (user_id) do nothing;

  insert into public.outbox_messages (channel, recipient, user_id, kind, subject, body, status, provider, created_at, sent_at)
  values
    ('sms', '+237690000001', demo_student, 'course_starting', null,
     'Algorithmique commence dans 15 minutes. https://zoom.us/j/9123456789', 'logged', 'outbox', now() - interval '1 day', null),
    ('email', 'etudiant@demo.univ.cm', demo_student, 'announcement', 'Fermeture administrative',
     'Les services administratifs seront fermés le 20 mai (Fête nationale).', 'logged', 'outbox', now() - interval '6 days', null),
    ('sms', '+237690000001', demo_student, 'payment', null,
     'Paiement reçu : 150 000 FCFA (2e tranche). Merci.', 'sent', 'orange', now() - interval '3 days', now() - interval '3 days'),
    ('email', 'enseignant@demo.univ.cm', demo_teacher, 'message', 'Nouveau message',
     'Awa Ngono vous a écrit au sujet du projet tutoré.', 'failed', 'outbox', now() - interval '2 days', null);
  update public.outbox_messages set provider_id = 'demo-req-0001' where provider = 'orange' and provider_id is null;
  update public.outbox_messages set error = 'demo: mailbox unavailable' where status = 'failed' and error is null;
end
$seed$;
