-- Demo university for local development and tests. Never pushed to production
-- (`supabase db push` does not run seeds). The demo accounts are listed, with their
-- passwords, in supabase/local/demo.ts, which npm start prints.
--
-- Everything time-dependent is relative to now(), so a freshly seeded stack always has a
-- current semester, an online class starting about 10 minutes later and a week of
-- timetable ahead. Random choices use a fixed seed, so two seedings look alike.

-- ---------------------------------------------------------------------------------
-- Demo accounts: auth users with confirmed e-mail and a bcrypt password, plus their
-- e-mail identity, using only the columns hosted GoTrue and the local stack share.
with demo (id, email, password, full_name) as (
  values
    ('00000000-0000-4000-a000-000000000001'::uuid, 'etudiant@demo.univ.cm', 'Etudiant-Demo-2026', 'Awa Ngono'),
    ('00000000-0000-4000-a000-000000000002'::uuid, 'enseignant@demo.univ.cm', 'Enseignant-Demo-2026', 'Jean-Paul Mbarga'),
    ('00000000-0000-4000-a000-000000000003'::uuid, 'admin@demo.univ.cm', 'Admin-Demo-2026', 'Chantal Essomba')
), users as (
  insert into auth.users (
    id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
    confirmation_token, recovery_token, email_change, email_change_token_new
  )
  select id, 'authenticated', 'authenticated', email,
         extensions.crypt(password, extensions.gen_salt('bf', 10)), now(),
         '{"provider": "email", "providers": ["email"]}'::jsonb,
         jsonb_build_object('full_name', full_name, 'preferred_locale', 'fr'),
         now(), now(), '', '', '', ''
  from demo
  returning id, email
)
insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
select gen_random_uuid(), id::text, id,
       jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true),
       'email', now(), now()
from users;

-- Roles are given explicitly: sign-up gives none (migration 20260301000000).
insert into public.user_roles (user_id, role) values
  ('00000000-0000-4000-a000-000000000001', 'student'),
  ('00000000-0000-4000-a000-000000000002', 'teacher'),
  ('00000000-0000-4000-a000-000000000003', 'admin');
update public.profile_contacts set phone = '+237 6 90 00 00 01' where user_id = '00000000-0000-4000-a000-000000000001';
update public.profile_contacts set phone = '+237 6 90 00 00 02' where user_id = '00000000-0000-4000-a000-000000000002';

-- ---------------------------------------------------------------------------------
-- The catalogue, mirrored from the site's content: each slug is a file name in
-- src/content/<collection>/fr/, names and summaries are the files' titles and descriptions
-- (tests/integration/catalogue-sync.test.ts keeps the two in step; npm run catalogue:sync
-- brings a live database in step with the content).
insert into public.schools (slug, name_fr, name_en, summary_fr, summary_en, position, kind)
select v.*, case v.slug when 'open-university' then 'university' when 'professional-school' then 'professional' else 'extension' end
from (values
  ('open-university', 'Université ouverte', 'Open University', 'Licences et masters en ligne dans cinq départements, avec classes virtuelles en direct, tutorat et examens surveillés au Cameroun.', 'Online bachelor''s and master''s degrees in five departments, with live virtual classes, tutoring and proctored exams in Cameroon.', 1),
  ('professional-school', 'École professionnelle', 'Professional School', 'Formations qualifiantes AQP, CQP et DQP reconnues par l''État, avec un stage obligatoire de trois mois en entreprise.', 'State-recognised AQP, CQP and DQP vocational qualifications, each with a compulsory three-month internship in a company.', 2),
  ('extension-school', 'École d''extension', 'Extension School', 'Certificats en vidéo, diplômes en classe virtuelle et MBA pour les professionnels qui veulent progresser sans quitter leur poste.', 'Video-based certificates, virtual-class diplomas and MBAs for professionals who want to move forward without leaving their job.', 3)

) as v (slug, name_fr, name_en, summary_fr, summary_en, position);

insert into public.levels (code, cycle, name_fr, name_en, position) values
  ('L1', 'licence', 'Licence 1', 'Bachelor''s year 1', 1),
  ('L2', 'licence', 'Licence 2', 'Bachelor''s year 2', 2),
  ('L3', 'licence', 'Licence 3', 'Bachelor''s year 3', 3),
  ('M1', 'master', 'Master 1', 'Master''s year 1', 4),
  ('M2', 'master', 'Master 2', 'Master''s year 2', 5);

insert into public.departments (school_id, slug, name_fr, name_en, summary_fr, summary_en, position)
select s.id, d.slug, d.name_fr, d.name_en, d.summary_fr, d.summary_en, d.position
from (values
  ('open-university', 'computer-science', 'Informatique et numérique', 'Computer Science and Digital Technology', 'Génie logiciel, réseaux et cybersécurité : des licences et masters pour les métiers du numérique au Cameroun et au-delà.', 'Software engineering, networks and cybersecurity: bachelor''s and master''s degrees for digital careers in Cameroon and beyond.', 1),
  ('open-university', 'business-management', 'Sciences de gestion', 'Business and Management', 'Comptabilité, finance, marketing et commerce : des formations en gestion adaptées aux entreprises et aux PME camerounaises.', 'Accounting, finance, marketing and trade: management degrees built for Cameroonian companies and small businesses.', 2),
  ('open-university', 'law-political-science', 'Droit et science politique', 'Law and Political Science', 'Droit des affaires OHADA, droit public et science politique, enseignés par des magistrats, avocats et universitaires.', 'OHADA business law, public law and political science, taught by judges, lawyers and academics.', 3),
  ('open-university', 'education-sciences', 'Sciences de l''éducation', 'Education Sciences', 'Former les enseignants et les concepteurs de formations en ligne dont les écoles et les entreprises ont besoin.', 'Training the teachers and online-learning designers that schools and companies need.', 4),
  ('open-university', 'international-department', 'Département international', 'International Department', 'Relations internationales, accueil des chercheurs visiteurs et programmes conjoints avec nos universités partenaires.', 'International relations, visiting researchers and joint programmes with our partner universities.', 5)
) as d (school, slug, name_fr, name_en, summary_fr, summary_en, position)
join public.schools s on s.slug = d.school;

