-- Demo data for results (issue 12) and re-registration (issue 13 item 4): last year's L1 of
-- Génie logiciel, both semesters of 30 credits (LMD: UEs of 1 to 6 credits, the ECs of a
-- UE adding up to its credits and weighing their credits in it), taught, marked,
-- deliberated (normal session, then the resit) and published, with the eliminatory mark at
-- 7/20 (the example of DOMAIN §2; admins change it in admin/settings). The courses are the
-- site's (src/content/courses), code for code and credit for credit.
--
-- The cohort: the demo student and generated students 01–20, who passed both semesters
-- and are this year's L2 (supabase/seed.sql: same matricule), and three students not
-- re-registered yet, so admin/student-enrollments (tab "Réinscriptions": Génie logiciel ·
-- L1 · last year → this year) shows the three cases the results engine gives:
--   Ibrahim Bello    passed both semesters: moves up to L2;
--   Carine Fotso     failed semester 2, again after the resit (deferred): repeats L1;
--   Rodrigue Tchoupo registered but followed no course, so has no result: not yet
--                    decided (an admin may re-register him at the same level, with a reason).
--
-- Semester 2, worked out by hand (CC 40 %, exam 60 %; tests/integration/results/demo.test.ts):
--   demo student (Awa)  UE-MAT-102 at 8.40, validated by compensation (semester 11.39).
--   classmate 01        MAT-L1-203 at 6.20, under the eliminatory mark: resit; the resit (12)
--                       replaces the exam, CC kept: 10.40, validated after the resit.
--   classmate 02        absent at the INF-L1-202 exam: resit; after the resit UE-INF-101 is
--                       at 8.53, validated by compensation (semester 10.92).
--   Carine Fotso        deferred after the resit (semester 8.68).
-- Everyone else's marks are drawn (deterministically) between 10 and 17. Semester 1 went
-- well for all. The current semester's gradebook comes from seed.sql (its exams are to come).
do $seed$
declare
  current_year public.academic_years := (select y from public.academic_years y where is_current);
  last_year public.academic_years;
  y integer;
  s1 public.semesters;
  s2 public.semesters;
  sem public.semesters;
  school uuid := (select id from public.schools where slug = 'open-university');
  programme uuid := (select id from public.programmes where slug = 'software-engineering');
  demo_student constant uuid := '00000000-0000-4000-a000-000000000001';
  demo_teacher constant uuid := '00000000-0000-4000-a000-000000000002';
  demo_admin constant uuid := '00000000-0000-4000-a000-000000000003';
  progress constant uuid := '00000000-0000-4000-e000-000000000001';
  repeat constant uuid := '00000000-0000-4000-e000-000000000002';
  undecided constant uuid := '00000000-0000-4000-e000-000000000003';
  exam_day date;
  normal uuid;
  resit uuid;
  u record;
