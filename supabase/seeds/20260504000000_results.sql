-- Demo data for results (issue 12): last year's second semester of the demo student's
-- cohort (L1), deliberated and published, exercising the rules of DOMAIN §2 with the
-- eliminatory mark at 7/20 (the example of DOMAIN §2; admins change it in admin/settings).
--
--   demo student (Awa)  UE-MAT at 8.40 validated by compensation (semester 11.57): validated.
--   classmate 01        MAT-L1-203 at 6.20, under the eliminatory mark: resit; the resit (12)
--                       replaces the exam, CC kept: 10.40, validated after the resit.
--   classmate 02        absent at the INF-L1-202 exam (0): resit; after the resit UE-INF
--                       stays at 8.53 with a semester of 9.80: deferred.
--   classmates 03–05    marks spread around the pass mark.
-- The current semester's gradebook comes from seed.sql (its exams are still to come).
do $seed$
declare
  current_year public.academic_years := (select y from public.academic_years y where is_current);
  semester uuid;
  school uuid := (select id from public.schools where slug = 'open-university');
  programme uuid := (select id from public.programmes where slug = 'software-engineering');
  teacher constant uuid := '00000000-0000-4000-a000-000000000002';
  held date;
  normal uuid;
  resit uuid;
  u record;
begin
  -- The previous academic year's semester 2 (supabase/seeds/20260404000000_institution.sql).
  select sm.id into semester from public.semesters sm join public.academic_years y on y.id = sm.academic_year_id
  where y.starts_on < current_year.starts_on and sm.number = 2 order by y.starts_on desc limit 1;
  held := (select ends_on from public.semesters where id = semester) - 20;

  for u in select * from (values
    ('UE-INF-101', 'Programmation 1', 'Programming 1', 6, 'INF-L1-201', 'Programmation impérative', 2.0),
    ('UE-INF-101', 'Programmation 1', 'Programming 1', 6, 'INF-L1-202', 'Structures de données', 1.0),
    ('UE-MAT-102', 'Mathématiques 1', 'Mathematics 1', 4, 'MAT-L1-203', 'Analyse et algèbre', 1.0),
    ('UE-LAN-103', 'Expression et communication', 'Writing and communication', 2, 'LAN-L1-204', 'Techniques d''expression', 1.0)
  ) as t (unit, title_fr, title_en, credits, course, course_title, coefficient) loop
    insert into public.teaching_units (code, title_fr, title_en, credits, semester_id, school_id, programme_id, level_code)
    values (u.unit, u.title_fr, u.title_en, u.credits, semester, school, programme, 'L1')
    on conflict (code) do nothing;
    insert into public.courses (code, title, school_id, programme_id, level_code, semester_id, teacher_id, credits,
      coefficient, teaching_unit_id, meeting_platform)
    values (u.course, u.course_title, school, programme, 'L1', semester, teacher, u.credits, u.coefficient,
      (select id from public.teaching_units where code = u.unit), null);
    insert into public.evaluations (course_id, title, kind, coefficient, held_on, is_published, created_by)
    select c.id, v.title, v.kind, 1, v.held_on, true, teacher
    from public.courses c cross join (values
      ('Contrôle continu', 'continuous', held - 60), ('Examen', 'exam', held), ('Rattrapage', 'resit', held + 12)
    ) as v (title, kind, held_on)
    where c.code = u.course;
  end loop;

  insert into public.course_enrollments (course_id, user_id, status, enrolled_at)
  select c.id, s.id, 'completed', (select starts_on from public.semesters where id = semester)::timestamptz
  from public.courses c
  cross join (values ('00000000-0000-4000-a000-000000000001'::uuid), ('00000000-0000-4000-b000-000000000001'),
    ('00000000-0000-4000-b000-000000000002'), ('00000000-0000-4000-b000-000000000003'),
    ('00000000-0000-4000-b000-000000000004'), ('00000000-0000-4000-b000-000000000005')) as s (id)
  where c.semester_id = semester;

  -- CC and exam marks (null score with status absent: missed the exam).
  insert into public.grades (evaluation_id, student_id, score, status, graded_by, graded_at)
  select e.id, m.student, m.score, case when m.score is null then 'absent' else 'marked' end, teacher, (e.held_on + 7)::timestamptz
  from (values
    ('00000000-0000-4000-a000-000000000001'::uuid, 'INF-L1-201', 14, 13), ('00000000-0000-4000-a000-000000000001', 'INF-L1-202', 12, 11),
    ('00000000-0000-4000-a000-000000000001', 'MAT-L1-203', 9, 8), ('00000000-0000-4000-a000-000000000001', 'LAN-L1-204', 15, 14),
    ('00000000-0000-4000-b000-000000000001', 'INF-L1-201', 15, 14), ('00000000-0000-4000-b000-000000000001', 'INF-L1-202', 13, 12),
    ('00000000-0000-4000-b000-000000000001', 'MAT-L1-203', 8, 5), ('00000000-0000-4000-b000-000000000001', 'LAN-L1-204', 16, 15),
    ('00000000-0000-4000-b000-000000000002', 'INF-L1-201', 8, 7), ('00000000-0000-4000-b000-000000000002', 'INF-L1-202', 9, null),
    ('00000000-0000-4000-b000-000000000002', 'MAT-L1-203', 10, 11), ('00000000-0000-4000-b000-000000000002', 'LAN-L1-204', 12, 12),
    ('00000000-0000-4000-b000-000000000003', 'INF-L1-201', 11, 10.5), ('00000000-0000-4000-b000-000000000003', 'INF-L1-202', 10, 12),
    ('00000000-0000-4000-b000-000000000003', 'MAT-L1-203', 12, 9.5), ('00000000-0000-4000-b000-000000000003', 'LAN-L1-204', 13, 11),
    ('00000000-0000-4000-b000-000000000004', 'INF-L1-201', 17, 16), ('00000000-0000-4000-b000-000000000004', 'INF-L1-202', 16, 15.5),
    ('00000000-0000-4000-b000-000000000004', 'MAT-L1-203', 15, 17), ('00000000-0000-4000-b000-000000000004', 'LAN-L1-204', 14, 16),
    ('00000000-0000-4000-b000-000000000005', 'INF-L1-201', 10, 9), ('00000000-0000-4000-b000-000000000005', 'INF-L1-202', 11, 10),
    ('00000000-0000-4000-b000-000000000005', 'MAT-L1-203', 9.5, 10), ('00000000-0000-4000-b000-000000000005', 'LAN-L1-204', 12, 10)
  ) as t (student, course, cc, exam)
  join public.courses c on c.code = t.course
  join public.evaluations e on e.course_id = c.id and e.kind in ('continuous', 'exam')
  cross join lateral (select t.student, case when e.kind = 'exam' then t.exam else t.cc end::numeric as score) as m;

  -- The eliminatory mark of DOMAIN §2's example.
  update public.institution_settings set eliminatory_mark = 7;
  normal := public.close_deliberation(semester, 'normal');
  perform public.publish_deliberation(normal);

  insert into public.grades (evaluation_id, student_id, score, status, graded_by, graded_at)
  select e.id, t.student, t.score, 'marked', teacher, (e.held_on + 3)::timestamptz
  from (values
    ('00000000-0000-4000-b000-000000000001'::uuid, 'MAT-L1-203', 12.0),
    ('00000000-0000-4000-b000-000000000002', 'INF-L1-201', 9.0), ('00000000-0000-4000-b000-000000000002', 'INF-L1-202', 8.0)
  ) as t (student, course, score)
  join public.courses c on c.code = t.course
  join public.evaluations e on e.course_id = c.id and e.kind = 'resit';

  resit := public.close_deliberation(semester, 'resit');
  perform public.publish_deliberation(resit);
  -- Old news: the demo accounts' notification lists start without these.
  delete from public.student_notifications where data ->> 'deliberation_id' in (normal::text, resit::text);
end;
$seed$;
