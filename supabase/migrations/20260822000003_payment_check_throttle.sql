-- « Vérifier maintenant » asks the operator at most once every 10 seconds per payment
-- (noticed after issue 19). The payments-check function queried MTN or Orange each time the
-- payer or the bursar pressed the button: a held-down key, a script or a few impatient taps
-- sent as many status requests as presses, which the operators throttle per API user (a
-- throttled API user then fails every payment's checks and callbacks' confirmations).
--
-- claim_payment_check(payment) records the check and answers true when the payment's last
-- check is at least min_seconds old (or there was none); false otherwise, and the function
-- answers 429 too_soon without asking the operator. One row per payment, updated in place
-- under its row lock, so two presses at the same moment claim one check between them. A
-- payment no longer open answers its status without a claim (nothing is asked).

create table private.payment_checks (
  payment_id uuid primary key references public.payments (id) on delete cascade,
  checked_at timestamptz not null default now()
);
alter table private.payment_checks enable row level security;
revoke all on private.payment_checks from public, anon, authenticated;
comment on table private.payment_checks is 'When the operator was last asked about each payment through « Vérifier maintenant » (claim_payment_check).';

create or replace function public.claim_payment_check(payment uuid, min_seconds integer default 10) returns boolean
language sql security definer set search_path = '' as $$
  with claimed as (
    insert into private.payment_checks as c (payment_id, checked_at) values (payment, now())
    on conflict (payment_id) do update set checked_at = excluded.checked_at
      where c.checked_at <= now() - make_interval(secs => greatest(min_seconds, 0))
    returning 1
  )
  select exists (select 1 from claimed);
$$;
revoke all on function public.claim_payment_check(uuid, integer) from public, anon, authenticated;
grant execute on function public.claim_payment_check(uuid, integer) to service_role;
comment on function public.claim_payment_check(uuid, integer) is 'payments-check only: true when the operator may be asked about this payment now (its last check is min_seconds old or more), and records this check; false when too soon.';
