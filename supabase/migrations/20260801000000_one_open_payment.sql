-- Money a bursar can trust (issue 19, security review M3): one bill line, one open payment.
--
-- open_payment now takes the line's lock (the student_fees row of the bill; the
-- application for an application fee) before it looks at anything, so concurrent
-- requests queue on that row and each one sees what the previous one committed (READ
-- COMMITTED takes a new snapshot per statement). Under the lock it:
--   * answers the payment an idempotency key already created (a retried request);
--   * refuses a new payment while one is open (created or pending, a bank slip waiting
--     included) on the same line: `payment_in_progress`;
--   * refuses an amount above what the line still owes: `already_paid`, `amount_too_high`
--     (no open payment can remain at that point, so "what remains after open payments" is
--     what student_dues says remains).
-- The error messages start with those codes; payments-initiate answers them as is.

-- What a line (bill, instalment or registration fee) still owes, its bill locked first so
-- that two credits of one line are decided one after the other.
create function private.lock_line_remaining(bill uuid, instalment uuid) returns bigint
  language plpgsql security definer set search_path = ''
as $$
declare
  remaining bigint;
begin
  perform 1 from public.student_fees sf where sf.id = bill for update;
  select d.remaining_xaf into remaining from public.student_dues d
  where d.student_fee_id = bill and d.instalment_id is not distinct from instalment;
  return coalesce(remaining, 0);
end;
$$;
revoke all on function private.lock_line_remaining(uuid, uuid) from public, anon, authenticated;

-- One bill line, one open payment, whatever the channel: open_payment here, a slip and cash
-- (20260802000000) refuse to open beside an open payment (a waiting slip included) under
-- the same lock, so an operator's late success beside a slip or cash cannot credit the
-- line twice. The bursar closes a stuck payment first (close_stuck_payment) or rejects
-- the waiting slip.
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

create or replace function public.open_payment(
  idempotency_key text, amount_xaf integer, method text, provider text, payer_phone text,
  student uuid default null, instalment uuid default null, application uuid default null,
  purpose text default 'tuition'
) returns public.payments
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  row public.payments;
  fee uuid;
  remaining bigint;
begin
  if amount_xaf is null or amount_xaf <= 0 then
    raise exception 'amount_invalid: the amount must be a positive number of francs' using errcode = '23514';
  end if;
  -- 1. The line's lock, first.
  if student is not null and purpose = 'tuition' then
    if instalment is not null then
      select sf.id into fee from public.student_fees sf
      join public.fee_instalments fi on fi.fee_schedule_id = sf.fee_schedule_id
      where fi.id = instalment and sf.student_id = student
      order by sf.created_at desc limit 1
      for update of sf;
    else
      select sf.id into fee from public.student_fees sf where sf.student_id = student
      order by sf.created_at desc limit 1
      for update;
    end if;
    if fee is null then
      raise exception 'not_your_bill: this line is not on the student''s bill' using errcode = '23514';
    end if;
  elsif application is not null then
    perform 1 from public.applications a where a.id = application for update;
    if not found then raise exception 'no such application' using errcode = 'P0002'; end if;
  else
    raise exception 'a payment is for a student''s bill or an application' using errcode = '23514';
  end if;

  -- 2. A retried request: the payment this key created.
  select * into row from public.payments p where p.idempotency_key = idempotency_key;
  if found then
    if row.amount_xaf <> amount_xaf or row.student_id is distinct from student or row.application_id is distinct from application
       or row.instalment_id is distinct from instalment then
      raise exception 'idempotency key reused for another payment' using errcode = '23505';
    end if;
    return row;
  end if;

  -- 3. One open payment per line; 4. never more than the line still owes.
  if fee is not null then
    perform private.refuse_beside_open_payment(fee, instalment);
    remaining := private.lock_line_remaining(fee, instalment);
    if remaining <= 0 then
      raise exception 'already_paid: nothing remains to pay on this line' using errcode = '23514';
    end if;
    if amount_xaf > remaining then
      raise exception 'amount_too_high: at most % XAF remain on this line', remaining using errcode = '23514';
    end if;
  elsif exists (select 1 from public.payments p
                where p.application_id = application and p.purpose = purpose and p.status in ('created', 'pending')) then
    raise exception 'payment_in_progress: a payment is already open for this application' using errcode = '23514';
  end if;

  insert into public.payments (student_id, student_fee_id, instalment_id, application_id, purpose, amount_xaf,
                               method, provider, payer_phone, idempotency_key, status)
  values (student, fee, instalment, application, purpose, amount_xaf, method, provider, payer_phone, idempotency_key, 'created')
  returning * into row;
  return row;
end;
$$;

-- The payer abandons its own open payment. A mobile-money request may still be approved
-- on the phone until the operator lets it lapse, so it can be abandoned only after the
-- operator's expiry (private.payment_abandonable_after, also shown on the page); a bank
-- slip waiting for the bursar may be withdrawn at any time.
create function private.payment_abandonable_after() returns interval
  language sql immutable set search_path = '' as $$ select interval '10 minutes' $$;
revoke all on function private.payment_abandonable_after() from public;

create or replace function public.cancel_my_payment(payment uuid) returns public.payments
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  row public.payments;
begin
  select * into row from public.payments p
  where p.id = payment and p.status in ('created', 'pending') and p.method in ('mtn_momo', 'orange_money', 'bank_transfer')
    and (p.student_id = (select auth.uid()) or exists (
      select 1 from public.applications a where a.id = p.application_id and a.applicant_id = (select auth.uid())))
  for update;
  if not found then raise exception 'this payment cannot be cancelled' using errcode = '42501'; end if;
  if row.method <> 'bank_transfer' and coalesce(row.initiated_at, row.created_at) > now() - private.payment_abandonable_after() then
    raise exception 'payment_still_running: the operator may still confirm this payment; check its status or wait' using errcode = '55000';
  end if;
  update public.payments p set status = 'cancelled', failure_reason = 'cancelled_by_payer'
  where p.id = row.id returning * into row;
  return row;
end;
$$;
