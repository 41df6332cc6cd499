-- Bank slips and refunds a bursar can trust (issue 19 items 5 and 8; security review
-- 2026-11-26 L1, L6).
--
-- * A slip's file is in the student's own folder of the bank-slips bucket, `<uid>/<file>`,
--   without `..` (storage normalises it, so `A/../B/x` opened B's real slip), and exists.
-- * Approving a slip locks it and its bill: two bursars approving at once credit it once
--   (the second finds it decided), and a slip is never credited above what its line still
--   owes.
-- * A refund locks the payment and refunds only a succeeded payment: a second refund is
--   refused (it rewrote the reason before). Its reason is required by the database itself
--   (private.check_payment), so it reaches the cancelling receipt (private.issue_receipt
--   copies new.note as 'reason') and the audit entry (payment.refunded, details.note).
-- * A refunded payment is final: only the reconciler's check stamp and mismatch flag may
--   still change on it.
-- * Cash at the desk, like a slip, never credits a line above what it still owes.
-- * A slip is not declared, nor cash taken, while a payment is open on the line.

-- private.lock_line_remaining and private.refuse_beside_open_payment, the line's lock and
-- its one-open-payment rule, come from 20260801000000 (open_payment uses them too).

create or replace function private.check_payment() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  changed text;
begin
  if tg_op = 'INSERT' then
    if new.status not in ('created', 'pending', 'succeeded', 'failed') then
      raise exception 'a payment cannot start as %', new.status using errcode = '23514';
    end if;
    new.status_changed_at := now();
    if new.status = 'succeeded' then new.paid_at := coalesce(new.paid_at, now()); end if;
    return new;
  end if;
  if not private.payment_transition_allowed(old.status, new.status) then
    raise exception 'illegal payment transition: % → %', old.status, new.status using errcode = '23514';
  end if;
  -- A refund is final: its reason (on the cancelling receipt) and everything else stay.
  if old.status = 'refunded' then
    changed := private.changed_columns(to_jsonb(new), to_jsonb(old), array['checked_at', 'mismatch']);
    if changed is not null then
      raise exception 'this payment was already refunded (% cannot change)', changed using errcode = '23514';
    end if;
    return new;
  end if;
  if new.status = 'refunded' and (new.note is null or char_length(btrim(new.note)) < 3) then
    raise exception 'give the reason for the refund' using errcode = '23514';
  end if;
  changed := private.changed_columns(to_jsonb(new), to_jsonb(old), array[
    'status', 'paid_at', 'reference', 'failure_reason', 'note', 'initiated_at', 'status_changed_at',
    'checked_at', 'mismatch', 'recorded_by', 'payer_phone']);
  if changed is not null then
    raise exception 'a payment''s % cannot change', changed using errcode = '42501';
  end if;
  if new.status is distinct from old.status then
    new.status_changed_at := now();
    if new.status = 'succeeded' then new.paid_at := coalesce(new.paid_at, now()); end if;
  end if;
  return new;
end;
$$;

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

-- The bursar's decision on a slip (admins), audited by the payments trigger with the bursar's id.
create or replace function public.review_bank_slip(payment uuid, approve boolean, reason text default null) returns public.payments
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  row public.payments;
  remaining bigint;
begin
  if not private.is_admin() then raise exception 'only the bursar reviews slips' using errcode = '42501'; end if;
  if approve is null then raise exception 'approve or reject the slip' using errcode = '22023'; end if;
  if not approve and (reason is null or char_length(trim(reason)) < 3) then
    raise exception 'give the reason for rejecting the slip' using errcode = '23514';
  end if;
  -- The slip locked: a second bursar deciding at the same moment waits here, then reads the
  -- first one's decision and is refused.
  select * into row from public.payments p where p.id = payment and p.method = 'bank_transfer' for update;
  if not found then raise exception 'no such bank slip' using errcode = 'P0002'; end if;
  if row.status <> 'pending' then
    raise exception 'this slip was already decided (%)', row.status using errcode = '23514';
  end if;
  if approve and row.student_fee_id is not null then
    remaining := private.lock_line_remaining(row.student_fee_id, row.instalment_id);
    if row.amount_xaf > remaining then
      raise exception 'this slip (% XAF) is more than the line still owes (% XAF): reject it with that reason', row.amount_xaf, remaining
        using errcode = '23514';
    end if;
  end if;
  update public.payments p set status = case when approve then 'succeeded' else 'failed' end,
    failure_reason = case when approve then null else 'slip_rejected' end,
    note = nullif(trim(reason), '')
  where p.id = payment returning * into row;
  return row;
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

create or replace function public.refund_payment(payment uuid, reason text) returns public.payments
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  row public.payments;
begin
  if not private.is_admin() then raise exception 'only the bursar refunds' using errcode = '42501'; end if;
  if reason is null or char_length(trim(reason)) < 3 or char_length(trim(reason)) > 500 then
    raise exception 'give the reason for the refund' using errcode = '23514';
  end if;
  -- The payment locked: two refunds at once refund it once; the second reads "refunded".
  select * into row from public.payments p where p.id = payment for update;
  if not found then raise exception 'no such payment' using errcode = 'P0002'; end if;
  if row.status = 'refunded' then
    raise exception 'this payment was already refunded' using errcode = '23514';
  end if;
  if row.status <> 'succeeded' then
    raise exception 'only a succeeded payment is refunded (this one is %)', row.status using errcode = '23514';
  end if;
  -- The trigger audits it (payment.refunded, with the reason as note) and issues the
  -- cancelling receipt carrying the reason.
  update public.payments p set status = 'refunded', note = trim(reason) where p.id = payment returning * into row;
  return row;
end;
$$;
