-- Demo partner courses (issue 11, admin/harvard-online): four Harvard Online courses —
-- two taking requests, one full (its last requests waiting), one closed — and requests in
-- every status, the demo student's among them (approved for one, on the waiting list of
-- the full one). Generated students are 00000000-0000-4000-b000-0000000000NN.
insert into public.partner_courses (id, code, title, language, description, url, starts_on, ends_on, seats,
  requests_open, requests_close_on, created_by, created_at) values
  ('00000000-0000-4000-f500-000000000001', 'HO-CS50X', 'CS50''s Introduction to Computer Science', 'en',
   'Harvard''s introduction to the intellectual enterprises of computer science and the art of programming: C, Python, SQL, web programming.',
   'https://pll.harvard.edu/course/cs50-introduction-computer-science', current_date + 21, current_date + 140, 30,
   true, current_date + 14, '00000000-0000-4000-a000-000000000003', now() - interval '20 days'),
  ('00000000-0000-4000-f500-000000000002', 'HO-DS-ML', 'Data Science: Machine Learning', 'en',
   'Build a movie recommendation system and learn the science behind one of the most popular data science techniques.',
   'https://pll.harvard.edu/course/data-science-machine-learning', current_date + 10, current_date + 80, 2,
   true, null, '00000000-0000-4000-a000-000000000003', now() - interval '30 days'),
  ('00000000-0000-4000-f500-000000000003', 'HO-LEAD', 'Leadership Principles', 'en',
   'Harvard Business School Online: build self-awareness, motivate others and lead through change.',
   'https://online.hbs.edu/courses/leadership-principles/', current_date + 30, current_date + 72, 15,
   true, current_date + 25, '00000000-0000-4000-a000-000000000003', now() - interval '10 days'),
  ('00000000-0000-4000-f500-000000000004', 'HO-RHET', 'Rhetoric: The Art of Persuasive Writing and Public Speaking', 'en',
   'Learn to analyse, write and deliver persuasive arguments, from Lincoln to Kennedy.',
   'https://pll.harvard.edu/course/rhetoric-art-persuasive-writing-and-public-speaking', current_date - 20, current_date + 50, 10,
   false, null, '00000000-0000-4000-a000-000000000003', now() - interval '60 days');

insert into public.partner_course_requests (partner_course_id, student_id, motivation, status, rejection_reason,
  decided_by, decided_at, withdrawn_at, created_at)
select ('00000000-0000-4000-f500-00000000000' || v.course)::uuid,
  case when v.student = 0 then '00000000-0000-4000-a000-000000000001'
       else '00000000-0000-4000-b000-' || lpad(v.student::text, 12, '0') end::uuid,
  v.motivation, v.status, v.reason,
  case when v.status in ('approved', 'waitlisted', 'rejected') then '00000000-0000-4000-a000-000000000003'::uuid end,
  case when v.status in ('approved', 'waitlisted', 'rejected') then now() - interval '2 days' end,
  case when v.status = 'withdrawn' then now() - interval '1 day' end,
  now() - make_interval(days => v.days_ago)
from (values
  (1, 1, 'Je veux consolider mes bases en programmation avant le stage de L3.', 'approved', null, 9),
  (1, 2, 'Le cours complète parfaitement mon parcours en génie logiciel.', 'requested', null, 4),
  (1, 3, 'Je souhaite obtenir un certificat reconnu à l''international.', 'requested', null, 2),
  (1, 4, 'Intéressé par la programmation web.', 'rejected', 'Le cours demande un niveau d''anglais B2 : candidature à renouveler au prochain semestre.', 8),
  (1, 5, 'Pour découvrir l''informatique.', 'withdrawn', null, 7),
  (2, 21, 'Mon master en science des données s''appuie sur l''apprentissage automatique.', 'approved', null, 25),
  (2, 22, 'Je prépare un mémoire sur les systèmes de recommandation.', 'approved', null, 24),
  (2, 0, 'J''aimerais approfondir l''apprentissage automatique après le cours d''algorithmique.', 'waitlisted', null, 20),
  (2, 23, 'Pour appliquer le machine learning à la finance.', 'requested', null, 3),
  (3, 0, 'Je suis déléguée de classe et veux apprendre à mieux animer une équipe.', 'approved', null, 6),
  (3, 30, 'Je veux développer mes compétences de management.', 'requested', null, 1),
  (4, 41, 'Pour améliorer mes plaidoiries en droit des affaires.', 'approved', null, 50),
  (4, 42, 'Prise de parole en public.', 'rejected', 'Toutes les places ont été attribuées avant votre demande.', 45)
) as v (course, student, motivation, status, reason, days_ago);