-- Filières, with the levels they open and their annual tuition (used for the fee schedules).
create temporary table seed_filieres (
  department text, slug text, name_fr text, name_en text, degree text, summary_fr text, summary_en text,
  position int, annual_fee_xaf int, levels text[]
);
insert into seed_filieres values
  ('computer-science', 'software-engineering', 'Génie logiciel', 'Software Engineering', 'licence-master', 'Concevoir, développer et maintenir des applications web, mobiles et de données, de la licence au master, entièrement en ligne.', 'Design, build and maintain web, mobile and data applications, from bachelor''s to master''s level, entirely online.', 1, 450000, '{L1,L2,L3,M1,M2}'),
  ('computer-science', 'networks-telecommunications', 'Réseaux et télécommunications', 'Networks and Telecommunications', 'licence-master', 'Administrer et sécuriser les réseaux d''entreprise et d''opérateur, du câblage au cloud, avec des laboratoires virtuels.', 'Run and secure enterprise and carrier networks, from cabling to the cloud, with virtual labs.', 2, 450000, '{L1,L2,L3,M1,M2}'),
  ('business-management', 'accounting-finance', 'Comptabilité et finance', 'Accounting and Finance', 'licence-master', 'Tenir les comptes, analyser la performance et piloter la finance des entreprises selon le référentiel SYSCOHADA.', 'Keep the books, analyse performance and manage company finance under the SYSCOHADA framework.', 3, 400000, '{L1,L2,L3,M1,M2}'),
  ('business-management', 'marketing-commerce', 'Marketing et commerce', 'Marketing and Trade', 'licence-master', 'Comprendre les clients, construire une marque et vendre, en boutique comme en ligne, sur les marchés d''Afrique centrale.', 'Understand customers, build a brand and sell, in stores and online, across Central African markets.', 4, 400000, '{L1,L2,L3,M1,M2}'),
  ('law-political-science', 'business-law', 'Droit des affaires', 'Business Law', 'licence-master', 'Le droit des sociétés, des contrats et du commerce, dans l''espace OHADA et en common law, pour conseiller les entreprises.', 'Company, contract and trade law, in the OHADA area and under common law, to advise businesses.', 5, 380000, '{L1,L2,L3,M1,M2}'),
  ('education-sciences', 'educational-technology', 'Technologies éducatives', 'Educational Technology', 'licence-master', 'Concevoir des cours en ligne efficaces, former des formateurs et conduire des projets numériques dans l''éducation.', 'Design effective online courses, train trainers and lead digital projects in education.', 6, 350000, '{L1,L2,L3,M1,M2}'),
  ('international-department', 'international-relations', 'Relations internationales', 'International Relations', 'licence-master', 'Diplomatie, coopération et organisations internationales, enseignées en français et en anglais avec nos partenaires étrangers.', 'Diplomacy, cooperation and international organisations, taught in French and English with our partners abroad.', 7, 420000, '{L1,L2,L3,M1,M2}');

insert into public.programmes (department_id, slug, name_fr, name_en, degree, summary_fr, summary_en, position)
select d.id, f.slug, f.name_fr, f.name_en, f.degree, f.summary_fr, f.summary_en, f.position
from seed_filieres f join public.departments d on d.slug = f.department;

create temporary table seed_specialties (
  filiere text, slug text, name_fr text, name_en text, summary_fr text, summary_en text, position int, levels text[]
);
insert into seed_specialties values
  ('software-engineering', 'web-mobile-development', 'Développement web et mobile', 'Web and Mobile Development', 'Construire des applications web et mobiles rapides, accessibles et sûres, du prototype à la mise en production.', 'Build fast, accessible and secure web and mobile applications, from prototype to production.', 1, '{L3,M1,M2}'),
  ('software-engineering', 'data-science', 'Science des données', 'Data Science', 'Collecter, analyser et modéliser les données pour éclairer les décisions des entreprises et des administrations.', 'Collect, analyse and model data to inform the decisions of companies and public bodies.', 2, '{L3,M1,M2}'),
  ('networks-telecommunications', 'cybersecurity', 'Cybersécurité', 'Cybersecurity', 'Protéger les systèmes d''information, détecter les attaques et répondre aux incidents, dans le respect de la loi camerounaise.', 'Protect information systems, detect attacks and respond to incidents, in line with Cameroonian law.', 3, '{L3,M1,M2}'),
  ('accounting-finance', 'audit-management-control', 'Audit et contrôle de gestion', 'Audit and Management Control', 'Vérifier les comptes, évaluer les risques et construire les tableaux de bord qui pilotent la performance.', 'Audit accounts, assess risks and build the dashboards that steer performance.', 4, '{L3,M1,M2}'),
  ('accounting-finance', 'banking-microfinance', 'Banque et microfinance', 'Banking and Microfinance', 'Comprendre les banques, les établissements de microfinance et le mobile money pour financer l''économie locale.', 'Understand banks, microfinance institutions and mobile money to finance the local economy.', 5, '{L3,M1,M2}'),
  ('marketing-commerce', 'digital-marketing', 'Marketing digital', 'Digital Marketing', 'Référencement, réseaux sociaux, publicité en ligne et commerce électronique pour développer une marque sur le web.', 'Search, social media, online advertising and e-commerce to grow a brand on the web.', 6, '{L3,M1,M2}'),
  ('business-law', 'ohada-law', 'Droit OHADA', 'OHADA Law', 'Maîtriser les actes uniformes de l''OHADA pour conseiller les entreprises dans toute l''Afrique de l''Ouest et centrale.', 'Master the OHADA uniform acts to advise companies across West and Central Africa.', 7, '{L3,M1,M2}'),
  ('educational-technology', 'online-learning-design', 'Ingénierie de la formation en ligne', 'Online Learning Design', 'Concevoir, produire et évaluer des formations en ligne qui fonctionnent, même avec une connexion limitée.', 'Design, produce and evaluate online courses that work, even on a limited connection.', 8, '{L3,M1,M2}'),
  ('international-relations', 'diplomacy-cooperation', 'Diplomatie et coopération', 'Diplomacy and Cooperation', 'Négociation, protocole et gestion de projets de coopération pour les carrières diplomatiques et internationales.', 'Negotiation, protocol and cooperation project management for diplomatic and international careers.', 9, '{L3,M1,M2}');

insert into public.specialties (programme_id, slug, name_fr, name_en, summary_fr, summary_en, position)
select p.id, s.slug, s.name_fr, s.name_en, s.summary_fr, s.summary_en, s.position
from seed_specialties s join public.programmes p on p.slug = s.filiere;

insert into public.specialty_levels (specialty_id, level_code)
select sp.id, unnest(s.levels)
from seed_specialties s join public.specialties sp on sp.slug = s.slug;

create temporary table seed_formations (
  slug text, certificate text, name_fr text, name_en text, summary_fr text, summary_en text,
  duration_months int, internship_months int, position int, fee_xaf int
);
insert into seed_formations values
  ('office-assistant', 'AQP', 'Assistant(e) bureautique', 'Office Assistant', 'Maîtriser le traitement de texte, le tableur, le courrier électronique et l''accueil pour travailler dans un bureau.', 'Master word processing, spreadsheets, e-mail and front-desk work to work in an office.', 6, 3, 1, 150000),
  ('web-developer', 'CQP', 'Développeur web', 'Web Developer', 'Créer et maintenir des sites web professionnels avec HTML, CSS, JavaScript et un gestionnaire de contenu.', 'Build and maintain professional websites with HTML, CSS, JavaScript and a content management system.', 9, 3, 2, 280000),
  ('accounting-assistant', 'CQP', 'Aide-comptable', 'Accounting Assistant', 'Saisir les pièces, tenir les journaux et préparer les déclarations fiscales courantes d''une petite entreprise.', 'Record documents, keep the journals and prepare the routine tax returns of a small business.', 9, 3, 3, 250000),
  ('network-technician', 'DQP', 'Technicien réseaux et systèmes', 'Network and Systems Technician', 'Installer, configurer et dépanner les réseaux, les serveurs et les postes de travail d''une organisation.', 'Install, configure and troubleshoot an organisation''s networks, servers and workstations.', 12, 3, 4, 350000),
  ('solar-energy-technician', 'DQP', 'Technicien en énergie solaire', 'Solar Energy Technician', 'Dimensionner, installer et entretenir des installations photovoltaïques pour les maisons, les écoles et les entreprises.', 'Size, install and maintain photovoltaic systems for homes, schools and businesses.', 12, 3, 5, 380000);

insert into public.professional_formations (school_id, slug, certificate, name_fr, name_en, summary_fr, summary_en,
  duration_months, internship_months, position)
select s.id, f.slug, f.certificate, f.name_fr, f.name_en, f.summary_fr, f.summary_en, f.duration_months,
  f.internship_months, f.position
