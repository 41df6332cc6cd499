-- Demo course proposals (issue 11): the demo teacher's pending proposal for next year's
-- data-science track and an earlier one refused with its reason, for admin/course-proposals.
insert into public.course_proposals (proposed_by, code, title, description, language, school_id, semester_id, credits,
  status, decision_note, decided_by, decided_at, created_at)
select '00000000-0000-4000-a000-000000000002', p.code, p.title, p.description, 'fr', s.id,
  (select id from public.semesters where is_current), p.credits, p.status, p.note,
  case when p.status = 'rejected' then '00000000-0000-4000-a000-000000000003'::uuid end,
  case when p.status = 'rejected' then now() - interval '20 days' end, now() - p.age
from (values
  ('INF-M1-215', 'Apprentissage automatique appliqué', 'Régression, classification et évaluation de modèles avec Python ; projet sur des données camerounaises ouvertes.', 4, 'pending', null, interval '2 days'),
  ('INF-L2-190', 'Initiation à la robotique', 'Capteurs, moteurs et programmation de microcontrôleurs.', 3, 'rejected', 'Le laboratoire n''a pas encore le matériel : à reproposer l''an prochain.', interval '30 days')
) as p (code, title, description, credits, status, note, age)
join public.schools s on s.slug = 'open-university';