begin
  -- The previous academic year (supabase/seeds/20260404000000_institution.sql).
  select ay.* into last_year from public.academic_years ay where ay.starts_on < current_year.starts_on order by ay.starts_on desc limit 1;
  y := extract(year from last_year.starts_on)::integer;
  select sm.* into s1 from public.semesters sm where sm.academic_year_id = last_year.id and sm.number = 1;
  select sm.* into s2 from public.semesters sm where sm.academic_year_id = last_year.id and sm.number = 2;

  -- The three students not re-registered yet.
  for u in select * from (values
    (progress, 'Ibrahim Bello', 'ibrahim.bello'),
    (repeat, 'Carine Fotso', 'carine.fotso'),
    (undecided, 'Rodrigue Tchoupo', 'rodrigue.tchoupo')
  ) as t (id, full_name, login) loop
    insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
      confirmation_token, recovery_token, email_change, email_change_token_new)
    values (u.id, 'authenticated', 'authenticated', u.login || '@demo.univ.cm', '', now(),
      '{"provider": "email", "providers": ["email"]}',
      jsonb_build_object('full_name', u.full_name, 'preferred_locale', 'fr'),
      now() - interval '400 days', now(), '', '', '', '');
    insert into public.user_roles (user_id, role, granted_by) values (u.id, 'student', demo_admin);
  end loop;

  -- Last year's L1 registrations, under the matricule each keeps (seed.sql numbers this
  -- year's L2 registration of student n as <YY>UO<n + 1>, YY the year of entry).
  create temporary table seed_l1_cohort (student uuid, matricule text, follows boolean) on commit drop;
  insert into seed_l1_cohort
  select case when n = 0 then demo_student else ('00000000-0000-4000-b000-' || lpad(n::text, 12, '0'))::uuid end,
    right(y::text, 2) || 'UO' || lpad((n + 1)::text, 4, '0'), true
  from generate_series(0, 20) as n;
  insert into seed_l1_cohort values
    (progress, right(y::text, 2) || 'UO0901', true),
    (repeat, right(y::text, 2) || 'UO0902', true),
    (undecided, right(y::text, 2) || 'UO0903', false);
  insert into public.student_registrations (student_id, academic_year_id, student_number, programme_id, level_code, registered_at)
  select c.student, last_year.id, c.matricule, programme, 'L1',
    make_date(y, 9, 1) + (row_number() over (order by c.matricule))::integer % 15
  from seed_l1_cohort c;
  -- The demo student's welcome, the day she first registered.
  insert into public.student_notifications (user_id, type, title, message, priority, action_url, action_label, is_read, created_at)
  select demo_student, 'announcement', 'Bienvenue !', 'Votre espace étudiant est prêt : cours, emploi du temps, notes et paiements.',
    'normal', '/dashboard/student', 'Ouvrir le tableau de bord', true, r.registered_at + interval '10 hours'
  from public.student_registrations r where r.student_id = demo_student and r.academic_year_id = last_year.id;

  -- The two semesters' UEs and ECs. teacher: 0 = the demo teacher, n = generated teacher n.
  create temporary table seed_l1_courses (
    semester integer, unit text, unit_fr text, unit_en text, unit_credits integer,
    code text, title text, language text, credits integer, teacher integer
  ) on commit drop;
  insert into seed_l1_courses values
    (1, 'UE-INF-111', 'Algorithmique 1', 'Algorithms 1', 6, 'INF-L1-101', 'Algorithmique et programmation', 'fr', 6, 1),
    (1, 'UE-INF-112', 'Architecture et systèmes', 'Computer architecture and systems', 6, 'INF-L1-102', 'Architecture des ordinateurs', 'fr', 3, 2),
    (1, 'UE-INF-112', 'Architecture et systèmes', 'Computer architecture and systems', 6, 'INF-L1-103', 'Introduction aux systèmes d''exploitation', 'fr', 3, 2),
    (1, 'UE-MAT-113', 'Logique et algèbre', 'Logic and algebra', 6, 'MAT-L1-104', 'Logique et théorie des ensembles', 'fr', 3, 3),
    (1, 'UE-MAT-113', 'Logique et algèbre', 'Logic and algebra', 6, 'MAT-L1-105', 'Algèbre linéaire', 'fr', 3, 3),
    (1, 'UE-INF-114', 'Technologies du Web 1', 'Web technologies 1', 6, 'INF-L1-106', 'Introduction au Web : HTML et CSS', 'fr', 6, 1),
    (1, 'UE-LAN-115', 'Langues et méthodologie', 'Languages and study skills', 6, 'ANG-L1-107', 'General English', 'en', 3, 4),
    (1, 'UE-LAN-115', 'Langues et méthodologie', 'Languages and study skills', 6, 'LAN-L1-108', 'Méthodologie du travail universitaire', 'fr', 3, 8),
    (2, 'UE-INF-101', 'Programmation 1', 'Programming 1', 6, 'INF-L1-201', 'Programmation impérative', 'fr', 4, 0),
    (2, 'UE-INF-101', 'Programmation 1', 'Programming 1', 6, 'INF-L1-202', 'Structures de données', 'fr', 2, 0),
    (2, 'UE-MAT-102', 'Analyse', 'Calculus', 4, 'MAT-L1-203', 'Analyse 1', 'fr', 4, 0),
    (2, 'UE-LAN-103', 'Expression et communication', 'Writing and communication', 2, 'LAN-L1-204', 'Techniques d''expression', 'fr', 2, 0),
    (2, 'UE-INF-104', 'Réseaux 1', 'Networks 1', 6, 'INF-L1-205', 'Introduction aux réseaux', 'fr', 6, 2),
    (2, 'UE-INF-105', 'Programmation orientée objet', 'Object-oriented programming', 6, 'INF-L1-206', 'Programmation orientée objet (Java)', 'fr', 6, 1),
    (2, 'UE-MAT-106', 'Probabilités et statistique', 'Probability and statistics', 6, 'MAT-L1-207', 'Probabilités et statistique', 'fr', 6, 3);

  insert into public.teaching_units (code, title_fr, title_en, credits, semester_id, school_id, programme_id, level_code)
  select distinct t.unit, t.unit_fr, t.unit_en, t.unit_credits, case t.semester when 1 then s1.id else s2.id end, school, programme, 'L1'
  from seed_l1_courses t;
  insert into public.courses (code, title, description, language, school_id, programme_id, level_code, semester_id, teacher_id,
    credits, coefficient, teaching_unit_id, meeting_platform)
  select t.code, t.title,
    case t.language when 'en' then 'Lectures, tutorials and a final exam, taught in English.' else 'Cours magistraux, travaux dirigés et examen final.' end,
    t.language, school, programme, 'L1', case t.semester when 1 then s1.id else s2.id end,
    case when t.teacher = 0 then demo_teacher else ('00000000-0000-4000-c000-' || lpad(t.teacher::text, 12, '0'))::uuid end,
    t.credits, t.credits, (select id from public.teaching_units where code = t.unit), null
  from seed_l1_courses t;

  -- Each course: a CC, the exam three weeks before the semester ends, the resit twelve days later.
  for sem in select * from public.semesters where id in (s1.id, s2.id) loop
    exam_day := sem.ends_on - 20;
    insert into public.evaluations (course_id, title, kind, coefficient, held_on, is_published, created_by)
    select c.id, v.title, v.kind, 1, v.held_on, true, c.teacher_id
    from public.courses c cross join (values
      ('Contrôle continu', 'continuous', exam_day - 60), ('Examen', 'exam', exam_day), ('Rattrapage', 'resit', exam_day + 12)
    ) as v (title, kind, held_on)
    where c.semester_id = sem.id;
  end loop;

  insert into public.course_enrollments (course_id, user_id, status, enrolled_at)
  select c.id, k.student, 'completed', (select starts_on from public.semesters where id = c.semester_id)::timestamptz
  from public.courses c cross join seed_l1_cohort k
  where c.semester_id in (s1.id, s2.id) and k.follows;

  -- Marks of the normal session: the cases above by hand (semester 2), the rest drawn
  -- between 10 and 17 by half points. A null exam mark is an absence.
  create temporary table seed_l1_marks (student uuid, course text, cc numeric, exam numeric) on commit drop;
  insert into seed_l1_marks values
    (demo_student, 'INF-L1-201', 14, 13), (demo_student, 'INF-L1-202', 12, 11), (demo_student, 'MAT-L1-203', 9, 8),
    (demo_student, 'LAN-L1-204', 15, 14), (demo_student, 'INF-L1-205', 12, 11), (demo_student, 'INF-L1-206', 13, 12),
    (demo_student, 'MAT-L1-207', 10, 10),
    ('00000000-0000-4000-b000-000000000001', 'INF-L1-201', 15, 14), ('00000000-0000-4000-b000-000000000001', 'INF-L1-202', 13, 12),
    ('00000000-0000-4000-b000-000000000001', 'MAT-L1-203', 8, 5), ('00000000-0000-4000-b000-000000000001', 'LAN-L1-204', 16, 15),
    ('00000000-0000-4000-b000-000000000001', 'INF-L1-205', 13, 12), ('00000000-0000-4000-b000-000000000001', 'INF-L1-206', 14, 13),
    ('00000000-0000-4000-b000-000000000001', 'MAT-L1-207', 11, 11),
    ('00000000-0000-4000-b000-000000000002', 'INF-L1-201', 8, 7), ('00000000-0000-4000-b000-000000000002', 'INF-L1-202', 9, null),
    ('00000000-0000-4000-b000-000000000002', 'MAT-L1-203', 10, 11), ('00000000-0000-4000-b000-000000000002', 'LAN-L1-204', 12, 12),
    ('00000000-0000-4000-b000-000000000002', 'INF-L1-205', 12, 12), ('00000000-0000-4000-b000-000000000002', 'INF-L1-206', 11, 12),
    ('00000000-0000-4000-b000-000000000002', 'MAT-L1-207', 12, 11),
    ('00000000-0000-4000-b000-000000000003', 'INF-L1-201', 11, 10.5), ('00000000-0000-4000-b000-000000000003', 'INF-L1-202', 10, 12),
    ('00000000-0000-4000-b000-000000000003', 'MAT-L1-203', 12, 9.5), ('00000000-0000-4000-b000-000000000003', 'LAN-L1-204', 13, 11),
    ('00000000-0000-4000-b000-000000000003', 'INF-L1-205', 11, 10), ('00000000-0000-4000-b000-000000000003', 'INF-L1-206', 10, 11),
    ('00000000-0000-4000-b000-000000000003', 'MAT-L1-207', 12, 10),
    ('00000000-0000-4000-b000-000000000004', 'INF-L1-201', 17, 16), ('00000000-0000-4000-b000-000000000004', 'INF-L1-202', 16, 15.5),
    ('00000000-0000-4000-b000-000000000004', 'MAT-L1-203', 15, 17), ('00000000-0000-4000-b000-000000000004', 'LAN-L1-204', 14, 16),
    ('00000000-0000-4000-b000-000000000004', 'INF-L1-205', 16, 15), ('00000000-0000-4000-b000-000000000004', 'INF-L1-206', 17, 16),
    ('00000000-0000-4000-b000-000000000004', 'MAT-L1-207', 15, 16),
    ('00000000-0000-4000-b000-000000000005', 'INF-L1-201', 10, 9), ('00000000-0000-4000-b000-000000000005', 'INF-L1-202', 11, 10),
    ('00000000-0000-4000-b000-000000000005', 'MAT-L1-203', 9.5, 10), ('00000000-0000-4000-b000-000000000005', 'LAN-L1-204', 12, 10),
    ('00000000-0000-4000-b000-000000000005', 'INF-L1-205', 11, 11), ('00000000-0000-4000-b000-000000000005', 'INF-L1-206', 12, 10),
    ('00000000-0000-4000-b000-000000000005', 'MAT-L1-207', 10, 11),
    (progress, 'INF-L1-201', 13, 12), (progress, 'INF-L1-202', 12, 11), (progress, 'MAT-L1-203', 11, 10.5),
    (progress, 'LAN-L1-204', 14, 13), (progress, 'INF-L1-205', 12, 12), (progress, 'INF-L1-206', 13, 11),
    (progress, 'MAT-L1-207', 12, 10),
    (repeat, 'INF-L1-201', 7, 6), (repeat, 'INF-L1-202', 8, 5), (repeat, 'MAT-L1-203', 9, 8),
    (repeat, 'LAN-L1-204', 11, 10), (repeat, 'INF-L1-205', 8, 7), (repeat, 'INF-L1-206', 9, 8),
    (repeat, 'MAT-L1-207', 10, 8);
  insert into seed_l1_marks
  select k.student, c.code,
    10 + ('x' || substr(md5(k.student || c.code || 'cc'), 1, 4))::bit(16)::integer % 15 / 2.0,
    10 + ('x' || substr(md5(k.student || c.code || 'exam'), 1, 4))::bit(16)::integer % 15 / 2.0
  from seed_l1_cohort k join public.courses c on c.semester_id in (s1.id, s2.id)
  where k.follows and not exists (select 1 from seed_l1_marks m where m.student = k.student and m.course = c.code);

  insert into public.grades (evaluation_id, student_id, score, status, graded_by, graded_at)
  select e.id, m.student, case when e.kind = 'exam' then m.exam else m.cc end,
    case when e.kind = 'exam' and m.exam is null then 'absent' else 'marked' end,
    c.teacher_id, (e.held_on + 7)::timestamptz
  from seed_l1_marks m
  join public.courses c on c.code = m.course
  join public.evaluations e on e.course_id = c.id and e.kind in ('continuous', 'exam');

  -- The eliminatory mark of DOMAIN §2's example.
  update public.institution_settings set eliminatory_mark = 7;

  -- Each semester: the normal session closed nine days after the exams and published the
  -- next day; the resits marked; the resit session closed and published before the end.
  for sem in select * from public.semesters where id in (s1.id, s2.id) order by starts_on loop
    exam_day := sem.ends_on - 20;
    normal := public.close_deliberation(sem.id, 'normal');
    perform public.publish_deliberation(normal);
    update public.deliberations set closed_at = (exam_day + 9)::timestamptz + interval '15 hours', closed_by = demo_admin,
      published_at = (exam_day + 10)::timestamptz + interval '9 hours', published_by = demo_admin
    where id = normal;

    insert into public.grades (evaluation_id, student_id, score, status, graded_by, graded_at)
    select e.id, t.student, t.score, 'marked', c.teacher_id, (e.held_on + 3)::timestamptz
    from (values
      ('00000000-0000-4000-b000-000000000001'::uuid, 'MAT-L1-203', 12.0),
      ('00000000-0000-4000-b000-000000000002', 'INF-L1-201', 9.0), ('00000000-0000-4000-b000-000000000002', 'INF-L1-202', 8.0),
      (repeat, 'INF-L1-201', 7.5), (repeat, 'INF-L1-202', 8.0), (repeat, 'MAT-L1-203', 9.0),
      (repeat, 'INF-L1-205', 8.0), (repeat, 'INF-L1-206', 9.0), (repeat, 'MAT-L1-207', 9.0)
    ) as t (student, course, score)
    join public.courses c on c.code = t.course and c.semester_id = sem.id
    join public.evaluations e on e.course_id = c.id and e.kind = 'resit';

    resit := public.close_deliberation(sem.id, 'resit');
    perform public.publish_deliberation(resit);
    update public.deliberations set closed_at = (exam_day + 17)::timestamptz + interval '15 hours', closed_by = demo_admin,
      published_at = (exam_day + 18)::timestamptz + interval '9 hours', published_by = demo_admin
    where id = resit;
    -- Old news: the demo accounts' notification lists start without these.
    delete from public.student_notifications where data ->> 'deliberation_id' in (normal::text, resit::text);
  end loop;
end;
$seed$;
