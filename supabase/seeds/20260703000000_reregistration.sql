-- Demo data for re-registration (issue 13 item 4): three students of last year's L1 in
-- Génie logiciel who are not registered for the current year yet, so admin/student-enrollments
-- (tab "Réinscriptions": cohort Génie logiciel · L1 · last year → this year) shows the three
-- cases the results engine gives:
--   Ibrahim Bello    followed last year's semester 2 and passed it: moves up to L2;
--   Carine Fotso     failed it, again after the resit (deferred): repeats L1;
--   Rodrigue Tchoupo has no published result for last year: not yet decided (an admin may
--                    re-register him at the same level, with a reason).
-- Their marks go into the demo semester of supabase/seeds/20260504000000_results.sql, whose
-- deliberation is already closed: the seed lifts the mark lock for them, then adds their
-- results as the engine computes them to the frozen results of both sessions.
do $seed$
declare
  current_year public.academic_years := (select y from public.academic_years y where is_current);
  last_year public.academic_years;
  semester uuid;
  programme uuid := (select id from public.programmes where slug = 'software-engineering');
  demo_admin constant uuid := '00000000-0000-4000-a000-000000000003';
  teacher constant uuid := '00000000-0000-4000-a000-000000000002';
  progress constant uuid := '00000000-0000-4000-e000-000000000001';
  repeat constant uuid := '00000000-0000-4000-e000-000000000002';
  undecided constant uuid := '00000000-0000-4000-e000-000000000003';
  d record;
  u record;
begin
  select y.* into last_year from public.academic_years y where y.starts_on < current_year.starts_on order by y.starts_on desc limit 1;
  select sm.id into semester from public.semesters sm where sm.academic_year_id = last_year.id and sm.number = 2;

  for u in select * from (values
    (progress, 'Ibrahim Bello', 'ibrahim.bello', 901),
    (repeat, 'Carine Fotso', 'carine.fotso', 902),
    (undecided, 'Rodrigue Tchoupo', 'rodrigue.tchoupo', 903)
  ) as t (id, full_name, login, n) loop
    insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
      confirmation_token, recovery_token, email_change, email_change_token_new)
    values (u.id, 'authenticated', 'authenticated', u.login || '@demo.univ.cm', '', now(),
      '{"provider": "email", "providers": ["email"]}',
      jsonb_build_object('full_name', u.full_name, 'preferred_locale', 'fr'),
      now() - interval '400 days', now(), '', '', '', '');
    insert into public.user_roles (user_id, role, granted_by) values (u.id, 'student', demo_admin);
    insert into public.student_registrations (student_id, academic_year_id, student_number, programme_id, level_code, registered_at)
    values (u.id, last_year.id, right(extract(year from last_year.starts_on)::text, 2) || 'UO' || lpad(u.n::text, 4, '0'),
      programme, 'L1', last_year.starts_on + 3);
  end loop;

  -- Two of them followed the demo semester's courses (the third followed none).
  insert into public.course_enrollments (course_id, user_id, status, enrolled_at)
  select c.id, s.id, 'completed', (select starts_on from public.semesters where id = semester)::timestamptz
  from public.courses c cross join (values (progress), (repeat)) as s (id)
  where c.semester_id = semester;

  alter table public.grades disable trigger grades_lock_closed;
  insert into public.grades (evaluation_id, student_id, score, status, graded_by, graded_at)
  select e.id, t.student, t.score, 'marked', teacher, (e.held_on + 5)::timestamptz
  from (values
    (progress, 'INF-L1-201', 'continuous', 13.0), (progress, 'INF-L1-201', 'exam', 12.0),
    (progress, 'INF-L1-202', 'continuous', 12.0), (progress, 'INF-L1-202', 'exam', 11.0),
    (progress, 'MAT-L1-203', 'continuous', 11.0), (progress, 'MAT-L1-203', 'exam', 10.5),
    (progress, 'LAN-L1-204', 'continuous', 14.0), (progress, 'LAN-L1-204', 'exam', 13.0),
    (repeat, 'INF-L1-201', 'continuous', 7.0), (repeat, 'INF-L1-201', 'exam', 6.0), (repeat, 'INF-L1-201', 'resit', 7.5),
    (repeat, 'INF-L1-202', 'continuous', 8.0), (repeat, 'INF-L1-202', 'exam', 5.0), (repeat, 'INF-L1-202', 'resit', 8.0),
    (repeat, 'MAT-L1-203', 'continuous', 9.0), (repeat, 'MAT-L1-203', 'exam', 8.0), (repeat, 'MAT-L1-203', 'resit', 9.0),
    (repeat, 'LAN-L1-204', 'continuous', 11.0), (repeat, 'LAN-L1-204', 'exam', 10.0)
  ) as t (student, course, kind, score)
  join public.courses c on c.code = t.course
  join public.evaluations e on e.course_id = c.id and e.kind = t.kind;
  alter table public.grades enable trigger grades_lock_closed;

  for d in select * from public.deliberations where semester_id = semester loop
    insert into public.frozen_results (deliberation_id, student_id, average, gpa, credits_earned, credits_total,
      mention, decision, units)
    select d.id, r.student_id, r.average, r.gpa, r.credits_earned, r.credits_total, r.mention, r.decision, r.units
    from public.semester_results(semester, d.session) r
    where r.student_id in (progress, repeat);
  end loop;
end;
$seed$;
