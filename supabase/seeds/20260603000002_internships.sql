-- Demo internships (issue 11, admin/professional-school): the professional school's
-- trainees of the current year placed with Douala and Yaoundé companies — one completed
-- with its report and mark, the others under way or planned.
insert into public.internships (registration_id, student_id, host_organisation, supervisor_name, supervisor_contact,
  starts_on, ends_on, status, report_received_on, mark)
select r.id, r.student_id, h.host, h.supervisor, h.contact,
  current_date + h.start_offset, current_date + h.start_offset + 91, h.status,
  case when h.status = 'completed' then current_date - 5 end,
  case when h.status = 'completed' then 15.5 end
from (
  select r.*, row_number() over (order by r.student_number) as n
  from public.student_registrations r
  join public.academic_years y on y.id = r.academic_year_id
  where r.professional_formation_id is not null and current_date between y.starts_on and y.ends_on
) r
join (values
  (1, 'Orange Cameroun — Direction des systèmes d''information', 'M. Ebénézer Tchoumi', 'e.tchoumi@orange-demo.cm', -100, 'completed'),
  (2, 'Port Autonome de Douala — Service informatique', 'Mme Solange Mbia', '+237 6 99 12 34 56', -30, 'ongoing'),
  (3, 'Camtel — Réseau et transmissions', 'M. Patrice Nana', 'p.nana@camtel-demo.cm', 20, 'planned')
) as h (n, host, supervisor, contact, start_offset, status) on h.n = r.n;
