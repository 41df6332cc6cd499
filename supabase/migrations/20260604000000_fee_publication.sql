-- Fee schedules published on the public site and created in one step (issue 14 item 1).
--
-- * published: a schedule the bursar is still preparing (false) stays off the public
--   programme pages; existing schedules are published.
-- * public.published_fees(kind, slug): what the public programme, formation and extension
--   programme pages show at runtime (anyone may call it): the current academic year's
--   published schedules of that programme — labels, level, fees, instalments with due
--   dates and the late-penalty rule. No student data.
-- * public.create_fee_schedule(...): the bursar creates a schedule with its instalments in
--   one atomic, audited call (the audit triggers of 20260502000003 record each row).

alter table public.fee_schedules add column published boolean not null default true;
comment on column public.fee_schedules.published is 'Shown on the public programme pages (public.published_fees) when the schedule is in the current academic year.';

create function public.published_fees(kind text, slug text) returns jsonb
  language sql stable security definer set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'label_fr', fs.label_fr, 'label_en', fs.label_en, 'academic_year', ay.label,
      'level_code', fs.level_code, 'level_fr', l.name_fr, 'level_en', l.name_en,
      'registration_fee_xaf', fs.registration_fee_xaf, 'tuition_xaf', fs.tuition_xaf,
      'late_penalty_xaf', fs.late_penalty_xaf, 'late_grace_days', fs.late_grace_days,
      'instalments', coalesce((select jsonb_agg(jsonb_build_object(
          'position', fi.position, 'label_fr', fi.label_fr, 'label_en', fi.label_en,
          'amount_xaf', fi.amount_xaf, 'due_on', fi.due_on) order by fi.position)
        from public.fee_instalments fi where fi.fee_schedule_id = fs.id), '[]'::jsonb))
    order by l.position nulls first, fs.created_at), '[]'::jsonb)
  from public.fee_schedules fs
  join public.academic_years ay on ay.id = fs.academic_year_id and ay.is_current
  left join public.levels l on l.code = fs.level_code
  where fs.published
    and case $1
      when 'programme' then fs.programme_id = (select p.id from public.programmes p where p.slug::text = $2)
      when 'formation' then fs.professional_formation_id = (select f.id from public.professional_formations f where f.slug::text = $2)
      when 'extension' then fs.extension_programme_id = (select x.id from public.extension_programmes x where x.slug::text = $2)
      else false end;
$$;
revoke all on function public.published_fees(text, text) from public;
grant execute on function public.published_fees(text, text) to anon, authenticated, service_role;

-- instalments: [{label_fr, label_en, amount_xaf, due_on}, …] in order (1 to 12 lines);
-- their amounts add up to the tuition and their due dates do not go back in time.
create function public.create_fee_schedule(
  academic_year uuid, label_fr text, label_en text, registration_fee_xaf integer, tuition_xaf integer,
  late_penalty_xaf integer, late_grace_days integer, instalments jsonb,
  programme uuid default null, level text default null, formation uuid default null, extension uuid default null,
  published boolean default true
) returns uuid
  language plpgsql security invoker set search_path = ''
as $$
#variable_conflict use_variable
declare
  created uuid;
  line jsonb;
  n integer := 0;
  total bigint := 0;
  previous date;
  due date;
begin
  if not private.is_admin() then
    raise exception 'only the bursar creates fee schedules' using errcode = '42501';
  end if;
  if num_nonnulls(programme, formation, extension) <> 1 then
    raise exception 'choose one programme, formation or extension programme' using errcode = '23514';
  end if;
  if char_length(trim(coalesce(label_fr, ''))) not between 1 and 200 or char_length(trim(coalesce(label_en, ''))) not between 1 and 200 then
    raise exception 'labels of 1 to 200 characters in French and English' using errcode = '23514';
  end if;
  if jsonb_typeof(instalments) is distinct from 'array' or jsonb_array_length(instalments) not between 1 and 12 then
    raise exception 'give 1 to 12 instalments' using errcode = '23514';
  end if;
  insert into public.fee_schedules (academic_year_id, programme_id, level_code, professional_formation_id, extension_programme_id,
    label_fr, label_en, registration_fee_xaf, tuition_xaf, late_penalty_xaf, late_grace_days, published)
  values (academic_year, programme, level, formation, extension, trim(label_fr), trim(label_en),
    registration_fee_xaf, tuition_xaf, late_penalty_xaf, late_grace_days, coalesce(published, true))
  returning id into created;
  for line in select value from jsonb_array_elements(instalments) loop
    n := n + 1;
    if jsonb_typeof(line -> 'amount_xaf') is distinct from 'number' or (line ->> 'amount_xaf') !~ '^[0-9]{1,9}$' then
      raise exception 'instalment %: the amount is whole francs', n using errcode = '23514';
    end if;
    due := (line ->> 'due_on')::date;
    if due is null then raise exception 'instalment %: give its due date', n using errcode = '23514'; end if;
    if previous is not null and due < previous then
      raise exception 'instalment %: due dates go in order', n using errcode = '23514';
    end if;
    previous := due;
    total := total + (line ->> 'amount_xaf')::bigint;
    insert into public.fee_instalments (fee_schedule_id, position, label_fr, label_en, amount_xaf, due_on)
    values (created, n, trim(line ->> 'label_fr'), trim(line ->> 'label_en'), (line ->> 'amount_xaf')::integer, due);
  end loop;
  if total <> tuition_xaf then
    raise exception 'the instalments add up to %, not the tuition (%)', total, tuition_xaf using errcode = '23514';
  end if;
  return created;
end;
$$;
revoke all on function public.create_fee_schedule(uuid, text, text, integer, integer, integer, integer, jsonb, uuid, text, uuid, uuid, boolean) from public, anon;
grant execute on function public.create_fee_schedule(uuid, text, text, integer, integer, integer, integer, jsonb, uuid, text, uuid, uuid, boolean) to authenticated;

-- Labels of instalments are required text too.
alter table public.fee_instalments
  add constraint fee_instalments_labels check (char_length(label_fr) between 1 and 200 and char_length(label_en) between 1 and 200);
