-- Demo data for messages and community (issue 10, items 6 and 7), after seed.sql:
-- * unread messages: the demo teacher has an unanswered question from the demo student, the
--   demo student a reply from a classmate and a message from the teacher about its project;
-- * the course conversation of INF-L2-101 (every active student and the teacher);
-- * an announcement from the demo admin to INF-L2-102, sent through send_announcement (so
--   it arrives as a message and a notification, exactly as the admin's form sends it);
-- * the INF-L2-101 board and the software-engineering programme board: posts, comments,
--   reactions, a pinned post, and a classmate's report for the teacher to handle.
-- French dates in words (as 20260401000000_profile_notifications.sql: each seed file runs
-- on its own, so each defines what it uses).
create or replace function pg_temp.demo_date_fr(d date) returns text language sql immutable as $$
  select (array['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'])[extract(dow from d)::int + 1]
    || ' ' || case when extract(day from d) = 1 then '1er' else extract(day from d)::int::text end || ' '
    || (array['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre',
              'novembre', 'décembre'])[extract(month from d)::int] || ' ' || extract(year from d)::int;
$$;

do $seed$
declare
  demo_student constant uuid := '00000000-0000-4000-a000-000000000001';
  demo_teacher constant uuid := '00000000-0000-4000-a000-000000000002';
  demo_admin constant uuid := '00000000-0000-4000-a000-000000000003';
  classmate constant uuid := '00000000-0000-4000-b000-000000000001';
  classmate2 constant uuid := '00000000-0000-4000-b000-000000000002';
  classmate3 constant uuid := '00000000-0000-4000-b000-000000000003';
  algo uuid := (select id from public.courses where code = 'INF-L2-101');
  databases uuid := (select id from public.courses where code = 'INF-L2-102');
  software uuid := (select id from public.programmes where slug = 'software-engineering');
  conv uuid;
  post uuid;
  comment uuid;
begin
  -- Unread for the teacher: a new question in the AVL conversation (seed.sql).
  select c.id into conv from public.conversations c where c.subject = 'Question sur les arbres AVL' and c.created_by = demo_student;
  insert into public.messages (conversation_id, sender_id, body, created_at) values
    (conv, demo_student, 'Encore une question : la hauteur d''un arbre AVL de 1 000 nœuds est-elle toujours inférieure à 15 ?', now() - interval '2 hours');
  update public.conversation_participants set last_read_at = now() - interval '2 hours'
  where conversation_id = conv and user_id = demo_student;

  -- Unread for the student: the teacher writes about the tutored project.
  insert into public.conversations (subject, created_by, created_at, kind)
  values ('Projet tutoré', demo_teacher, now() - interval '1 day', 'direct') returning id into conv;
  insert into public.conversation_participants (conversation_id, user_id, joined_at, last_read_at) values
    (conv, demo_teacher, now() - interval '1 day', now() - interval '3 hours'),
    (conv, demo_student, now() - interval '1 day', now() - interval '1 day');
  insert into public.messages (conversation_id, sender_id, body, created_at) values
    (conv, demo_teacher, 'Bonjour Awa, votre sujet de projet tutoré est validé : « Gestion des inscriptions en ligne ».', now() - interval '5 hours'),
    (conv, demo_teacher, 'Merci de m''envoyer un premier plan avant vendredi.', now() - interval '3 hours');

  -- Unread for the student: the revision group (seed.sql) goes on.
  select c.id into conv from public.conversations c where c.subject = 'Groupe de révision';
  update public.conversation_participants set last_read_at = now() - interval '2 days' where conversation_id = conv and user_id = demo_student;
  insert into public.messages (conversation_id, sender_id, body, created_at) values
    (conv, classmate, 'Rappel : révision samedi 10 h, j''apporte les annales de l''an dernier.', now() - interval '40 minutes');

  -- The course conversation of INF-L2-101.
  insert into public.conversations (subject, course_id, created_by, created_at, kind)
  select left(c.title, 200), c.id, c.teacher_id, now() - interval '10 days', 'course' from public.courses c where c.id = algo
  returning id into conv;
  insert into public.conversation_participants (conversation_id, user_id, joined_at, last_read_at)
  select conv, e.user_id, now() - interval '10 days', now() - interval '1 day'
  from public.course_enrollments e where e.course_id = algo and e.status = 'active'
  union
  select conv, demo_teacher, now() - interval '10 days', now();
  insert into public.messages (conversation_id, sender_id, body, created_at) values
    (conv, demo_teacher, 'Bienvenue dans la conversation du cours d''algorithmique. Posez ici vos questions d''organisation.', now() - interval '10 days'),
    (conv, classmate2, 'Le TP 2 est-il à rendre sur la plateforme ou par e-mail ?', now() - interval '2 days'),
    (conv, demo_teacher, 'Sur la plateforme, dans Devoirs. Pas d''e-mail, s''il vous plaît.', now() - interval '20 hours');

  -- An announcement to INF-L2-102, sent as the demo admin would.
  perform set_config('request.jwt.claim.sub', demo_admin::text, true);
  perform set_config('request.jwt.claims', jsonb_build_object('sub', demo_admin, 'role', 'authenticated', 'aal', 'aal1')::text, true);
  perform public.send_announcement('course', 'Devoir surveillé reporté',
    'Le devoir surveillé de bases de données est reporté à la semaine prochaine, même horaire. La salle virtuelle reste la même.',
    course_id => databases);
  perform set_config('request.jwt.claim.sub', '', true);
  perform set_config('request.jwt.claims', '', true);

  -- The INF-L2-101 board: the teacher's post (seed.sql) gets reactions and is pinned; a
  -- student's question with answers; a comment a classmate reported.
  select p.id into post from public.community_posts p where p.course_id = algo and p.author_id = demo_teacher;
  update public.community_posts set is_pinned = true where id = post;
  insert into public.community_reactions (post_id, user_id, kind, created_at) values
    (post, demo_student, 'like', now() - interval '2 days'),
    (post, classmate, 'like', now() - interval '2 days'),
    (post, classmate2, 'celebrate', now() - interval '2 days'),
    (post, classmate3, 'insight', now() - interval '1 day');

  insert into public.community_posts (author_id, course_id, title, body, created_at)
  values (classmate2, algo, 'Complexité du tri fusion',
          'Quelqu''un peut m''expliquer pourquoi le tri fusion est en O(n log n) même dans le pire cas ?', now() - interval '1 day')
  returning id into post;
  insert into public.community_comments (post_id, author_id, body, created_at) values
    (post, demo_student, 'Chaque niveau de récursion fait n comparaisons au plus, et il y a log n niveaux.', now() - interval '20 hours'),
    (post, demo_teacher, 'Exactement. Nous le démontrerons jeudi avec l''arbre de récursion.', now() - interval '18 hours');
  insert into public.community_comments (post_id, author_id, body, created_at)
  values (post, classmate3, 'Envoyez-moi vos TP, je les corrige contre 2 000 FCFA.', now() - interval '6 hours')
  returning id into comment;
  insert into public.community_reactions (post_id, user_id, kind, created_at) values
    (post, demo_student, 'insight', now() - interval '20 hours'),
    (post, classmate, 'like', now() - interval '19 hours');
  insert into public.community_reactions (comment_id, user_id, kind, created_at)
  select c.id, classmate2, 'love', now() - interval '17 hours' from public.community_comments c where c.post_id = post and c.author_id = demo_teacher;
  insert into public.community_reports (post_id, comment_id, reporter_id, reason, created_at)
  values (post, comment, classmate, 'Propose de faire les TP contre de l''argent.', now() - interval '5 hours');

  -- The software-engineering programme board.
  insert into public.community_posts (author_id, programme_id, title, body, created_at)
  values (classmate, software, 'Offres de stage de L2',
          'Une entreprise de Douala cherche deux stagiaires développeurs pour juillet. Qui est intéressé ?', now() - interval '3 days')
  returning id into post;
  insert into public.community_comments (post_id, author_id, body, created_at) values
    (post, demo_student, 'Moi ! Où faut-il envoyer le CV ?', now() - interval '2 days'),
    (post, classmate, 'À l''adresse indiquée sur l''annonce, je la poste ici ce soir.', now() - interval '2 days');
  insert into public.community_reactions (post_id, user_id, kind, created_at) values
    (post, demo_student, 'celebrate', now() - interval '2 days'),
    (post, classmate2, 'like', now() - interval '2 days');
  -- The semester's final exams, on the date the gradebook holds (seed.sql).
  insert into public.community_posts (author_id, programme_id, title, body, created_at, is_pinned)
  select demo_admin, software, 'Calendrier des examens du semestre',
    'Les examens finaux de la filière commencent le ' || pg_temp.demo_date_fr(min(e.held_on))
      || ' ; chaque cours en donne l''horaire dans Mes notes. Bonne préparation à tous !', now() - interval '6 days', true
  from public.evaluations e join public.courses c on c.id = e.course_id
  where c.programme_id = software and c.semester_id = (select id from public.semesters where is_current) and e.kind = 'exam';

  -- The e-mails these messages sent (the demo student reads hers by e-mail, not in the app:
  -- 20260401000000_profile_notifications.sql), when they were written.
  insert into public.outbox_messages (channel, recipient, user_id, kind, subject, body, status, provider, created_at, sent_at)
  select 'email', 'etudiant@demo.univ.cm', demo_student, 'message', 'Nouveau message',
    'Jean-Paul Mbarga vous a écrit au sujet de « ' || c.subject || ' ».', 'logged', 'outbox', m.created_at, null
  from public.conversations c join lateral (
    select m.created_at from public.messages m where m.conversation_id = c.id and m.sender_id = demo_teacher order by m.created_at limit 1) m on true
  where c.subject = 'Projet tutoré' and c.created_by = demo_teacher;
  insert into public.outbox_messages (channel, recipient, user_id, kind, subject, body, status, provider, error, created_at, sent_at)
  select 'email', 'enseignant@demo.univ.cm', demo_teacher, 'message', 'Nouveau message',
    'Awa Ngono vous a écrit au sujet de « ' || c.subject || ' ».', 'failed', 'outbox', 'demo: mailbox unavailable', m.created_at, null
  from public.conversations c join lateral (
    select m.created_at from public.messages m where m.conversation_id = c.id and m.sender_id = demo_student order by m.created_at desc limit 1) m on true
  where c.subject = 'Question sur les arbres AVL' and c.created_by = demo_student;
end
$seed$;