from seed_formations f join public.schools s on s.slug = 'professional-school';

create temporary table seed_extension (
  slug text, credential text, delivery text, name_fr text, name_en text, summary_fr text, summary_en text,
  duration_months int, position int, fee_xaf int
);
insert into seed_extension values
  ('project-management-certificate', 'certificate', 'recorded', 'Certificat en gestion de projet', 'Project Management Certificate', 'Planifier, piloter et clôturer un projet avec les méthodes classiques et agiles, en vidéo et à votre rythme.', 'Plan, run and close a project with classic and agile methods, on video and at your own pace.', 3, 1, 120000),
  ('data-analysis-certificate', 'certificate', 'recorded', 'Certificat en analyse de données', 'Data Analysis Certificate', 'Nettoyer, analyser et présenter des données avec un tableur et Power BI, pour décider à partir de faits.', 'Clean, analyse and present data with spreadsheets and Power BI, to decide from facts.', 3, 2, 120000),
  ('digital-transformation-diploma', 'diploma', 'virtual_class', 'Diplôme en transformation numérique', 'Digital Transformation Diploma', 'Conduire la transformation numérique d''une organisation : stratégie, processus, données et accompagnement du changement.', 'Lead an organisation''s digital transformation: strategy, processes, data and change management.', 9, 3, 650000),
  ('public-health-management-diploma', 'diploma', 'virtual_class', 'Diplôme en management de la santé publique', 'Public Health Management Diploma', 'Gérer des programmes et des structures de santé : planification, financement, logistique et évaluation.', 'Manage health programmes and facilities: planning, financing, logistics and evaluation.', 9, 4, 650000),
  ('executive-mba', 'mba', 'virtual_class', 'Executive MBA', 'Executive MBA', 'Un MBA en 18 mois pour les cadres : stratégie, finance, leadership et entrepreneuriat, conçu avec Trine University.', 'An 18-month MBA for executives: strategy, finance, leadership and entrepreneurship, designed with Trine University.', 18, 5, 2400000);

insert into public.extension_programmes (school_id, slug, credential, delivery, name_fr, name_en, summary_fr, summary_en,
  duration_months, position)
select s.id, x.slug, x.credential, x.delivery, x.name_fr, x.name_en, x.summary_fr, x.summary_en, x.duration_months, x.position
from seed_extension x join public.schools s on s.slug = 'extension-school';

-- ---------------------------------------------------------------------------------
-- Everything else is generated in one block: people, the current year, courses,
-- timetable, marks, money, messages, applications.
do $seed$
declare
  today date := (now() at time zone 'Africa/Douala')::date;
  -- The academic year runs September to July; semester 1 to the end of January.
  year_start int := case when extract(month from today) >= 9 then extract(year from today)::int
                         else extract(year from today)::int - 1 end;
  ay uuid;
  s1 uuid;
  s2 uuid;
  current_semester uuid;
  -- The year's three instalments, due on the same dates for every programme and level (the
  -- public fee tables show them): the 15th of October, January and April; the 2nd earlier
  -- when needed so that, however late in the year the demo is seeded, the 2nd instalment is
  -- past due beyond the 7 days' grace (the demo student's late line, the bursar's late list).
  -- Always within the year and after the registrations (September, before the 1st).
  due_2 date;
  due_1 date;
  demo_student constant uuid := '00000000-0000-4000-a000-000000000001';
  demo_teacher constant uuid := '00000000-0000-4000-a000-000000000002';
  demo_admin constant uuid := '00000000-0000-4000-a000-000000000003';
  first_names text[] := array['Brice', 'Carine', 'Didier', 'Estelle', 'Fabrice', 'Gisèle', 'Hervé', 'Inès',
    'Joël', 'Kevin', 'Laure', 'Marius', 'Nadège', 'Olivier', 'Patricia', 'Rodrigue', 'Sandrine', 'Thierry',
    'Ulrich', 'Vanessa', 'William', 'Yvette', 'Zacharie', 'Aïcha', 'Boris', 'Christelle', 'Daniel',
    'Emmanuel', 'Flore', 'Grace', 'Hamadou', 'Ibrahim', 'Josiane', 'Kelly', 'Loïc', 'Mireille', 'Ngozi',
    'Oumarou', 'Prisca', 'Raoul', 'Serge', 'Tatiana', 'Valérie', 'Wilfried', 'Yannick', 'Zita', 'Alain',
    'Blessing', 'Clarisse', 'Divine'];
  last_names text[] := array['Atangana', 'Fotso', 'Kamga', 'Tchakounté', 'Nkwenti', 'Ndongo', 'Abena',
    'Mballa', 'Onana', 'Ekambi', 'Nji', 'Tabi', 'Fon', 'Ngu', 'Achu', 'Bello', 'Moussa', 'Ayuk', 'Tanyi',
    'Ewane', 'Njoya', 'Mvondo', 'Owona', 'Djoumessi', 'Tamo', 'Wandji', 'Kengne', 'Mefire', 'Nanga',
    'Eyenga', 'Bassong', 'Mokom'];
  teachers text[][] := array[
    ['Martine Ekotto', 'martine.ekotto'], ['Samuel Tchana', 'samuel.tchana'],
    ['Hélène Ngo Bayiha', 'helene.ngobayiha'], ['Peter Ndip', 'peter.ndip'],
    ['Salomon Abanda', 'salomon.abanda'], ['Florence Ayuk Tabe', 'florence.ayuktabe'],
    ['Ahmadou Bouba', 'ahmadou.bouba'], ['Régine Mengue', 'regine.mengue']];
  person uuid;
  i int;
  k int;
  c record;
  e record;
  r record;
  conv uuid;
  post uuid;
  quiz uuid;
  q1 uuid;
  q2 uuid;
  q3 uuid;
  fee uuid;
  pay_method text;
  methods text[] := array['mtn_momo', 'orange_money', 'bank_transfer', 'cash'];
  day_start timestamptz := (date_trunc('day', now() at time zone 'Africa/Douala')) at time zone 'Africa/Douala';
