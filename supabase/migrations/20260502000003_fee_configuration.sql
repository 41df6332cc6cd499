-- Fee configuration (admin/financial-management, issue 14 item 1): every change to a fee
-- schedule, its instalments or a student's bill is audited; a schedule is assigned to the
-- students it concerns in one audited action; a discount carries its reason.

create function private.audit_fee_configuration() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  row jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
  kind text := case tg_table_name when 'fee_schedules' then 'fee_schedule' when 'fee_instalments' then 'fee_instalment' else 'student_fee' end;
begin
  insert into public.audit_log (actor_id, action, target_type, target_id, details)
  values (private.acting_user(),
    kind || '.' || case tg_op when 'INSERT' then 'created' when 'UPDATE' then 'changed' else 'removed' end,
    kind, row ->> 'id',
    case when tg_op = 'UPDATE'
      then coalesce((select jsonb_object_agg(n.key, n.value) from jsonb_each(row) n
                     where n.key not in ('created_at', 'updated_at') and n.value is distinct from to_jsonb(old) -> n.key), '{}'::jsonb)
      else row - 'created_at' end);
  return null;
end;
$$;
revoke all on function private.audit_fee_configuration() from public;
create trigger fee_schedules_audit after insert or update or delete on public.fee_schedules
  for each row execute function private.audit_fee_configuration();
create trigger fee_instalments_audit after insert or update or delete on public.fee_instalments
  for each row execute function private.audit_fee_configuration();
create trigger student_fees_audit after insert or update or delete on public.student_fees
  for each row execute function private.audit_fee_configuration();

-- A discount (scholarship, staff child…) is given with its reason, audited.
create function public.set_student_discount(bill uuid, amount_xaf integer, reason text) returns public.student_fees
  language plpgsql security invoker set search_path = ''
as $$
#variable_conflict use_variable
declare
  row public.student_fees;
begin
  if not private.is_admin() then
    raise exception 'only the bursar gives discounts' using errcode = '42501';
  end if;
  if amount_xaf is null or amount_xaf < 0 then
    raise exception 'a discount is zero or more francs' using errcode = '23514';
  end if;
  if amount_xaf > 0 and (reason is null or char_length(trim(reason)) < 2) then
    raise exception 'give the reason for the discount' using errcode = '23514';
  end if;
  update public.student_fees f set discount_xaf = amount_xaf,
    discount_reason = case when amount_xaf = 0 then null else trim(reason) end
  where f.id = bill returning * into row;
  if not found then raise exception 'unknown bill' using errcode = '22023'; end if;
  return row;
end;
$$;
revoke all on function public.set_student_discount(uuid, integer, text) from public, anon;
grant execute on function public.set_student_discount(uuid, integer, text) to authenticated;

-- Bills the schedule to the students it concerns: the given ones, or (students null) every
-- student actively registered in its academic year for its programme and level, formation
-- or extension programme. Students already billed keep their bill. Answers how many bills
-- were created.
create function public.assign_fee_schedule(schedule uuid, students uuid[] default null) returns integer
  language plpgsql security invoker set search_path = ''
as $$
#variable_conflict use_variable
declare
  s public.fee_schedules;
  created integer;
begin
  if not private.is_admin() then
    raise exception 'only the bursar assigns fee schedules' using errcode = '42501';
  end if;
  select * into s from public.fee_schedules f where f.id = schedule;
  if s.id is null then raise exception 'unknown fee schedule' using errcode = '22023'; end if;
  with target as (
    select r.student_id from public.student_registrations r
    where students is null and r.academic_year_id = s.academic_year_id and r.status = 'active'
      and r.programme_id is not distinct from s.programme_id
      and (s.level_code is null or r.level_code = s.level_code)
      and r.professional_formation_id is not distinct from s.professional_formation_id
      and r.extension_programme_id is not distinct from s.extension_programme_id
    union
    select unnest(students) as student_id
  ), added as (
    insert into public.student_fees (student_id, fee_schedule_id)
    select t.student_id, schedule from target t where t.student_id is not null
    on conflict (student_id, fee_schedule_id) do nothing
    returning 1
  )
  select count(*) into created from added;
  perform public.record_audit('fee_schedule.assigned', 'fee_schedule', schedule::text,
    jsonb_build_object('students', coalesce(cardinality(students), -1), 'created', created));
  return created;
end;
$$;
revoke all on function public.assign_fee_schedule(uuid, uuid[]) from public, anon;
grant execute on function public.assign_fee_schedule(uuid, uuid[]) to authenticated;

-- An instalment somebody already paid stays: removing it would detach the payments.
create function private.keep_paid_instalment() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if exists (select 1 from public.payments p where p.instalment_id = old.id) and (select auth.role()) is not null then
    raise exception 'this instalment has payments: change its date or amount instead of removing it' using errcode = '23503';
  end if;
  return old;
end;
$$;
revoke all on function private.keep_paid_instalment() from public;
create trigger fee_instalments_keep_paid before delete on public.fee_instalments
  for each row execute function private.keep_paid_instalment();
