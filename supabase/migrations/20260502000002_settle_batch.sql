-- The reconciler records many provider answers in one call: settle_payment for each item
-- of [{key, outcome, reference?, reason?}] (at most 1000), in order, each as atomic and
-- idempotent as a single call (the row lock is taken per payment). Service role only.
create function public.settle_payments(items jsonb)
  returns table (idempotency_key text, payment_id uuid, status text, credited boolean)
  language plpgsql security definer set search_path = ''
as $$
declare
  item jsonb;
  settled record;
begin
  if jsonb_typeof(items) <> 'array' or jsonb_array_length(items) > 1000 then
    raise exception 'items must be a list of at most 1000 answers' using errcode = '22023';
  end if;
  for item in select value from jsonb_array_elements(items) loop
    select * into settled from public.settle_payment(item ->> 'key', item ->> 'outcome', item ->> 'reference', item ->> 'reason');
    idempotency_key := item ->> 'key';
    payment_id := settled.payment_id;
    status := settled.status;
    credited := settled.credited;
    return next;
  end loop;
end;
$$;
revoke all on function public.settle_payments(jsonb) from public, anon, authenticated;
grant execute on function public.settle_payments(jsonb) to service_role;

-- The reconciler's work list, a page at a time (the Data API answers at most 1000 rows):
-- open payments older than `older_than`, ordered by (created_at, id), after the given key.
drop function public.payments_to_reconcile(interval, integer);
create function public.payments_to_reconcile(older_than interval, max_rows integer default 1000,
                                             after_created timestamptz default null, after_id uuid default null)
  returns table (id uuid, idempotency_key text, provider text, reference text, payer_phone text,
                 status text, created_at timestamptz, initiated_at timestamptz)
  language sql stable security definer set search_path = ''
as $$
  select p.id, p.idempotency_key, p.provider, p.reference, p.payer_phone, p.status, p.created_at, p.initiated_at
  from public.payments p
  where p.status in ('created', 'pending') and p.provider is not null and p.idempotency_key is not null
    and p.created_at < now() - older_than
    and (after_created is null or (p.created_at, p.id) > (after_created, after_id))
  order by p.created_at, p.id
  limit least(greatest(max_rows, 1), 1000);
$$;
revoke all on function public.payments_to_reconcile(interval, integer, timestamptz, uuid) from public, anon, authenticated;
grant execute on function public.payments_to_reconcile(interval, integer, timestamptz, uuid) to service_role;
