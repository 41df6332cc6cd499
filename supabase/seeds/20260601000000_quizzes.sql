-- Demo data for quizzes (issue 12 §3), in the demo teacher's INF-L2-102 (the demo student
-- is enrolled): one quiz open now (every question type, 20 minutes, two attempts), and one
-- closed last week whose results are released (the demo student and four classmates took
-- it; their marks are in the gradebook, published).
do $seed$
declare
  course uuid := (select id from public.courses where code = 'INF-L2-102');
  teacher uuid := (select teacher_id from public.courses where code = 'INF-L2-102');
  evaluation uuid;
  quiz uuid;
  q1 uuid; q2 uuid; q3 uuid; q4 uuid; q5 uuid;
begin
  -- Open now ---------------------------------------------------------------------------
  insert into public.evaluations (course_id, title, kind, coefficient, held_on, created_by)
  values (course, 'Quiz : requêtes SQL', 'quiz', 1, current_date, teacher) returning id into evaluation;
  insert into public.quizzes (course_id, evaluation_id, title, description, opens_at, closes_at, time_limit_minutes,
    max_attempts, shuffle, is_published, created_by)
  values (course, evaluation, 'Quiz : requêtes SQL', 'Cinq questions, 20 minutes, deux tentatives.',
    now() - interval '1 hour', now() + interval '7 days', 20, 2, false, true, teacher)
  returning id into quiz;
  insert into public.quiz_questions (quiz_id, position, prompt, kind, choices, points) values
    (quiz, 1, 'Quelle clause filtre les groupes après un GROUP BY ?', 'single',
     '[{"id": "a", "label": "WHERE"}, {"id": "b", "label": "HAVING"}, {"id": "c", "label": "ORDER BY"}]', 1)
    returning id into q1;
  insert into public.quiz_questions (quiz_id, position, prompt, kind, choices, points) values
    (quiz, 2, 'Lesquelles sont des fonctions d''agrégat ?', 'multiple',
     '[{"id": "a", "label": "COUNT"}, {"id": "b", "label": "UPPER"}, {"id": "c", "label": "SUM"}]', 2)
    returning id into q2;
  insert into public.quiz_questions (quiz_id, position, prompt, kind, choices, points) values
    (quiz, 3, 'Une clé primaire peut être NULL.', 'true_false',
     '[{"id": "true", "label": "Vrai"}, {"id": "false", "label": "Faux"}]', 1)
    returning id into q3;
  insert into public.quiz_questions (quiz_id, position, prompt, kind, choices, points) values
    (quiz, 4, 'Quel mot-clé supprime les doublons d''un SELECT ?', 'short', '[]', 1)
    returning id into q4;
  insert into public.quiz_questions (quiz_id, position, prompt, kind, choices, points) values
    (quiz, 5, 'Combien de lignes renvoie un produit cartésien de 3 et 4 lignes ?', 'numeric', '[]', 1)
    returning id into q5;
  insert into public.quiz_answer_keys (question_id, correct, tolerance) values
    (q1, '["b"]', 0), (q2, '["a", "c"]', 0), (q3, '["false"]', 0), (q4, '["DISTINCT"]', 0), (q5, '["12"]', 0);

  -- Closed, results released ---------------------------------------------------------------
  insert into public.evaluations (course_id, title, kind, coefficient, held_on, created_by)
  values (course, 'Quiz : modèle relationnel', 'quiz', 1, current_date - 10, teacher) returning id into evaluation;
  insert into public.quizzes (course_id, evaluation_id, title, description, opens_at, closes_at, time_limit_minutes,
    max_attempts, is_published, created_by)
  values (course, evaluation, 'Quiz : modèle relationnel', 'Trois questions, 15 minutes.',
    now() - interval '10 days', now() - interval '3 days', 15, 1, true, teacher)
  returning id into quiz;
  insert into public.quiz_questions (quiz_id, position, prompt, kind, choices, points) values
    (quiz, 1, 'Comment appelle-t-on une colonne qui référence la clé d''une autre table ?', 'short', '[]', 1)
    returning id into q1;
  insert into public.quiz_questions (quiz_id, position, prompt, kind, choices, points) values
    (quiz, 2, 'La troisième forme normale suppose la deuxième.', 'true_false',
     '[{"id": "true", "label": "Vrai"}, {"id": "false", "label": "Faux"}]', 1)
    returning id into q2;
  insert into public.quiz_questions (quiz_id, position, prompt, kind, choices, points) values
    (quiz, 3, 'Combien de tables faut-il pour une relation plusieurs-à-plusieurs entre deux entités ?', 'numeric', '[]', 2)
    returning id into q3;
  insert into public.quiz_answer_keys (question_id, correct, tolerance) values
    (q1, '["clé étrangère", "cle etrangere", "foreign key"]', 0), (q2, '["true"]', 0), (q3, '["3"]', 0);
  -- The attempts are marked by the trigger and their marks flow into the gradebook.
  insert into public.quiz_attempts (quiz_id, student_id, started_at, answers, submitted_at, feedback)
  select quiz, en.user_id, now() - interval '5 days',
    jsonb_build_object(q1::text, case when s.n % 2 = 0 then '["Clé étrangère"]' else '["index"]' end::jsonb,
                       q2::text, '["true"]'::jsonb,
                       q3::text, case when s.n % 3 = 0 then '["2"]' else '["3"]' end::jsonb),
    now() - interval '5 days' + interval '11 minutes',
    case when en.user_id = '00000000-0000-4000-a000-000000000001' then 'Bon travail : revoyez les tables d''association.' end
  from public.course_enrollments en
  cross join lateral (select case when en.user_id = '00000000-0000-4000-a000-000000000001' then 0
                                  else right(en.user_id::text, 2)::int end as n) s
  where en.course_id = course and en.status = 'active'
    and (en.user_id = '00000000-0000-4000-a000-000000000001'
         or en.user_id in (select ('00000000-0000-4000-b000-' || lpad(g::text, 12, '0'))::uuid from generate_series(2, 5) g));
  update public.quizzes set results_released_at = now() - interval '2 days' where id = quiz;
  update public.evaluations set is_published = true where id = evaluation;
end;
$seed$;
