-- Demo data for courses, timetable and virtual classes (issue 11): the demo student's
-- current semester grouped into teaching units (its six L2 courses as their ECs), a few
-- weeks of materials for each, recordings of past online sessions, and the host's start
-- link of the demo teacher's Teams course. The week of sessions and the live session about
-- 10 minutes after seeding come from seed.sql (the worker and the homes read them).
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
    ('UE-MAT-203', 'Mathématiques pour l''informatique', 'Mathematics for computing', 4, array['INF-L2-105']),
    ('UE-LAN-204', 'Langues et communication', 'Languages and communication', 2, array['ANG-L2-106'])
  ) as t (code, title_fr, title_en, credits, courses) loop
    with unit as (
      insert into public.teaching_units (code, title_fr, title_en, credits, semester_id, school_id, programme_id, level_code)
      values (u.code, u.title_fr, u.title_en, u.credits, semester, school, programme, 'L2')
      returning id
    )
    update public.courses c set teaching_unit_id = unit.id from unit where c.code = any (u.courses);
  end loop;

  -- Materials: three weeks of links per course (teachers upload files through the app).
  insert into public.course_materials (course_id, week, title, kind, url, created_by, created_at)
  select c.id, w.week,
    case c.language when 'en' then 'Week ' || w.week || ' — ' || w.en else 'Semaine ' || w.week || ' — ' || w.fr end,
    'link', 'https://univ-demo.cm/supports/' || lower(c.code) || '/semaine-' || w.week, c.teacher_id,
    now() - ((4 - w.week) * 7 || ' days')::interval
  from public.courses c
  cross join (values (1, 'plan du cours et bibliographie', 'syllabus and reading list'),
                     (2, 'diapositives du cours', 'lecture slides'),
                     (3, 'exercices de travaux dirigés', 'tutorial exercises')) as w (week, fr, en)
  where c.code like '%-L2-%' and c.programme_id = programme;
  -- Two week-1 syllabi are files: supabase/seeds/files/course-materials/<code>/, which the
  -- local stack (or `npm run seed:files` on a hosted project) uploads to <course id>/.
  update public.course_materials m set kind = 'file', url = null, storage_path = c.id || '/semaine-1-plan-du-cours.pdf'
  from public.courses c
  where c.id = m.course_id and m.week = 1 and c.code in ('INF-L2-101', 'INF-L2-102') and c.programme_id = programme;

  -- Past online sessions of the demo teacher's courses have their recording.
  update public.schedule_events e set recording_url = 'https://univ-demo.cm/enregistrements/' || e.id
  from public.courses c
  where c.id = e.course_id and e.is_online and e.end_time < now() and c.teacher_id = '00000000-0000-4000-a000-000000000002';

  -- The host's start link of the Teams course (private to its teacher and admins).
  insert into public.meeting_host_links (course_id, start_url)
  select id, 'https://teams.microsoft.com/l/meetup-join/demo-' || lower(code) || '?role=organizer'
  from public.courses where code = 'INF-L2-102';
end;
$seed$;
