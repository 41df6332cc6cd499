-- Pending ends (issue 19, item 2) and every callback leaves a trace (item 3).
--
-- Why a payment stayed pending for 45 minutes: the reconciler's work list
-- (payments_to_reconcile) only holds payments it can ask an operator about (a provider and
-- an idempotency key). An open mobile-money payment without them (recorded before the
-- payments core, or by hand, as the demo's Orange Money payment) was never listed, so it
-- never expired. expire_unaskable_payments closes those once past the expiry; the
-- reconciler calls it at every run (the worker's tick and admin/technical's "run it now").

create function public.expire_unaskable_payments(older_than interval)
  returns integer
  language plpgsql security definer set search_path = ''
as $$
declare
  n integer;
begin
  update public.payments p set status = 'expired', failure_reason = 'expired', checked_at = now()
  where p.status in ('created', 'pending') and p.method in ('mtn_momo', 'orange_money')
    and (p.provider is null or p.idempotency_key is null)
    and coalesce(p.initiated_at, p.created_at) < now() - older_than;
  get diagnostics n = row_count;
  return n;
end;
$$;
revoke all on function public.expire_unaskable_payments(interval) from public, anon, authenticated;
grant execute on function public.expire_unaskable_payments(interval) to service_role;

-- The bursar closes a stuck mobile-money payment as failed or expired, with a reason
-- (admins only, at the level the other finance functions require: private.is_admin()
-- wants aal2 once the admin has a factor). Audited by the payments trigger (the bursar as
-- actor, the reason as note) and by an explicit payment.closed entry.
create function public.close_stuck_payment(payment uuid, outcome text, reason text) returns public.payments
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  row public.payments;
begin
  if not private.is_admin() then raise exception 'only the bursar closes payments' using errcode = '42501'; end if;
  if outcome is null or outcome not in ('failed', 'expired') then
    raise exception 'close as failed or expired' using errcode = '22023';
  end if;
  if reason is null or char_length(trim(reason)) < 3 or char_length(trim(reason)) > 500 then
    raise exception 'give the reason for closing this payment' using errcode = '23514';
  end if;
  select * into row from public.payments p where p.id = payment for update;
  if not found then raise exception 'no such payment' using errcode = 'P0002'; end if;
  if row.status not in ('created', 'pending') or row.method not in ('mtn_momo', 'orange_money') then
    raise exception 'payment_not_open: only an open mobile-money payment can be closed' using errcode = '23514';
  end if;
  update public.payments p set status = outcome,
    failure_reason = case when outcome = 'expired' then 'expired' else 'closed_by_bursar' end,
    note = trim(reason), checked_at = now()
  where p.id = row.id returning * into row;
  insert into public.audit_log (actor_id, action, target_type, target_id, details)
  values ((select auth.uid()), 'payment.closed', 'payment', row.id::text,
          jsonb_build_object('outcome', outcome, 'reason', trim(reason), 'amount_xaf', row.amount_xaf, 'method', row.method));
  return row;
end;
$$;
revoke all on function public.close_stuck_payment(uuid, text, text) from public, anon;
grant execute on function public.close_stuck_payment(uuid, text, text) to authenticated;

-- Every callback an operator (or anyone) sends to payments-callback, whatever became of
-- it: accepted, refused (bad signature, unknown payment, replay of a settled one) or
-- contradicted by the status re-query. Written by the function (service role); the
-- bursar reads it on admin/finance. The payer's number is stored masked (DOMAIN §4).
create table public.payment_callback_log (
  id bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  provider text check (provider is null or char_length(provider) <= 40),
  outcome text not null check (outcome in ('accepted', 'bad_signature', 'unknown_payment', 'replay', 'contradicted', 'error')),
  payment_id uuid references public.payments (id) on delete set null,
  -- What the callback claimed, and what the operator answered when asked again.
  claimed text check (claimed is null or claimed in ('pending', 'succeeded', 'failed', 'expired')),
  confirmed text check (confirmed is null or confirmed in ('pending', 'succeeded', 'failed', 'expired', 'cancelled', 'refunded', 'created')),
  credited boolean not null default false,
  payer_phone_masked text check (payer_phone_masked is null or (char_length(payer_phone_masked) <= 40 and payer_phone_masked !~ '\d{5}')),
  detail text check (detail is null or char_length(detail) <= 300)
);
comment on table public.payment_callback_log is 'Every payments-callback call and its fate (issue 19): accepted, refused or contradicted. Service role writes, admins read; phone numbers masked.';
create index payment_callback_log_received_idx on public.payment_callback_log (received_at desc);
create index payment_callback_log_payment_idx on public.payment_callback_log (payment_id);
alter table public.payment_callback_log enable row level security;
create policy "payment_callback_log: admins read" on public.payment_callback_log for select to authenticated
  using ((select private.is_admin()));
revoke all on public.payment_callback_log from anon, authenticated;
grant select on public.payment_callback_log to authenticated;
grant select, insert on public.payment_callback_log to service_role;
