-- Demo data for the admissions pages (issue 13): applications in every status a reviewer
-- sees, for both queues (the base seed holds mostly Cameroonian files; these add files
-- from abroad), with document requests, reviewers' comments and some fees paid.
-- The demo admin makes the changes (the history records auth.uid() as the actor).
do $$
declare
  demo_admin uuid := (select id from auth.users where email = 'admin@demo.univ.cm');
  r record;
  app uuid;
  step text;
begin
  perform set_config('request.jwt.claim.sub', demo_admin::text, true);
  perform set_config('request.jwt.claims', jsonb_build_object('sub', demo_admin, 'role', 'authenticated')::text, true);
  for r in
    select * from (values
      ('general', 'Chinedu Okafor', 'chinedu.okafor@example.ng', 'NG', 'en', 'software-engineering', null, null, 'L1', array[]::text[], true),
      ('general', 'Mahamat Abakar', 'mahamat.abakar@example.td', 'TD', 'fr', 'accounting-finance', null, null, 'L1', array['under_review'], false),
      ('extension', 'Aïcha Ndong', 'aicha.ndong@example.ga', 'GA', 'fr', null, null, 'executive-mba', null, array['under_review', 'documents_requested'], true),
      ('international', 'Emily Carter', 'emily.carter@example.com', 'US', 'en', 'international-relations', null, null, 'M1', array['under_review', 'admitted'], true),
      ('extension', 'Julien Moreau', 'julien.moreau@example.fr', 'FR', 'fr', null, null, 'digital-transformation-diploma', null, array['under_review', 'waitlisted'], false),
      ('professional', 'Koffi Yao', 'koffi.yao@example.ci', 'CI', 'fr', null, 'web-developer', null, null, array['withdrawn'], false),
      ('general', 'Nadia Bello', 'nadia.bello@example.cm', 'CM', 'fr', 'software-engineering', null, null, 'L1', array[]::text[], true),
      ('general', 'Patrice Mvondo', 'patrice.mvondo@example.cm', 'CM', 'fr', 'business-law', null, null, 'L1', array['under_review', 'rejected'], false)
    ) as a (kind, full_name, email, country, locale, programme, formation, extension, level, steps, paid)
  loop
    insert into public.applications (kind, full_name, email, phone, country, city, preferred_locale, programme_id, level_code,
      professional_formation_id, extension_programme_id, birth_date, study_mode, consent_at, motivation, details)
    values (r.kind, r.full_name, r.email, '+237 6 77 10 20 ' || lpad((floor(random() * 100))::text, 2, '0'), r.country,
      case r.country when 'CM' then 'Yaoundé' when 'NG' then 'Lagos' when 'TD' then 'N''Djamena' when 'GA' then 'Libreville'
                     when 'US' then 'Boston' when 'FR' then 'Lyon' else 'Abidjan' end,
      r.locale,
      (select id from public.programmes where slug = r.programme), r.level,
      (select id from public.professional_formations where slug = r.formation),
      (select id from public.extension_programmes where slug = r.extension),
      make_date(1995 + floor(random() * 8)::int, 1 + floor(random() * 12)::int, 1 + floor(random() * 27)::int),
      'online', now() - interval '10 days',
      'Je souhaite me former en ligne tout en travaillant.',
      jsonb_build_object(
        'identity', jsonb_build_object('firstName', split_part(r.full_name, ' ', 1), 'lastName', split_part(r.full_name, ' ', 2),
                                       'birthPlace', 'Douala', 'idNumber', 'ID' || lpad((floor(random() * 1e7))::text, 7, '0')),
        'background', jsonb_build_object('lastDiploma', case when r.level = 'M1' then 'Licence' else 'Baccalauréat' end,
                                         'diplomaYear', '2022', 'institution', 'Lycée bilingue', 'marks', '13/20')))
    returning id into app;
    foreach step in array r.steps loop
      if step = 'documents_requested' then
        perform public.request_application_document(app, 'equivalence', 'Équivalence du diplôme délivrée par le ministère.');
      else
        perform set_config('app.status_note', case step when 'rejected' then 'Le niveau académique ne correspond pas aux prérequis de la formation.'
                                                       when 'waitlisted' then 'Les places de la formation sont toutes attribuées pour cette année.' else '' end, true);
        update public.applications set status = step,
          decision_reason = case step when 'rejected' then 'Le niveau académique ne correspond pas aux prérequis de la formation.'
                                      when 'waitlisted' then 'Les places de la formation sont toutes attribuées pour cette année.' end
        where id = app;
        perform set_config('app.status_note', '', true);
      end if;
    end loop;
    if r.paid then
      update public.applications set fee_paid_at = now() - interval '9 days' where id = app;
    end if;
    if r.steps <> array[]::text[] then
      insert into public.application_comments (application_id, author_id, body)
      values (app, demo_admin, 'Dossier lu : parcours cohérent, relevés à vérifier.');
    end if;
  end loop;
  perform set_config('request.jwt.claim.sub', '', true);
  perform set_config('request.jwt.claims', '', true);
end $$;
