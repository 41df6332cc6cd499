-- Demo data for admin/settings: the institution as the public site presents it
-- (src/content/site/brand.yaml), with a taxpayer number, and the previous academic year
-- so the settings page shows a history of years and semesters.
update public.institution_settings set
  name = 'Université en ligne du Cameroun',
  niu = 'M012000012345A',
  phone = '+237 6 99 20 20 20',
  email = 'contact@uel-cameroun.cm',
  postal_address = 'BP 8203, Yaoundé',
  matricule_pattern = '{YY}{SCHOOL}{SEQ:4}';

do $$
declare
  current_start integer := (select extract(year from starts_on)::integer from public.academic_years where is_current);
  y integer := current_start - 1;
  previous uuid;
begin
  insert into public.academic_years (label, starts_on, ends_on, is_current)
  values (y || '-' || (y + 1), make_date(y, 9, 1), make_date(y + 1, 7, 31), false)
  on conflict (label) do nothing
  returning id into previous;
  if previous is not null then
    insert into public.semesters (academic_year_id, number, name_fr, name_en, starts_on, ends_on) values
      (previous, 1, 'Semestre 1', 'Semester 1', make_date(y, 9, 15), make_date(y + 1, 2, 10)),
      (previous, 2, 'Semestre 2', 'Semester 2', make_date(y + 1, 2, 11), make_date(y + 1, 7, 15));
  end if;
end $$;