begin
  perform setseed(0.2026);
  due_2 := greatest(least(make_date(year_start + 1, 1, 15),
                          (date_trunc('month', today - 8 - 14) + interval '14 days')::date),
                    make_date(year_start, 9, 3));
  due_1 := greatest(least(make_date(year_start, 10, 15),
                          (date_trunc('month', due_2 - 21 - 14) + interval '14 days')::date),
                    make_date(year_start, 9, 2));

  -- People -------------------------------------------------------------------------
  -- 8 teachers and 50 students, with no password: only the demo accounts sign in.
  for i in 1 .. array_length(teachers, 1) loop
    person := ('00000000-0000-4000-c000-' || lpad(i::text, 12, '0'))::uuid;
    insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
      confirmation_token, recovery_token, email_change, email_change_token_new)
    values (person, 'authenticated', 'authenticated', teachers[i][2] || '@demo.univ.cm', '', now(),
      '{"provider": "email", "providers": ["email"]}',
      jsonb_build_object('full_name', teachers[i][1], 'preferred_locale', case when i = 4 then 'en' else 'fr' end),
      now(), now(), '', '', '', '');
    insert into public.user_roles (user_id, role, granted_by) values (person, 'teacher', demo_admin);
  end loop;

  for i in 1 .. 50 loop
    person := ('00000000-0000-4000-b000-' || lpad(i::text, 12, '0'))::uuid;
    insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
      confirmation_token, recovery_token, email_change, email_change_token_new)
    values (person, 'authenticated', 'authenticated',
      lower(translate(first_names[i] || '.' || last_names[1 + (i * 7) % array_length(last_names, 1)],
                      'àâäéèêëïîôöùûüçÀÂÉÈÊÎÔÙÛÇ ''', 'aaaeeeeiioouuucAAEEEIOUUC')) || i || '@demo.univ.cm',
      '', now(),
      '{"provider": "email", "providers": ["email"]}',
      jsonb_build_object('full_name', first_names[i] || ' ' || last_names[1 + (i * 7) % array_length(last_names, 1)],
                         'preferred_locale', case when i % 5 = 0 then 'en' else 'fr' end),
      now() - (i || ' days')::interval, now(), '', '', '', '');
    insert into public.user_roles (user_id, role, granted_by) values (person, 'student', demo_admin);
    update public.profile_contacts
      set phone = '+237 6 ' || (case when i % 2 = 0 then '7' else '9' end) || lpad((1000000 + i * 7919)::text, 7, '0')
      where user_id = person;
  end loop;

  -- The calendar -------------------------------------------------------------------
  insert into public.academic_years (label, starts_on, ends_on, is_current)
  values (year_start || '-' || (year_start + 1), make_date(year_start, 9, 1), make_date(year_start + 1, 7, 31), true)
  returning id into ay;
  insert into public.semesters (academic_year_id, number, name_fr, name_en, starts_on, ends_on)
  values (ay, 1, 'Semestre 1', 'Semester 1', make_date(year_start, 9, 15), make_date(year_start + 1, 2, 10))
  returning id into s1;
  insert into public.semesters (academic_year_id, number, name_fr, name_en, starts_on, ends_on)
  values (ay, 2, 'Semestre 2', 'Semester 2', make_date(year_start + 1, 2, 11), make_date(year_start + 1, 7, 15))
  returning id into s2;
  current_semester := case when today < make_date(year_start + 1, 2, 11) then s1 else s2 end;
  update public.semesters set is_current = true where id = current_semester;

  -- Courses ------------------------------------------------------------------------
  -- teacher: 0 = the demo teacher, n = generated teacher n. Credits are the course's own (an
  -- EC's share of its UE: the ECs of a UE add up to the UE's credits, see
  -- supabase/seeds/20260501000000_courses_timetable.sql); inside a UE an EC weighs its
  -- credits (coefficient = credits). The open university's courses are the site's
  -- src/content/courses, code for code and credit for credit (tests/integration/seed-coherence.test.ts).
  create temporary table seed_courses (
    code text, title text, language text, school text, programme text, specialty text, level text,
    formation text, extension text, teacher int, platform text, credits int
  ) on commit drop;
  insert into seed_courses values
    ('INF-L2-101', 'Algorithmique et structures de données', 'fr', 'open-university', 'software-engineering', null, 'L2', null, null, 0, 'zoom', 4),
    ('INF-L2-102', 'Bases de données relationnelles', 'fr', 'open-university', 'software-engineering', null, 'L2', null, null, 0, 'teams', 4),
    ('INF-L2-103', 'Programmation web', 'fr', 'open-university', 'software-engineering', null, 'L2', null, null, 1, 'zoom', 2),
    ('INF-L2-104', 'Réseaux informatiques', 'fr', 'open-university', 'software-engineering', null, 'L2', null, null, 2, 'in_person', 2),
    ('INF-L2-105', 'Mathématiques discrètes', 'fr', 'open-university', 'software-engineering', null, 'L2', null, null, 3, 'zoom', 6),
    ('ANG-L2-106', 'English for Computing', 'en', 'open-university', 'software-engineering', null, 'L2', null, null, 4, 'teams', 2),
    ('INF-L2-107', 'Systèmes d''exploitation', 'fr', 'open-university', 'software-engineering', null, 'L2', null, null, 2, 'zoom', 6),
    ('INF-L2-108', 'Projet tutoré', 'fr', 'open-university', 'software-engineering', null, 'L2', null, null, 0, null, 4),
    ('INF-M1-201', 'Apprentissage automatique', 'fr', 'open-university', 'software-engineering', 'data-science', 'M1', null, null, 0, 'zoom', 6),
    ('INF-M1-202', 'Data Engineering', 'en', 'open-university', 'software-engineering', 'data-science', 'M1', null, null, 4, 'teams', 6),
    ('CPT-L1-101', 'Comptabilité générale SYSCOHADA', 'fr', 'open-university', 'accounting-finance', null, 'L1', null, null, 5, 'zoom', 6),
    ('GES-L1-102', 'Principes de management', 'fr', 'open-university', 'accounting-finance', null, 'L1', null, null, 5, 'in_person', 4),
    ('ECO-L1-103', 'Microéconomie', 'fr', 'open-university', 'accounting-finance', null, 'L1', null, null, 3, 'zoom', 4),
    ('MKT-L3-301', 'Marketing des réseaux sociaux', 'fr', 'open-university', 'marketing-commerce', 'digital-marketing', 'L3', null, null, 6, 'teams', 6),
    ('CPT-M1-405', 'Audit légal', 'fr', 'open-university', 'accounting-finance', 'audit-management-control', 'M1', null, null, 6, 'zoom', 6),
    ('DRT-L1-101', 'Introduction au droit camerounais', 'fr', 'open-university', 'business-law', null, 'L1', null, null, 7, 'in_person', 6),
    ('DRT-L3-301', 'Droit des sociétés OHADA', 'fr', 'open-university', 'business-law', 'ohada-law', 'L3', null, null, 7, 'zoom', 6),
    ('EDU-L2-201', 'Psychologie de l''apprentissage', 'fr', 'open-university', 'educational-technology', null, 'L2', null, null, 8, 'teams', 4),
    ('PRO-CQP-WEB', 'Développement web : HTML, CSS et JavaScript', 'fr', 'professional-school', null, null, null, 'web-developer', null, 1, 'zoom', 2),
    ('PRO-DQP-RES', 'Installation et maintenance des réseaux', 'fr', 'professional-school', null, null, null, 'network-technician', null, 2, 'in_person', 2),
    ('EXT-MBA-101', 'Leadership and Strategy', 'en', 'extension-school', null, null, null, null, 'executive-mba', 4, 'teams', 2),
    ('EXT-DIP-101', 'Stratégie de transformation numérique', 'fr', 'extension-school', null, null, null, null, 'digital-transformation-diploma', 6, 'zoom', 2),
    ('EXT-CRT-101', 'Gestion de projet : les fondamentaux', 'fr', 'extension-school', null, null, null, null, 'project-management-certificate', 5, null, 2);

  insert into public.courses (code, title, description, language, school_id, programme_id, specialty_id, level_code,
    professional_formation_id, extension_programme_id, semester_id, teacher_id, coefficient, credits,
    meeting_platform, zoom_meeting_id, zoom_passcode, teams_meeting_url)
  select sc.code, sc.title,
    case sc.language when 'en' then 'Lectures, tutorials and a final exam, taught in English.'
                     else 'Cours magistraux, travaux dirigés et examen final.' end,
    sc.language, s.id, p.id, sp.id, sc.level, f.id, x.id, current_semester,
    case when sc.teacher = 0 then demo_teacher else ('00000000-0000-4000-c000-' || lpad(sc.teacher::text, 12, '0'))::uuid end,
    sc.credits, sc.credits,
    sc.platform,
    case when sc.platform = 'zoom' then (800 + row_number() over ())::text || ' ' || lpad((1234567 + 7 * row_number() over ())::text, 7, '0') end,
    case when sc.platform = 'zoom' then 'UO' || lpad((row_number() over ())::text, 4, '0') end,
    case when sc.platform = 'teams' then 'https://teams.microsoft.com/l/meetup-join/demo-' || lower(sc.code) end
  from seed_courses sc
  join public.schools s on s.slug = sc.school
  left join public.programmes p on p.slug = sc.programme
  left join public.specialties sp on sp.slug = sc.specialty
  left join public.professional_formations f on f.slug = sc.formation
  left join public.extension_programmes x on x.slug = sc.extension;

  -- Registrations and enrolments ----------------------------------------------------
  -- Cohorts: which generated students follow which programme and courses. `entered` is the
  -- academic year a student first registered (its matricule's year, kept on re-registration):
  -- the L2 Génie logiciel cohort passed last year's L1 together (supabase/seeds/20260504000000_results.sql);
  -- the others were admitted this year, the L3 and M1 students on their previous degree.
  create temporary table seed_cohorts (
    first_student int, last_student int, school_code text, programme text, specialty text, level text,
    formation text, extension text, courses text[], entered int
  ) on commit drop;
  insert into seed_cohorts values
    (0, 20, 'UO', 'software-engineering', null, 'L2', null, null,
     array['INF-L2-101', 'INF-L2-102', 'INF-L2-103', 'INF-L2-104', 'INF-L2-105', 'ANG-L2-106', 'INF-L2-107', 'INF-L2-108'], year_start - 1),
    (21, 28, 'UO', 'software-engineering', 'data-science', 'M1', null, null, array['INF-M1-201', 'INF-M1-202'], year_start),
    (29, 34, 'UO', 'accounting-finance', null, 'L1', null, null, array['CPT-L1-101', 'GES-L1-102', 'ECO-L1-103'], year_start),
    (35, 37, 'UO', 'marketing-commerce', 'digital-marketing', 'L3', null, null, array['MKT-L3-301'], year_start),
    (38, 40, 'UO', 'accounting-finance', 'audit-management-control', 'M1', null, null, array['CPT-M1-405'], year_start),
    (41, 43, 'UO', 'business-law', null, 'L1', null, null, array['DRT-L1-101'], year_start),
    (44, 45, 'UO', 'business-law', 'ohada-law', 'L3', null, null, array['DRT-L3-301'], year_start),
    (46, 46, 'UO', 'educational-technology', null, 'L2', null, null, array['EDU-L2-201'], year_start),
    (47, 48, 'EP', null, null, null, 'web-developer', null, array['PRO-CQP-WEB'], year_start),
    (49, 49, 'EP', null, null, null, 'network-technician', null, array['PRO-DQP-RES'], year_start),
    (50, 50, 'EE', null, null, null, null, 'executive-mba', array['EXT-MBA-101', 'EXT-DIP-101', 'EXT-CRT-101'], year_start);

  for r in select * from seed_cohorts loop
    for i in r.first_student .. r.last_student loop
      person := case when i = 0 then demo_student else ('00000000-0000-4000-b000-' || lpad(i::text, 12, '0'))::uuid end;
      insert into public.student_registrations (student_id, academic_year_id, student_number, programme_id, specialty_id,
        level_code, professional_formation_id, extension_programme_id, registered_at)
      select person, ay, right(r.entered::text, 2) || r.school_code || lpad((i + 1)::text, 4, '0'),
        (select id from public.programmes where slug = r.programme),
        (select id from public.specialties where slug = r.specialty),
        r.level,
        (select id from public.professional_formations where slug = r.formation),
        (select id from public.extension_programmes where slug = r.extension),
        -- registered in September, before the 1st instalment falls due
        greatest(least(make_date(year_start, 9, 1) + (i % 20), due_1 - 1), make_date(year_start, 9, 1));
      insert into public.course_enrollments (course_id, user_id, status, enrolled_at)
      select c2.id, person, case when i = 20 and c2.code = 'INF-L2-105' then 'dropped' else 'active' end,
        make_date(year_start, 9, 20)::timestamptz
      from public.courses c2 where c2.code = any (r.courses);
    end loop;
  end loop;

  -- Timetable -------------------------------------------------------------------------
  -- The demo student's first class is online, about 10 minutes after seeding, so the
  -- course-start notification can be seen at once; the rest of the week follows, plus
  -- last week's sessions (with attendance taken).
  k := 0;
  for c in select * from public.courses where meeting_platform is not null order by code loop  -- recorded courses have no sessions
    k := k + 1;
    -- last week
    insert into public.schedule_events (course_id, title, start_time, end_time, is_online, room, created_by)
    values (c.id, c.title || case c.language when 'en' then ' — lecture' else ' — cours magistral' end,
      day_start - ((1 + k % 5) || ' days')::interval + ((8 + 2 * (k % 5)) || ' hours')::interval,
      day_start - ((1 + k % 5) || ' days')::interval + ((10 + 2 * (k % 5)) || ' hours')::interval,
      c.meeting_platform in ('zoom', 'teams'),
      case when c.meeting_platform = 'in_person' then 'Campus de Yaoundé, salle ' || (100 + k) end,
      c.teacher_id);
    -- this week: two sessions
    for i in 1 .. 2 loop
      insert into public.schedule_events (course_id, title, start_time, end_time, is_online, room, created_by)
      values (c.id,
        c.title || case when i = 1 then case c.language when 'en' then ' — lecture' else ' — cours magistral' end
                        else case c.language when 'en' then ' — tutorial' else ' — travaux dirigés' end end,
        day_start + ((i * 2 + k % 3) || ' days')::interval + ((8 + 2 * ((k + i) % 5)) || ' hours')::interval,
        day_start + ((i * 2 + k % 3) || ' days')::interval + ((10 + 2 * ((k + i) % 5)) || ' hours')::interval,
        c.meeting_platform in ('zoom', 'teams'),
        case when c.meeting_platform = 'in_person' then 'Campus de Yaoundé, salle ' || (100 + k) end,
        c.teacher_id);
    end loop;
  end loop;

  insert into public.schedule_events (course_id, title, start_time, end_time, is_online, zoom_meeting_id, zoom_passcode, created_by)
  select id, 'Algorithmique — séance en direct : les arbres binaires',
    date_trunc('minute', now()) + interval '10 minutes', date_trunc('minute', now()) + interval '100 minutes',
    true, zoom_meeting_id, zoom_passcode, teacher_id
  from public.courses where code = 'INF-L2-101';
  insert into public.schedule_events (course_id, title, start_time, end_time, is_online, teams_meeting_url, created_by)
  select id, 'Bases de données — TD en ligne : jointures et agrégats',
    date_trunc('hour', now()) + interval '3 hours', date_trunc('hour', now()) + interval '5 hours',
    true, teams_meeting_url, teacher_id
  from public.courses where code = 'INF-L2-102';
  insert into public.schedule_events (course_id, title, start_time, end_time, is_online, created_by)
  select id, 'English for Computing — speaking workshop',
    date_trunc('hour', now()) + interval '1 day 2 hours', date_trunc('hour', now()) + interval '1 day 4 hours',
    true, teacher_id
  from public.courses where code = 'ANG-L2-106';

  insert into public.attendance (schedule_event_id, student_id, status, recorded_by, recorded_at)
  select ev.id, en.user_id,
    (array['present', 'present', 'present', 'present', 'late', 'absent', 'excused'])[1 + floor(random() * 7)::int],
    ev.created_by, ev.end_time
  from public.schedule_events ev
  join public.course_enrollments en on en.course_id = ev.course_id and en.status = 'active'
  where ev.end_time < now();

  -- Evaluations and grades ------------------------------------------------------------
  insert into public.evaluations (course_id, title, kind, coefficient, held_on, is_published, created_by)
  select c2.id, v.title, v.kind, v.coefficient, today + v.offset_days, v.published, c2.teacher_id
  from public.courses c2
  cross join (values
    ('Contrôle continu 1', 'continuous', 1.0, -35, true),
    ('Devoir surveillé', 'continuous', 1.0, -14, true),
    ('Examen final', 'exam', 2.0, 60, false)
  ) as v (title, kind, coefficient, offset_days, published);

  -- Marks in quarter points between 6 and 19; the demo student does a little better.
  insert into public.grades (evaluation_id, student_id, score, comment, graded_by, graded_at)
  select ev.id, en.user_id,
    least(20, round(((6 + random() * 13) + case when en.user_id = demo_student then 3 else 0 end) * 4) / 4),
    null, ev.created_by, (ev.held_on + 7)::timestamptz
  from public.evaluations ev
  join public.course_enrollments en on en.course_id = ev.course_id and en.status in ('active', 'completed')
  where ev.held_on < today;
  -- The latest test of one course is graded but not yet published.
  update public.evaluations set is_published = false
  where title = 'Devoir surveillé' and course_id = (select id from public.courses where code = 'INF-L2-103');

  -- Assignments and submissions -----------------------------------------------------------
  -- Each course's first written assignment, with its handout attached: the id is drawn from
  -- the course code so that the handout, supabase/seeds/files/course-materials/<code>/
  -- assignments/<id>/ (scripts/demo-files-generate.ts), lands in the assignment's own folder.
  insert into public.assignments (id, course_id, title, instructions, due_at, created_by, attachments)
  select md5('devoir-maison-1/' || c2.code)::uuid, c2.id,
    case c2.language when 'en' then 'Written assignment 1' else 'Devoir maison n° 1' end,
    case c2.language when 'en' then 'Answer the three exercises in the attached handout; upload a PDF.'
                     else 'Traitez les trois exercices de la fiche jointe ; déposez un PDF.' end,
    day_start + interval '5 days 23 hours 59 minutes', c2.teacher_id,
    array[c2.id || '/assignments/' || md5('devoir-maison-1/' || c2.code)::uuid || '/'
          || case c2.language when 'en' then 'assignment-1-handout.pdf' else 'fiche-devoir-maison-1.pdf' end]
  from public.courses c2;
  insert into public.assignment_submissions (assignment_id, student_id, body, file_path, submitted_at, score, feedback, graded_by, graded_at)
  select a.id, en.user_id, '', a.course_id || '/' || a.id || '/' || en.user_id || '/devoir-1.pdf',
    now() - interval '1 day',
    case when random() < 0.4 then round((8 + random() * 11) * 2) / 2 end, null, null, null
  from public.assignments a
  join public.course_enrollments en on en.course_id = a.course_id and en.status = 'active'
  where en.user_id <> demo_student and random() < 0.5;
  update public.assignment_submissions s set graded_by = c2.teacher_id, graded_at = now() - interval '2 hours',
    feedback = 'Bon travail, soignez la présentation.'
  from public.assignments a join public.courses c2 on c2.id = a.course_id
  where a.id = s.assignment_id and s.score is not null;

  -- A quiz, with its answer key apart -------------------------------------------------------
  insert into public.quizzes (course_id, title, description, opens_at, closes_at, time_limit_minutes, max_attempts, is_published, created_by)
  select id, 'Quiz : complexité des algorithmes', 'Trois questions, 10 minutes, deux tentatives.',
    now() - interval '2 days', now() + interval '5 days', 10, 2, true, teacher_id
  from public.courses where code = 'INF-L2-101'
  returning id into quiz;
  insert into public.quiz_questions (quiz_id, position, prompt, kind, choices, points)
  values (quiz, 1, 'Quelle est la complexité de la recherche dichotomique ?', 'single',
          '[{"id": "a", "label": "O(n)"}, {"id": "b", "label": "O(log n)"}, {"id": "c", "label": "O(n log n)"}]', 1)
  returning id into q1;
  insert into public.quiz_questions (quiz_id, position, prompt, kind, choices, points)
  values (quiz, 2, 'Lesquels de ces tris sont en O(n log n) en moyenne ?', 'multiple',
          '[{"id": "a", "label": "Tri fusion"}, {"id": "b", "label": "Tri à bulles"}, {"id": "c", "label": "Tri rapide"}]', 2)
  returning id into q2;
  insert into public.quiz_questions (quiz_id, position, prompt, kind, choices, points)
  values (quiz, 3, 'Une pile est une structure FIFO.', 'true_false',
          '[{"id": "true", "label": "Vrai"}, {"id": "false", "label": "Faux"}]', 1)
  returning id into q3;
  insert into public.quiz_answer_keys (question_id, correct) values
    (q1, '["b"]'), (q2, '["a", "c"]'), (q3, '["false"]');
  insert into public.quiz_attempts (quiz_id, student_id, started_at, answers, submitted_at)
  select quiz, ('00000000-0000-4000-b000-' || lpad(g.n::text, 12, '0'))::uuid, now() - interval '1 day',
    jsonb_build_object(q1::text, '["b"]'::jsonb, q2::text, case when g.n % 2 = 0 then '["a", "c"]' else '["a"]' end::jsonb,
                       q3::text, case when g.n % 3 = 0 then '["true"]' else '["false"]' end::jsonb),
    now() - interval '1 day' + interval '8 minutes'
  from generate_series(1, 12) as g (n);

  -- Money ---------------------------------------------------------------------------------
  -- Tuition as the site once wrote it (the programme pages now show these schedules), per filière
  -- and level, formation or extension programme; a registration fee on top (licence 50 000,
  -- master 75 000, professional 25 000, extension 50 000); three instalments (40 / 30 / 30 %).
  insert into public.fee_schedules (academic_year_id, programme_id, level_code, label_fr, label_en, registration_fee_xaf, tuition_xaf)
  select ay, p.id, l.code, p.name_fr || ' — ' || l.name_fr || ' ' || year_start || '-' || (year_start + 1),
    p.name_en || ' — ' || l.name_en || ' ' || year_start || '-' || (year_start + 1),
    case l.cycle when 'licence' then 50000 else 75000 end,
    f.annual_fee_xaf
  from seed_filieres f
  join public.programmes p on p.slug = f.slug
  join public.levels l on l.code = any (f.levels);
  insert into public.fee_schedules (academic_year_id, professional_formation_id, label_fr, label_en, registration_fee_xaf, tuition_xaf)
  select ay, f.id, f.certificate || ' ' || f.name_fr, f.certificate || ' ' || f.name_en, 25000, sf.fee_xaf
  from public.professional_formations f join seed_formations sf on sf.slug = f.slug;
  insert into public.fee_schedules (academic_year_id, extension_programme_id, label_fr, label_en, registration_fee_xaf, tuition_xaf)
  select ay, x.id, x.name_fr, x.name_en, 50000, sx.fee_xaf
  from public.extension_programmes x join seed_extension sx on sx.slug = x.slug;
  insert into public.fee_instalments (fee_schedule_id, position, label_fr, label_en, amount_xaf, due_on)
  select fs.id, t.position, t.label_fr, t.label_en,
    case t.position when 1 then fs.tuition_xaf - 2 * (fs.tuition_xaf * 3 / 10) else fs.tuition_xaf * 3 / 10 end,
    case t.position when 1 then due_1 when 2 then due_2 else make_date(year_start + 1, 4, 15) end
  from public.fee_schedules fs
  cross join (values (1, '1re tranche', '1st instalment'), (2, '2e tranche', '2nd instalment'),
                     (3, '3e tranche', '3rd instalment')) as t (position, label_fr, label_en);

  insert into public.student_fees (student_id, fee_schedule_id, discount_xaf)
  select sr.student_id, fs.id, case when random() < 0.1 then 50000 else 0 end
  from public.student_registrations sr
  join public.fee_schedules fs on fs.academic_year_id = sr.academic_year_id
    and fs.programme_id is not distinct from sr.programme_id
    and fs.level_code is not distinct from sr.level_code
    and fs.professional_formation_id is not distinct from sr.professional_formation_id
    and fs.extension_programme_id is not distinct from sr.extension_programme_id;

  -- Registration fee and first instalment paid by almost everyone; some second instalments
  -- paid or pending. Succeeded payments get their receipt from the payments trigger.
  for r in
    select sf.id as student_fee_id, sf.student_id, fs.registration_fee_xaf, fi.id as instalment_id,
           fi.position, fi.amount_xaf, fi.due_on, sr.registered_at
    from public.student_fees sf
    join public.fee_schedules fs on fs.id = sf.fee_schedule_id
    join public.student_registrations sr on sr.student_id = sf.student_id and sr.academic_year_id = fs.academic_year_id
    join public.fee_instalments fi on fi.fee_schedule_id = fs.id and fi.position <= 2
    order by sf.student_id, fi.position
  loop
    pay_method := methods[1 + floor(random() * 4)::int];
    if r.student_id = demo_student then
      pay_method := case r.position when 1 then 'mtn_momo' else 'orange_money' end;
    end if;
    if r.position = 1 then
      insert into public.payments (student_id, student_fee_id, amount_xaf, method, status, reference, paid_at, recorded_by)
      values (r.student_id, r.student_fee_id, r.registration_fee_xaf, pay_method, 'succeeded',
              upper(pay_method) || '-' || lpad(floor(random() * 1e9)::text, 9, '0'), r.registered_at + interval '10 hours',
              case when pay_method in ('cash', 'bank_transfer') then demo_admin end);
    end if;
    if r.position = 1 or r.student_id = demo_student or random() < 0.4 then
      insert into public.payments (student_id, student_fee_id, instalment_id, amount_xaf, method, status, reference, payer_phone, paid_at, recorded_by)
      values (r.student_id, r.student_fee_id, r.instalment_id, r.amount_xaf, pay_method,
              case when r.position = 1 then 'succeeded' when r.student_id = demo_student then 'pending'
                   when random() < 0.15 then 'failed' else 'succeeded' end,
              upper(pay_method) || '-' || lpad(floor(random() * 1e9)::text, 9, '0'),
              case when pay_method in ('mtn_momo', 'orange_money') then '+237 6 90 00 00 ' || lpad((floor(random() * 100))::text, 2, '0') end,
              case when r.position = 1 then greatest(r.due_on - 3, r.registered_at::date) + interval '11 hours'
                   when r.student_id = demo_student then null else now() - interval '2 days' end,
              case when pay_method in ('cash', 'bank_transfer') then demo_admin end);
    end if;
  end loop;
  -- A failed or pending payment has no paid_at.
  update public.payments set paid_at = null where status in ('failed', 'pending');

  -- Messages --------------------------------------------------------------------------------
  insert into public.conversations (subject, course_id, created_by, created_at)
  select 'Question sur les arbres AVL', id, demo_student, now() - interval '2 days'
  from public.courses where code = 'INF-L2-101' returning id into conv;
  insert into public.conversation_participants (conversation_id, user_id, joined_at, last_read_at) values
    (conv, demo_student, now() - interval '2 days', now() - interval '1 day'),
    (conv, demo_teacher, now() - interval '2 days', now() - interval '1 day');
  insert into public.messages (conversation_id, sender_id, body, created_at) values
    (conv, demo_student, 'Bonjour Monsieur, je ne comprends pas la double rotation dans les arbres AVL. Auriez-vous un exemple ?', now() - interval '2 days'),
    (conv, demo_teacher, 'Bonjour Awa, bonne question. Je la traiterai en début de séance en direct ; relisez d''ici là la section 4.3 du polycopié.', now() - interval '1 day 20 hours'),
    (conv, demo_student, 'Merci beaucoup, à tout à l''heure !', now() - interval '1 day 19 hours');

  insert into public.conversations (subject, created_by, created_at)
  values ('Groupe de révision', '00000000-0000-4000-b000-000000000001', now() - interval '3 days') returning id into conv;
  insert into public.conversation_participants (conversation_id, user_id, joined_at) values
    (conv, '00000000-0000-4000-b000-000000000001', now() - interval '3 days'),
    (conv, demo_student, now() - interval '3 days'),
    (conv, '00000000-0000-4000-b000-000000000002', now() - interval '3 days');
  insert into public.messages (conversation_id, sender_id, body, created_at) values
    (conv, '00000000-0000-4000-b000-000000000001', 'Salut ! On révise les bases de données ensemble samedi ?', now() - interval '3 days'),
    (conv, demo_student, 'Oui, samedi 10 h sur Teams, ça vous va ?', now() - interval '2 days 23 hours'),
    (conv, '00000000-0000-4000-b000-000000000002', 'Parfait pour moi.', now() - interval '2 days 22 hours');

  insert into public.conversations (subject, created_by, created_at)
  values ('Planning des examens', demo_admin, now() - interval '5 days') returning id into conv;
  insert into public.conversation_participants (conversation_id, user_id, joined_at) values
    (conv, demo_admin, now() - interval '5 days'), (conv, demo_teacher, now() - interval '5 days');
  insert into public.messages (conversation_id, sender_id, body, created_at) values
    (conv, demo_admin, 'Bonjour Jean-Paul, merci de déposer les sujets d''examen avant la fin du mois.', now() - interval '5 days'),
    (conv, demo_teacher, 'Bien noté, ce sera fait.', now() - interval '4 days');

  -- Each generated student has asked its first course's teacher something.
  for r in
    select distinct on (en.user_id) en.user_id, c2.id as course_id, c2.teacher_id, c2.title, c2.language
    from public.course_enrollments en join public.courses c2 on c2.id = en.course_id
    where en.user_id <> demo_student and c2.teacher_id is not null
    order by en.user_id, c2.code
  loop
    insert into public.conversations (subject, course_id, created_by, created_at)
    values (r.title, r.course_id, r.user_id, now() - (floor(random() * 10) || ' days')::interval) returning id into conv;
    insert into public.conversation_participants (conversation_id, user_id) values (conv, r.user_id), (conv, r.teacher_id);
    insert into public.messages (conversation_id, sender_id, body, created_at) values
      (conv, r.user_id, case r.language when 'en' then 'Good morning, could you share the slides of the last lecture?'
                                         else 'Bonjour, pourriez-vous partager les diapositives du dernier cours ?' end,
       now() - interval '1 day'),
      (conv, r.teacher_id, case r.language when 'en' then 'They are now on the course page.'
                                           else 'Elles sont maintenant sur la page du cours.' end,
       now() - interval '20 hours');
  end loop;

  -- Community board ---------------------------------------------------------------------------
  insert into public.community_posts (author_id, title, body, created_at)
  values (demo_admin, 'Bienvenue sur la plateforme !',
          'La rentrée en ligne commence : retrouvez vos cours, votre emploi du temps et vos notes dans votre tableau de bord.',
          now() - interval '20 days')
  returning id into post;
  insert into public.community_comments (post_id, author_id, body, created_at) values
    (post, demo_student, 'Merci, la plateforme est très pratique !', now() - interval '19 days'),
    (post, '00000000-0000-4000-b000-000000000005', 'Thank you! Is there a mobile app?', now() - interval '18 days');
  insert into public.community_posts (author_id, title, body, created_at)
  values ('00000000-0000-4000-b000-000000000010', 'Study group for the TOEIC',
          'Anyone preparing the TOEIC this semester? Let''s meet online on Sundays.', now() - interval '6 days');
  insert into public.community_posts (author_id, course_id, title, body, created_at)
  select demo_teacher, id, 'Polycopié du chapitre 4',
         'Le polycopié sur les arbres équilibrés est en ligne. Lisez-le avant la séance en direct.', now() - interval '3 days'
  from public.courses where code = 'INF-L2-101' returning id into post;
  insert into public.community_comments (post_id, author_id, body, created_at) values
    (post, '00000000-0000-4000-b000-000000000003', 'Merci Monsieur !', now() - interval '2 days');
  insert into public.community_posts (author_id, course_id, title, body, created_at)
  select '00000000-0000-4000-b000-000000000030', id, 'Exercices corrigés de comptabilité',
         'Je partage mes corrigés des exercices 1 à 5, dites-moi si vous trouvez des erreurs.', now() - interval '4 days'
  from public.courses where code = 'CPT-L1-101';

  -- Documents (files are placeholders in the private `documents` bucket) ---------------------
  insert into public.documents (owner_id, kind, title, storage_path, issued_by, issued_at)
  select sr.student_id, 'enrolment_certificate', 'Certificat de scolarité ' || year_start || '-' || (year_start + 1),
    sr.student_id || '/certificat-scolarite-' || year_start || '.pdf', demo_admin, sr.registered_at + interval '2 days'
  from public.student_registrations sr;
  insert into public.documents (owner_id, kind, title, storage_path, issued_by, issued_at) values
    (demo_student, 'transcript', 'Relevé de notes L1 ' || (year_start - 1) || '-' || year_start,
     demo_student || '/releve-notes-l1-' || (year_start - 1) || '.pdf', demo_admin, make_date(year_start, 8, 1));

  -- Reviews ---------------------------------------------------------------------------------------
  insert into public.reviews (course_id, author_id, rating, comment, created_at)
  select en.course_id, en.user_id, 3 + floor(random() * 3)::int,
    (array['Cours clair et bien structuré.', 'Très bon enseignant, exemples concrets.',
           'Rythme un peu rapide mais contenu excellent.', 'Great lecturer, very practical.', ''])[1 + floor(random() * 5)::int],
    now() - (floor(random() * 20) || ' days')::interval
  from public.course_enrollments en
  where en.status = 'active' and random() < 0.25 and en.user_id <> demo_student;

  -- Admissions: applications moved through the process by the demo admin --------------------------
  for r in
    select * from (values
      ('general', 'Ornella Fouda', 'ornella.fouda@example.cm', 'software-engineering', null, null, 'L1', array['under_review']),
      ('general', 'Junior Essama', 'junior.essama@example.cm', 'business-law', null, null, 'L1', array['under_review', 'documents_requested']),
      ('general', 'Lydie Mbida', 'lydie.mbida@example.cm', 'marketing-commerce', null, null, 'L3', array['under_review', 'admitted']),
      ('professional', 'Cédric Nana', 'cedric.nana@example.cm', null, 'web-developer', null, null, array['under_review', 'admitted', 'enrolled']),
      ('professional', 'Rosine Djeumo', 'rosine.djeumo@example.cm', null, 'solar-energy-technician', null, null, array[]::text[]),
      ('extension', 'Michael Ebai', 'michael.ebai@example.com', null, null, 'executive-mba', null, array['under_review', 'waitlisted']),
      ('extension', 'Sophie Kouam', 'sophie.kouam@example.cm', null, null, 'data-analysis-certificate', null, array['withdrawn']),
      ('international', 'Amara Diallo', 'amara.diallo@example.sn', 'international-relations', null, null, 'M1', array['under_review', 'rejected'])
    ) as a (kind, full_name, email, programme, formation, extension, level, steps)
  loop
    insert into public.applications (kind, full_name, email, phone, country, preferred_locale, programme_id, level_code,
      professional_formation_id, extension_programme_id, motivation)
    values (r.kind, r.full_name, r.email, '+237 6 55 00 00 ' || lpad((floor(random() * 100))::text, 2, '0'),
      case when r.email like '%.sn' then 'SN' else 'CM' end,
      case when r.email like '%.com' then 'en' else 'fr' end,
      (select id from public.programmes where slug = r.programme), r.level,
      (select id from public.professional_formations where slug = r.formation),
      (select id from public.extension_programmes where slug = r.extension),
      'Je souhaite me former en ligne tout en travaillant.')
    returning id into person;
    -- Submitted anonymously from the site; reviewed by the demo admin (the history trigger
    -- records auth.uid() as the actor, hence the claims).
    perform set_config('request.jwt.claim.sub', demo_admin::text, true);
    perform set_config('request.jwt.claims', jsonb_build_object('sub', demo_admin, 'role', 'authenticated')::text, true);
    foreach pay_method in array r.steps loop
      update public.applications set status = pay_method where id = person;
    end loop;
    perform set_config('request.jwt.claim.sub', '', true);
    perform set_config('request.jwt.claims', '', true);
  end loop;

  -- Notifications ------------------------------------------------------------------------------------
  -- Each says what its data says: the mark when it was published (as publish_evaluation
  -- words it), the pending Orange Money payment when it was started. (The welcome came with
  -- her first registration, last year's: supabase/seeds/20260504000000_results.sql.)
  -- (text_key and text_params as publish_evaluation writes them: the page says it in its language)
  insert into public.student_notifications (user_id, type, title, message, priority, data, action_url, action_label, is_read, created_at, text_key, text_params)
  select demo_student, 'grade_published', 'Nouvelle note : ' || c2.title, ev.title || ' : votre note est publiée.', 'normal',
    jsonb_build_object('kind', 'grade_published', 'evaluation_id', ev.id), '/dashboard/student/grades', 'Mes résultats', false,
    g.graded_at + interval '17 hours', 'gradePublished', jsonb_build_object('course', c2.title, 'evaluation', ev.title)
  from public.evaluations ev
  join public.courses c2 on c2.id = ev.course_id
  join public.grades g on g.evaluation_id = ev.id and g.student_id = demo_student
  where c2.code = 'INF-L2-101' and ev.title = 'Devoir surveillé';
  insert into public.student_notifications (user_id, type, title, message, priority, data, action_url, action_label, is_read, created_at)
  select demo_student, 'payment', 'Paiement en attente',
    'Votre paiement Orange Money de la ' || fi.label_fr || ' est en cours de vérification.', 'low',
    jsonb_build_object('kind', 'payment_pending', 'payment_id', p.id), '/dashboard/student/payments', 'Voir mes paiements', false,
    p.created_at
  from public.payments p join public.fee_instalments fi on fi.id = p.instalment_id
  where p.student_id = demo_student and p.method = 'orange_money' and p.status = 'pending';
end
$seed$;

drop table seed_filieres, seed_specialties, seed_formations, seed_extension;
