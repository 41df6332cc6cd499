-- Demo data for assignments (issue 12 §2): in INF-L2-102 (the demo teacher's course, which
-- the demo student follows), a project open since two days, due in four, late work taken
-- with a penalty of 0.5 mark a day; it is an evaluation of kind assignment in the
-- gradebook. One classmate has handed in (not marked yet), another has been marked (the
-- mark is in the gradebook). The demo student has still to hand in.
do $seed$
declare
  course public.courses := (select c from public.courses c where c.code = 'INF-L2-102');
  evaluation uuid;
  assignment uuid;
  mates uuid[];
begin
  if course.id is null then
    return;
  end if;
  select array_agg(user_id order by user_id) into mates from (
    select e.user_id from public.course_enrollments e
    where e.course_id = course.id and e.status = 'active' and e.user_id <> '00000000-0000-4000-a000-000000000001'
    order by e.user_id limit 2) m;

  insert into public.evaluations (course_id, title, kind, coefficient, held_on, created_by)
  values (course.id, 'Projet : modèle entité-association', 'assignment', 1, (now() + interval '4 days')::date, course.teacher_id)
  returning id into evaluation;
  insert into public.assignments (course_id, title, instructions, opens_at, due_at, late_policy, late_penalty_per_day, evaluation_id, created_by)
  values (course.id, 'Projet : modèle entité-association',
    'Modélisez la gestion des inscriptions d''une université (entités, associations, cardinalités) puis traduisez le modèle en tables. Déposez un PDF.',
    now() - interval '2 days', date_trunc('hour', now()) + interval '4 days', 'penalty', 0.5, evaluation, course.teacher_id)
  returning id into assignment;

  if coalesce(array_length(mates, 1), 0) < 2 then
    return;
  end if;
  insert into public.assignment_submissions (assignment_id, student_id, body, submitted_at)
  values (assignment, mates[1], 'Modèle en pièce jointe du cours ; tables : etudiant, inscription, filiere, annee.', now() - interval '1 day');
  insert into public.assignment_submissions (assignment_id, student_id, body, submitted_at, score, feedback, graded_by, graded_at)
  values (assignment, mates[2], 'Modèle : ETUDIANT (1,n) S''INSCRIT (1,1) INSCRIPTION ; tables en 3FN.', now() - interval '30 hours',
    14.5, 'Bon modèle ; précisez les cardinalités de FILIERE.', course.teacher_id, now() - interval '3 hours');
end
$seed$;
