-- Admissions (issue 13) wired to the payments core (issue 14, 20260502000000_payments_core):
-- an application-fee payment that succeeds marks its application's fee paid, whichever of
-- the callback, the reconciler or the bursar settles it. Reviewers see fee_paid_at.
create function private.mark_application_fee_paid() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if new.purpose = 'application_fee' and new.application_id is not null and new.status = 'succeeded'
     and (tg_op = 'INSERT' or old.status is distinct from 'succeeded') then
    update public.applications set fee_paid_at = coalesce(fee_paid_at, now()) where id = new.application_id;
  end if;
  return new;
end;
$$;
create trigger payments_application_fee_paid after insert or update of status on public.payments
  for each row execute function private.mark_application_fee_paid();
revoke all on function private.mark_application_fee_paid() from public;
