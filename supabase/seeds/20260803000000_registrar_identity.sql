-- The registrar's record of the demo students (20260803000000_registrar_identity): their
-- registrations created it from the account name; the registrar adds the birth data the
-- admission file gave, and the relevé's signatory and the institution's authorisation.
-- One student has a correction request waiting, so admin/students shows one.
update public.institution_settings set
  authorization_ref = 'Arrêté MINESUP n° 23/00417/MINESUP/SG/DDES du 12 avril 2023',
  signatory_name = 'Dr Hélène Mbarga',
  signatory_title_fr = 'Cheffe du service de la scolarité',
  signatory_title_en = 'Head of the Registrar''s Office';

update public.student_identities set birth_date = date '2004-03-14', birth_place = 'Douala', source = 'registrar'
where student_id = '00000000-0000-4000-a000-000000000001';
-- The generated students: a plausible birth date and town each, deterministic.
update public.student_identities i
set birth_date = date '2002-01-01' + (('x' || substr(md5(i.student_id::text), 1, 6))::bit(24)::integer % 1500),
    birth_place = (array['Yaoundé', 'Douala', 'Bafoussam', 'Garoua', 'Bamenda', 'Buea', 'Ngaoundéré', 'Bertoua'])
                  [1 + ('x' || substr(md5(i.student_id::text), 7, 2))::bit(8)::integer % 8],
    source = 'registrar'
where i.birth_date is null;

insert into public.identity_correction_requests (student_id, legal_name, birth_date, birth_place, reason)
select i.student_id, i.legal_name || ' Epse Tchana', i.birth_date, i.birth_place,
  'Mariage célébré le 12 juin 2026 : acte de mariage n° 2026/114 de la mairie de Douala 1er joint au dossier.'
from public.student_identities i where i.student_id = '00000000-0000-4000-b000-000000000003';
