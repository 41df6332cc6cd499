-- Demo data for courses, timetable and virtual classes (issue 11): the demo student's
-- current semester, L2 Génie logiciel semester 1, grouped into teaching units of 30 credits
-- in all (its eight courses as their ECs, whose credits add up to their UE's), three weeks
-- of materials for each (real files: no link to a site that does not exist), and the
-- host's start link of the demo teacher's Teams course. The week of sessions and the live session about 10
-- minutes after seeding come from seed.sql (the worker and the homes read them).
do $seed$
declare
  semester uuid := (select id from public.semesters where is_current);
  school uuid := (select id from public.schools where slug = 'open-university');
  programme uuid := (select id from public.programmes where slug = 'software-engineering');
  u record;
begin
  for u in select * from (values
    ('UE-INF-201', 'Algorithmique et programmation', 'Algorithms and programming', 6, array['INF-L2-101', 'INF-L2-103']),
    ('UE-INF-202', 'Systèmes d''information et réseaux', 'Information systems and networks', 6, array['INF-L2-102', 'INF-L2-104']),
    ('UE-MAT-203', 'Mathématiques pour l''informatique', 'Mathematics for computing', 6, array['INF-L2-105']),
    ('UE-LAN-204', 'Langues et communication', 'Languages and communication', 2, array['ANG-L2-106']),
    ('UE-INF-205', 'Systèmes d''exploitation', 'Operating systems', 6, array['INF-L2-107']),
    ('UE-PRO-206', 'Projet tutoré', 'Supervised project', 4, array['INF-L2-108'])
  ) as t (code, title_fr, title_en, credits, courses) loop
    with unit as (
      insert into public.teaching_units (code, title_fr, title_en, credits, semester_id, school_id, programme_id, level_code)
      values (u.code, u.title_fr, u.title_en, u.credits, semester, school, programme, 'L2')
      returning id
    )
    update public.courses c set teaching_unit_id = unit.id from unit where c.code = any (u.courses);
  end loop;

  -- Materials: three weeks per course, each a file in the course-materials bucket, from
  -- supabase/seeds/files/course-materials/<code>/ (scripts/demo-files-generate.ts writes
  -- them; the local stack, or `npm run seed:files` on a hosted project, uploads them to
  -- <course id>/): the syllabus, the lecture slides, the tutorial sheet.
  insert into public.course_materials (course_id, week, title, kind, storage_path, created_by, created_at)
  select c.id, w.week,
    case c.language when 'en' then 'Week ' || w.week || ' — ' || w.en else 'Semaine ' || w.week || ' — ' || w.fr end,
    'file', c.id || '/' || case c.language when 'en' then w.file_en else w.file_fr end, c.teacher_id,
    now() - ((4 - w.week) * 7 || ' days')::interval
  from public.courses c
  cross join (values (1, 'plan du cours et bibliographie', 'syllabus and reading list', 'semaine-1-plan-du-cours.pdf', 'week-1-syllabus.pdf'),
                     (2, 'diapositives du cours', 'lecture slides', 'semaine-2-diapositives.pdf', 'week-2-slides.pdf'),
                     (3, 'exercices de travaux dirigés', 'tutorial exercises', 'semaine-3-travaux-diriges.pdf', 'week-3-tutorial.pdf'))
    as w (week, fr, en, file_fr, file_en)
  where c.semester_id = semester and c.programme_id = programme and c.level_code = 'L2';
  -- The handout on balanced trees the teacher announced on the course's board (seed.sql),
  -- whose section 4.3 answers the AVL question of the demo student's conversation.
  insert into public.course_materials (course_id, week, title, kind, storage_path, created_by, created_at)
  select c.id, 4, 'Semaine 4 — polycopié du chapitre 4 : arbres équilibrés', 'file',
    c.id || '/semaine-4-polycopie-arbres-equilibres.pdf', c.teacher_id, now() - interval '3 days'
  from public.courses c where c.code = 'INF-L2-101';

  -- The host's start link of the Teams course (private to its teacher and admins).
  insert into public.meeting_host_links (course_id, start_url)
  select id, 'https://teams.microsoft.com/l/meetup-join/demo-' || lower(code) || '?role=organizer'
  from public.courses where code = 'INF-L2-102';
end;
$seed$;
