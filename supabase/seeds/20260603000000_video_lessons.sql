-- Demo data for video lessons (issue 11): the extension certificate's pre-recorded
-- lessons (EXT-CRT-101, its student partway through), and revision capsules for the demo
-- student's INF-L2-101 with two of them completed.
do $seed$
declare
  certificate uuid := (select id from public.courses where code = 'EXT-CRT-101');
  algo uuid := (select id from public.courses where code = 'INF-L2-101');
  demo_student uuid := '00000000-0000-4000-a000-000000000001';
begin
  insert into public.video_lessons (course_id, position, title, url, duration_minutes, created_by)
  select certificate, l.position, l.title, 'https://videos.univ-demo.cm/ext-crt-101/lecon-' || l.position, l.minutes,
         (select teacher_id from public.courses where id = certificate)
  from (values
    (1, 'Qu''est-ce qu''un projet ? Cycle de vie et parties prenantes', 18),
    (2, 'Définir le périmètre : la charte de projet', 22),
    (3, 'Planifier : WBS, jalons et diagramme de Gantt', 27),
    (4, 'Estimer les coûts et construire le budget', 24),
    (5, 'Gérer les risques : identification et réponses', 20),
    (6, 'Piloter et clôturer : indicateurs et retour d''expérience', 25)
  ) as l (position, title, minutes)
  where certificate is not null;

  insert into public.video_lessons (course_id, position, title, url, duration_minutes, created_by)
  select algo, l.position, l.title, 'https://videos.univ-demo.cm/inf-l2-101/capsule-' || l.position, l.minutes,
         (select teacher_id from public.courses where id = algo)
  from (values
    (1, 'Capsule 1 — Complexité : notation O et premiers calculs', 14),
    (2, 'Capsule 2 — Récursivité et pile d''appels', 16),
    (3, 'Capsule 3 — Tris par comparaison : fusion et rapide', 19),
    (4, 'Capsule 4 — Listes chaînées et pointeurs', 17)
  ) as l (position, title, minutes)
  where algo is not null;

  -- Progress: the demo student finished the first two capsules and opened the third; the
  -- certificate's students are partway through (two, four lessons done).
  insert into public.video_lesson_progress (lesson_id, user_id, course_id, first_opened_at, completed_at)
  select l.id, demo_student, algo, now() - interval '10 days' + l.position * interval '1 day',
         case when l.position <= 2 then now() - interval '9 days' + l.position * interval '1 day' end
  from public.video_lessons l
  where l.course_id = algo and l.position <= 3 and demo_student is not null;

  insert into public.video_lesson_progress (lesson_id, user_id, course_id, first_opened_at, completed_at)
  select l.id, e.user_id, certificate, now() - interval '20 days' + l.position * interval '1 day',
         now() - interval '19 days' + l.position * interval '1 day'
  from public.video_lessons l
  join public.course_enrollments e on e.course_id = l.course_id and e.status = 'active'
  where l.course_id = certificate and l.position <= 4;
end
$seed$;
