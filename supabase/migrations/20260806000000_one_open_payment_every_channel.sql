-- One bill line, one open payment, whatever the channel (issue 19 item 1). open_payment
-- (20260801000000) refuses a mobile-money payment beside an open one, a waiting slip
-- included; here a slip and cash obey the same rule under the same lock (the bill's
-- student_fees row, private.lock_line_remaining): a slip is not declared, nor cash taken,
-- while a mobile-money payment or another slip is open on the line, and a slip never
-- declares more than the line still owes. Otherwise an operator's late success beside a
-- slip or cash would credit the line twice. The bursar closes a stuck payment first
-- (close_stuck_payment) or rejects the waiting slip.

create function private.refuse_beside_open_payment(bill uuid, instalment uuid) returns void
  language plpgsql stable security definer set search_path = ''
as $$
begin
  if exists (select 1 from public.payments p
             where p.student_fee_id = bill and p.instalment_id is not distinct from instalment
               and p.status in ('created', 'pending')) then
    raise exception 'payment_in_progress: a payment is already open for this line; wait for it, or close it first'
      using errcode = '23514';
  end if;
end;
$$;
revoke all on function private.refuse_beside_open_payment(uuid, uuid) from public, anon, authenticated;

create or replace function public.submit_bank_slip(instalment uuid, amount_xaf integer, bank_reference text, slip_path text)
  returns uuid
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  me uuid := (select auth.uid());
  folder text;
  fee uuid;
  created uuid;
  remaining bigint;
begin
  if me is null then raise exception 'sign in first' using errcode = '42501'; end if;
  folder := me::text || '/';
  -- The file is the student's own, named as storage will find it (no `..`, as check_submission).
  if slip_path is null or left(slip_path, length(folder)) <> folder or length(slip_path) = length(folder)
     or slip_path like '%..%' or strpos(slip_path, chr(92)) > 0 or slip_path like '%//%' then
    raise exception 'the slip must be a file in your own folder' using errcode = '42501';
  end if;
  if not exists (select 1 from storage.objects o where o.bucket_id = 'bank-slips' and o.name = slip_path) then
    raise exception 'upload the slip''s photo or PDF first' using errcode = '23514';
  end if;
  if amount_xaf is null or amount_xaf <= 0 then raise exception 'amount must be positive' using errcode = '23514'; end if;
  select sf.id into fee from public.student_fees sf
  left join public.fee_instalments fi on fi.fee_schedule_id = sf.fee_schedule_id and fi.id = instalment
  where sf.student_id = me and (instalment is null or fi.id is not null)
  order by sf.created_at desc limit 1;
  if fee is null then raise exception 'this instalment is not on your bill' using errcode = '23514'; end if;
  remaining := private.lock_line_remaining(fee, instalment);
  perform private.refuse_beside_open_payment(fee, instalment);
  if remaining <= 0 then raise exception 'already_paid: nothing remains to pay on this line' using errcode = '23514'; end if;
  if amount_xaf > remaining then
    raise exception 'amount_too_high: at most % XAF remain on this line', remaining using errcode = '23514';
  end if;
  insert into public.payments (student_id, student_fee_id, instalment_id, amount_xaf, method, status, reference, slip_path)
  values (me, fee, instalment, amount_xaf, 'bank_transfer', 'pending', nullif(trim(bank_reference), ''), slip_path)
  returning id into created;
  return created;
end;
$$;

create or replace function public.record_cash_payment(student uuid, instalment uuid, amount_xaf integer, cash_reference text)
  returns public.payments
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  row public.payments;
  fee uuid;
  remaining bigint;
begin
  if not private.is_admin() then raise exception 'only the bursar records cash' using errcode = '42501'; end if;
  if cash_reference is null or char_length(trim(cash_reference)) < 2 then
    raise exception 'give the cash-desk slip number' using errcode = '23514';
  end if;
  if amount_xaf is null or amount_xaf <= 0 then raise exception 'amount must be positive' using errcode = '23514'; end if;
  select sf.id into fee from public.student_fees sf
  left join public.fee_instalments fi on fi.fee_schedule_id = sf.fee_schedule_id and fi.id = instalment
  where sf.student_id = student and (instalment is null or fi.id is not null)
  order by sf.created_at desc limit 1;
  if fee is null then raise exception 'this instalment is not on the student''s bill' using errcode = '23514'; end if;
  remaining := private.lock_line_remaining(fee, instalment);
  perform private.refuse_beside_open_payment(fee, instalment);
  if amount_xaf > remaining then
    raise exception 'the amount is more than the line still owes (% XAF)', remaining using errcode = '23514';
  end if;
  insert into public.payments (student_id, student_fee_id, instalment_id, amount_xaf, method, status, reference)
  values (student, fee, instalment, amount_xaf, 'cash', 'succeeded', trim(cash_reference))
  returning * into row;
  return row;
end;
$$;
