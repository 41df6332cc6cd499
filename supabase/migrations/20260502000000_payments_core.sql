-- Payments core (issue 14, DOMAIN §3): every franc traceable, every receipt verifiable.
--
-- * A payment moves created → pending → succeeded | failed | expired | cancelled, and a
--   succeeded one may later be refunded; nothing else (private.check_payment, below). Its
--   idempotency key is written (open_payment) before any operator is called.
-- * Crediting is one atomic, idempotent function (settle_payment): the operator's callback
--   and the reconciler may both call it, at once or twice, and the payment is credited
--   once. Only the service role (the payments functions, the worker) calls it.
-- * A payment may be a student's (tuition) or an applicant's (application fee, linked to
--   public.applications, no student yet).
-- * Receipts are numbered REC-<year>-<000001> sequentially per year (no gaps), carry a
--   snapshot of what DOMAIN §3 lists, and are never edited: a correction is a cancelling
--   receipt (kind 'cancellation').
-- * Every change is written to public.audit_log.
-- * Students no longer insert payments directly: they pay through the payments-initiate
--   function and declare bank slips through submit_bank_slip.
--
-- Entry points for other features (admissions' application fee, see README "Payments"):
--   public.open_payment(...)         service role: the row and its idempotency key
--   public.mark_payment_pending(...) service role: the operator accepted the request
--   public.settle_payment(...)       service role: the confirmed outcome, credited once

-- ---------------------------------------------------------------------------------
-- Schedules and bills: configurable late penalty, a reason for every discount.
alter table public.fee_schedules
  add column late_penalty_xaf integer not null default 0 check (late_penalty_xaf >= 0),
  add column late_grace_days smallint not null default 0 check (late_grace_days between 0 and 90);
comment on column public.fee_schedules.late_penalty_xaf is 'Penalty owed per instalment paid after its due date plus late_grace_days (configurable; 0 = none).';
alter table public.student_fees
  add column discount_reason text check (discount_reason is null or char_length(discount_reason) between 2 and 300);

-- ---------------------------------------------------------------------------------
-- Payments.
alter table public.payments alter column student_id drop not null;
alter table public.payments
  add column application_id uuid references public.applications (id) on delete restrict,
  add column purpose text not null default 'tuition' check (purpose in ('tuition', 'application_fee')),
  -- Which PaymentProvider adapter handles it ('simulator', 'mtn_momo', …); null for cash and bank slips.
  add column provider text check (provider is null or provider ~ '^[a-z][a-z0-9_]{1,30}$'),
  -- Ours, stored before the provider is called; MTN's X-Reference-Id is this key.
  add column idempotency_key text unique check (idempotency_key is null or char_length(idempotency_key) between 8 and 100),
  -- Why it failed, as a code the page explains in plain words.
  add column failure_reason text check (failure_reason is null or failure_reason ~ '^[a-z][a-z_]{1,40}$'),
  -- The bursar's reason for rejecting a slip or refunding.
  add column note text check (note is null or char_length(note) <= 500),
  add column slip_path text check (slip_path is null or char_length(slip_path) <= 1024),
  add column initiated_at timestamptz,
  add column status_changed_at timestamptz not null default now(),
  add column checked_at timestamptz,
  -- Set when the provider's answer disagrees with our record (reconciliation queue).
  add column mismatch text check (mismatch is null or char_length(mismatch) <= 300),
  add constraint payments_payer check (num_nonnulls(student_id, application_id) >= 1),
  add constraint payments_application_fee check (purpose <> 'application_fee' or application_id is not null);
alter table public.payments drop constraint payments_status_check;
alter table public.payments add constraint payments_status_check
  check (status in ('created', 'pending', 'succeeded', 'failed', 'expired', 'cancelled', 'refunded'));
create index payments_application_id_idx on public.payments (application_id);
create index payments_open_idx on public.payments (status, created_at) where status in ('created', 'pending');
comment on column public.payments.status is 'created → pending → succeeded | failed | expired | cancelled; succeeded → refunded. Checked by private.check_payment.';

create function private.payment_transition_allowed(from_status text, to_status text) returns boolean
  language sql immutable set search_path = ''
as $$
  select from_status = to_status or (from_status, to_status) in (
    ('created', 'pending'), ('created', 'failed'), ('created', 'cancelled'), ('created', 'expired'),
    ('pending', 'succeeded'), ('pending', 'failed'), ('pending', 'expired'), ('pending', 'cancelled'),
    ('succeeded', 'refunded')
  );
$$;

-- Only legal transitions; what was paid, by whom and for what never changes afterwards.
create function private.check_payment() returns trigger
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
create trigger payments_check before insert or update on public.payments
  for each row execute function private.check_payment();

create function private.audit_payment() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.status is not distinct from old.status and new.mismatch is not distinct from old.mismatch then
    return new;
  end if;
  insert into public.audit_log (actor_id, action, target_type, target_id, details)
  values (private.acting_user(),
    'payment.' || case when tg_op = 'INSERT' then 'recorded'
                       when new.status is distinct from old.status then new.status
                       else 'mismatch' end,
    'payment', new.id::text,
    jsonb_strip_nulls(jsonb_build_object(
      'from', case when tg_op = 'UPDATE' then old.status end, 'to', new.status,
      'amount_xaf', new.amount_xaf, 'method', new.method, 'provider', new.provider,
      'reference', new.reference, 'reason', new.failure_reason, 'note', new.note, 'mismatch', new.mismatch)));
  return new;
end;
$$;
create trigger payments_audit after insert or update on public.payments
  for each row execute function private.audit_payment();
revoke all on function private.check_payment(), private.audit_payment(), private.payment_transition_allowed(text, text) from public;
grant execute on function private.payment_transition_allowed(text, text) to authenticated, service_role;

-- Students pay through the functions below (and the payments-initiate function), never by
-- writing rows: a hand-made pending row could otherwise be "confirmed" by a simulator.
drop policy "payments: students declare pending payments, admins record any" on public.payments;
create policy "payments: admins record" on public.payments for insert to authenticated
  with check ((select private.is_admin()));
-- The applicant (not yet a student) reads its application-fee payments too.
create function private.is_my_application(application uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$ select exists (select 1 from public.applications a where a.id = application and a.applicant_id = (select auth.uid())); $$;
revoke all on function private.is_my_application(uuid) from public;
grant execute on function private.is_my_application(uuid) to authenticated, service_role;
drop policy "payments: the student and admins read" on public.payments;
create policy "payments: the payer and admins read" on public.payments for select to authenticated
  using (student_id = (select auth.uid()) or (select private.is_admin())
         or (application_id is not null and private.is_my_application(application_id)));

-- ---------------------------------------------------------------------------------
-- Receipts: numbered per year, a snapshot of what they certify, a public verification code.
alter table public.receipts
  add column kind text not null default 'payment' check (kind in ('payment', 'cancellation')),
  add column cancels_receipt_id uuid unique references public.receipts (id) on delete restrict,
  add column verification_code text not null unique default replace(gen_random_uuid()::text, '-', '')
    check (verification_code ~ '^[0-9a-f]{32}$'),
  add column details jsonb not null default '{}'::jsonb check (jsonb_typeof(details) = 'object' and pg_column_size(details) <= 8000),
  add constraint receipts_cancellation check ((kind = 'cancellation') = (cancels_receipt_id is not null));
alter table public.receipts drop constraint receipts_payment_id_key;
create unique index receipts_one_per_payment_kind on public.receipts (payment_id, kind);
comment on column public.receipts.details is 'What the receipt certifies, as issued (payer, matricule, year, item, instalment n/N, balance after, channel, operator reference).';

create table private.receipt_counters (
  year integer primary key,
  last integer not null
);
alter table private.receipt_counters enable row level security;

create function private.next_receipt_number(at timestamptz) returns text
  language plpgsql set search_path = ''
as $$
declare
  y integer := extract(year from at at time zone 'Africa/Douala')::integer;
  n integer;
begin
  update private.receipt_counters c set last = c.last + 1 where c.year = y returning c.last into n;
  if not found then
    -- The year's first receipt: continue after any receipt numbered before the counter existed.
    insert into private.receipt_counters as c (year, last)
    values (y, 1 + coalesce((select max(regexp_replace(r.number, '^REC-\d{4}-', '')::integer)
                             from public.receipts r where r.number ~ ('^REC-' || y || '-\d+$')), 0))
    on conflict (year) do update set last = c.last + 1
    returning c.last into n;
  end if;
  return 'REC-' || y || '-' || lpad(n::text, 6, '0');
end;
$$;

-- What a receipt states, taken when it is issued.
create function private.receipt_details(p public.payments) returns jsonb
  language sql stable security definer set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'institution', (select name from public.institution_settings limit 1),
    'niu', (select niu from public.institution_settings limit 1),
    'payer', coalesce((select full_name from public.profiles where id = p.student_id),
                      (select full_name from public.applications where id = p.application_id)),
    'matricule', (select r.student_number from public.student_registrations r
                  where r.student_id = p.student_id and r.student_number is not null
                  order by r.registered_at desc limit 1),
    'academic_year', (select ay.label from public.student_fees sf
                      join public.fee_schedules fs on fs.id = sf.fee_schedule_id
                      join public.academic_years ay on ay.id = fs.academic_year_id
                      where sf.id = p.student_fee_id),
    'item_fr', case when p.purpose = 'application_fee' then 'Frais de candidature'
                    when p.instalment_id is null then 'Frais d''inscription'
                    else (select fi.label_fr from public.fee_instalments fi where fi.id = p.instalment_id) end,
    'item_en', case when p.purpose = 'application_fee' then 'Application fee'
                    when p.instalment_id is null then 'Registration fee'
                    else (select fi.label_en from public.fee_instalments fi where fi.id = p.instalment_id) end,
    'instalment', (select fi.position from public.fee_instalments fi where fi.id = p.instalment_id),
    'instalments', (select count(*) from public.fee_instalments a join public.fee_instalments fi
                    on fi.fee_schedule_id = a.fee_schedule_id where fi.id = p.instalment_id),
    'balance_xaf', (select b.balance_xaf from public.student_balances b where b.student_id = p.student_id),
    'channel', p.method,
    'operator_reference', p.reference,
    'paid_at', p.paid_at
  ));
$$;

-- The payer of a receipt's payment: the student, or the applicant of an application fee.
create or replace function private.owns_payment(payment uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.payments p where p.id = payment
                 and (p.student_id = (select auth.uid()) or (p.application_id is not null and private.is_my_application(p.application_id))));
$$;

create or replace function private.issue_receipt() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  original public.receipts;
  issued timestamptz := coalesce(new.paid_at, now());
begin
  if new.status = 'succeeded' and (tg_op = 'INSERT' or old.status is distinct from 'succeeded') then
    insert into public.receipts (payment_id, kind, number, amount_xaf, issued_at, details)
    values (new.id, 'payment', private.next_receipt_number(issued), new.amount_xaf, issued, private.receipt_details(new))
    on conflict (payment_id, kind) do nothing;
  elsif tg_op = 'UPDATE' and new.status = 'refunded' and old.status = 'succeeded' then
    select * into original from public.receipts where payment_id = new.id and kind = 'payment';
    if found then
      insert into public.receipts (payment_id, kind, cancels_receipt_id, number, amount_xaf, issued_at, details)
      values (new.id, 'cancellation', original.id, private.next_receipt_number(now()), new.amount_xaf, now(),
              private.receipt_details(new) || jsonb_build_object('cancels', original.number, 'reason', new.note))
      on conflict (payment_id, kind) do nothing;
    end if;
  end if;
  return new;
end;
$$;

-- A receipt is never edited (only the PDF path may be attached) nor deleted.
create function private.freeze_receipt() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    -- Only the database owner outside any API request (maintenance, test clean-up) may.
    if (select auth.role()) is null then return old; end if;
    raise exception 'a receipt is never deleted: issue a cancelling receipt' using errcode = '42501';
  end if;
  if private.changed_columns(to_jsonb(new), to_jsonb(old), array['storage_path']) is not null then
    raise exception 'a receipt is never edited: issue a cancelling receipt' using errcode = '42501';
  end if;
  return new;
end;
$$;
create trigger receipts_freeze before update or delete on public.receipts
  for each row execute function private.freeze_receipt();
revoke all on function private.next_receipt_number(timestamptz), private.receipt_details(public.payments),
  private.freeze_receipt() from public;


-- Public verification (the QR code's page): confirms a receipt without exposing more than
-- needed — number, kind, date, amount, year, item, the payer's initials, and whether it
-- was cancelled. Unknown codes answer no row.
create function public.verify_receipt(code text) returns table (
  number text, kind text, issued_at timestamptz, amount_xaf integer, academic_year text,
  item_fr text, item_en text, payer_initials text, institution text, cancelled_by text)
  language sql stable security definer set search_path = ''
as $$
  select r.number, r.kind, r.issued_at, r.amount_xaf, r.details ->> 'academic_year',
    r.details ->> 'item_fr', r.details ->> 'item_en',
    (select string_agg(left(w, 1) || '.', ' ') from regexp_split_to_table(coalesce(r.details ->> 'payer', ''), '\s+') w where w <> ''),
    r.details ->> 'institution',
    (select c.number from public.receipts c where c.cancels_receipt_id = r.id)
  from public.receipts r
  where code ~ '^[0-9a-f]{32}$' and r.verification_code = code;
$$;
revoke all on function public.verify_receipt(text) from public;
grant execute on function public.verify_receipt(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- Balances: a payment of an applicant (no student yet) is nobody's balance.
create or replace view public.student_balances with (security_invoker = true) as
select s.student_id,
  coalesce(b.billed_xaf, 0)::bigint as billed_xaf,
  coalesce(p.paid_xaf, 0)::bigint as paid_xaf,
  (coalesce(b.billed_xaf, 0) - coalesce(p.paid_xaf, 0))::bigint as balance_xaf
from (
  select student_id from public.student_fees
  union
  select student_id from public.payments where student_id is not null
) s
left join (
  select sf.student_id, sum(greatest(fs.registration_fee_xaf + fs.tuition_xaf - sf.discount_xaf, 0)) as billed_xaf
  from public.student_fees sf join public.fee_schedules fs on fs.id = sf.fee_schedule_id
  group by sf.student_id
) b on b.student_id = s.student_id
left join (
  select student_id, sum(amount_xaf) as paid_xaf from public.payments
  where status = 'succeeded' and purpose = 'tuition' and student_id is not null group by student_id
) p on p.student_id = s.student_id;

-- Per bill: the registration fee and each instalment, what is owed (a discount lowers the
-- last instalments first), paid, and whether it is paid, partly paid, due or late.
create view public.student_dues with (security_invoker = true) as
with lines as (
  select sf.id as student_fee_id, sf.student_id, fs.id as fee_schedule_id, fs.academic_year_id,
    0 as position, null::uuid as instalment_id, 'Frais d''inscription' as label_fr, 'Registration fee' as label_en,
    fs.registration_fee_xaf as amount_xaf, null::date as due_on, 0::bigint as later_xaf, sf.discount_xaf,
    fs.late_penalty_xaf, fs.late_grace_days,
    (select count(*) from public.fee_instalments c where c.fee_schedule_id = fs.id) as instalment_count
  from public.student_fees sf join public.fee_schedules fs on fs.id = sf.fee_schedule_id
  where fs.registration_fee_xaf > 0
  union all
  select sf.id, sf.student_id, fs.id, fs.academic_year_id, fi.position, fi.id, fi.label_fr, fi.label_en,
    fi.amount_xaf, fi.due_on,
    coalesce(sum(fi.amount_xaf) over (partition by sf.id order by fi.position desc rows between unbounded preceding and 1 preceding), 0),
    sf.discount_xaf, fs.late_penalty_xaf, fs.late_grace_days,
    count(*) over (partition by sf.id)
  from public.student_fees sf
  join public.fee_schedules fs on fs.id = sf.fee_schedule_id
  join public.fee_instalments fi on fi.fee_schedule_id = fs.id
), owed as (
  select l.*,
    case when l.instalment_id is null then l.amount_xaf
         else greatest(0, l.amount_xaf - greatest(0, l.discount_xaf - l.later_xaf)) end as owed_xaf,
    coalesce((select sum(p.amount_xaf) from public.payments p
              where p.student_id = l.student_id and p.student_fee_id = l.student_fee_id and p.status = 'succeeded'
                and p.instalment_id is not distinct from l.instalment_id), 0)::bigint as paid_xaf,
    exists (select 1 from public.payments p where p.student_id = l.student_id and p.student_fee_id = l.student_fee_id
              and p.status in ('created', 'pending') and p.instalment_id is not distinct from l.instalment_id) as has_pending
  from lines l
)
select student_fee_id, student_id, fee_schedule_id, academic_year_id, instalment_id, position, instalment_count,
  label_fr, label_en, owed_xaf::integer as amount_xaf, due_on, paid_xaf, greatest(owed_xaf - paid_xaf, 0)::bigint as remaining_xaf,
  has_pending, late_penalty_xaf,
  case when paid_xaf >= owed_xaf then 'paid'
       when due_on is not null and due_on + late_grace_days < (now() at time zone 'Africa/Douala')::date then 'late'
       when paid_xaf > 0 then 'partial'
       else 'due' end as state
from owed;
comment on view public.student_dues is 'Per bill line (registration fee, instalments): owed after discount, paid, remaining, and paid/partial/due/late. RLS of the underlying tables applies.';
revoke all on public.student_dues from anon;
grant select on public.student_dues to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- The payments functions' steps (service role only).

-- 1. The row, with its idempotency key, before any operator is called. Calling it again
--    with the same key answers the same payment (a retried request pays once).
create function public.open_payment(
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
begin
  select * into row from public.payments p where p.idempotency_key = idempotency_key;
  if found then
    if row.amount_xaf <> amount_xaf or row.student_id is distinct from student or row.application_id is distinct from application then
      raise exception 'idempotency key reused for another payment' using errcode = '23505';
    end if;
    return row;
  end if;
  if instalment is not null then
    select sf.id into fee from public.student_fees sf join public.fee_instalments fi on fi.fee_schedule_id = sf.fee_schedule_id
    where fi.id = instalment and sf.student_id = student;
    if fee is null then
      raise exception 'this instalment is not on the student''s bill' using errcode = '23514';
    end if;
  elsif student is not null and purpose = 'tuition' then
    select sf.id into fee from public.student_fees sf where sf.student_id = student order by sf.created_at desc limit 1;
  end if;
  insert into public.payments (student_id, student_fee_id, instalment_id, application_id, purpose, amount_xaf,
                               method, provider, payer_phone, idempotency_key, status)
  values (student, fee, instalment, application, purpose, amount_xaf, method, provider, payer_phone, idempotency_key, 'created')
  returning * into row;
  return row;
end;
$$;

-- 2. The operator accepted the request: the payer now approves on the phone.
create function public.mark_payment_pending(idempotency_key text, provider_reference text default null) returns public.payments
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  row public.payments;
begin
  update public.payments p set status = 'pending', initiated_at = now(),
    reference = coalesce(provider_reference, p.reference)
  where p.idempotency_key = idempotency_key and p.status in ('created', 'pending')
  returning * into row;
  if not found then
    select * into row from public.payments p where p.idempotency_key = idempotency_key;
  end if;
  return row;
end;
$$;

-- 3. The confirmed outcome. Atomic (the row is locked) and idempotent: a second call, or
--    the callback and the reconciler at once, find the payment settled and credit nothing.
--    outcome: succeeded | failed | expired | cancelled | pending (only records the check).
--    When the provider contradicts a settled payment, the payment is flagged for the
--    bursar (mismatch) instead of being changed.
create function public.settle_payment(idempotency_key text, outcome text, provider_reference text default null,
                                      reason text default null)
  returns table (payment_id uuid, status text, credited boolean, receipt_number text)
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  row public.payments;
  moved boolean := false;
begin
  if outcome not in ('succeeded', 'failed', 'expired', 'cancelled', 'pending') then
    raise exception 'unknown outcome %', outcome using errcode = '22023';
  end if;
  select * into row from public.payments p where p.idempotency_key = idempotency_key for update;
  if not found then
    raise exception 'no payment with this key' using errcode = 'P0002';
  end if;
  if outcome = 'pending' then
    update public.payments p set checked_at = now() where p.id = row.id;
  elsif row.status in ('created', 'pending') then
    update public.payments p set status = outcome, checked_at = now(),
      reference = coalesce(provider_reference, p.reference),
      failure_reason = case when outcome = 'succeeded' then null else coalesce(reason, outcome) end
    where p.id = row.id;
    moved := true;
  elsif row.status <> outcome and row.mismatch is null then
    update public.payments p set checked_at = now(),
      mismatch = 'provider says ' || outcome || ', recorded ' || row.status
    where p.id = row.id;
  end if;
  return query
    select p.id, p.status, moved and p.status = 'succeeded',
      (select r.number from public.receipts r where r.payment_id = p.id and r.kind = 'payment')
    from public.payments p where p.id = row.id;
end;
$$;

-- The reconciler's work list: open payments older than `older_than`, oldest first.
create function public.payments_to_reconcile(older_than interval, max_rows integer default 1000)
  returns table (id uuid, idempotency_key text, provider text, reference text, payer_phone text,
                 status text, created_at timestamptz, initiated_at timestamptz)
  language sql stable security definer set search_path = ''
as $$
  select p.id, p.idempotency_key, p.provider, p.reference, p.payer_phone, p.status, p.created_at, p.initiated_at
  from public.payments p
  where p.status in ('created', 'pending') and p.provider is not null and p.idempotency_key is not null
    and p.created_at < now() - older_than
  order by p.created_at
  limit least(greatest(max_rows, 1), 20000);
$$;

revoke all on function public.open_payment(text, integer, text, text, text, uuid, uuid, uuid, text),
  public.mark_payment_pending(text, text), public.settle_payment(text, text, text, text),
  public.payments_to_reconcile(interval, integer) from public, anon, authenticated;
grant execute on function public.open_payment(text, integer, text, text, text, uuid, uuid, uuid, text),
  public.mark_payment_pending(text, text), public.settle_payment(text, text, text, text),
  public.payments_to_reconcile(interval, integer) to service_role;

-- ---------------------------------------------------------------------------------
-- Bank slips: the student uploads the slip (bank-slips bucket, <student_id>/<file>) and
-- declares it; the bursar approves (the payment succeeds, a receipt is issued) or rejects
-- with a reason.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('bank-slips', 'bank-slips', false, 5 * 1024 * 1024, array['application/pdf', 'image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

create function private.can_access_bank_slip(object_name text, operation text) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select private.is_admin() and operation = 'read'
    or (operation in ('read', 'write') and private.try_uuid(split_part(object_name, '/', 1)) = (select auth.uid()));
$$;
revoke all on function private.can_access_bank_slip(text, text) from public;
grant execute on function private.can_access_bank_slip(text, text) to authenticated;
create policy "objects: bank slips read" on storage.objects for select to authenticated
  using (bucket_id = 'bank-slips' and private.can_access_bank_slip(name, 'read'));
create policy "objects: bank slips upload" on storage.objects for insert to authenticated
  with check (bucket_id = 'bank-slips' and private.can_access_bank_slip(name, 'write'));

create function public.submit_bank_slip(instalment uuid, amount_xaf integer, bank_reference text, slip_path text)
  returns uuid
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  me uuid := (select auth.uid());
  fee uuid;
  created uuid;
begin
  if me is null then raise exception 'sign in first' using errcode = '42501'; end if;
  if split_part(slip_path, '/', 1) <> me::text then
    raise exception 'the slip must be in your folder' using errcode = '42501';
  end if;
  if amount_xaf is null or amount_xaf <= 0 then raise exception 'amount must be positive' using errcode = '23514'; end if;
  select sf.id into fee from public.student_fees sf
  left join public.fee_instalments fi on fi.fee_schedule_id = sf.fee_schedule_id and fi.id = instalment
  where sf.student_id = me and (instalment is null or fi.id is not null)
  order by sf.created_at desc limit 1;
  if fee is null then raise exception 'this instalment is not on your bill' using errcode = '23514'; end if;
  insert into public.payments (student_id, student_fee_id, instalment_id, amount_xaf, method, status, reference, slip_path)
  values (me, fee, instalment, amount_xaf, 'bank_transfer', 'pending', nullif(trim(bank_reference), ''), slip_path)
  returning id into created;
  return created;
end;
$$;
revoke all on function public.submit_bank_slip(uuid, integer, text, text) from public, anon;
grant execute on function public.submit_bank_slip(uuid, integer, text, text) to authenticated;

-- The bursar's decisions (admins): audited by the payments trigger, with the bursar's id.
create function public.review_bank_slip(payment uuid, approve boolean, reason text default null) returns public.payments
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  row public.payments;
begin
  if not private.is_admin() then raise exception 'only the bursar reviews slips' using errcode = '42501'; end if;
  if not approve and (reason is null or char_length(trim(reason)) < 3) then
    raise exception 'give the reason for rejecting the slip' using errcode = '23514';
  end if;
  select * into row from public.payments p where p.id = payment and p.method = 'bank_transfer' for update;
  if not found or row.status <> 'pending' then
    raise exception 'this slip is not waiting for a decision' using errcode = '23514';
  end if;
  update public.payments p set status = case when approve then 'succeeded' else 'failed' end,
    failure_reason = case when approve then null else 'slip_rejected' end,
    note = nullif(trim(reason), '')
  where p.id = payment returning * into row;
  return row;
end;
$$;

create function public.record_cash_payment(student uuid, instalment uuid, amount_xaf integer, cash_reference text)
  returns public.payments
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  row public.payments;
  fee uuid;
begin
  if not private.is_admin() then raise exception 'only the bursar records cash' using errcode = '42501'; end if;
  if cash_reference is null or char_length(trim(cash_reference)) < 2 then
    raise exception 'give the cash-desk slip number' using errcode = '23514';
  end if;
  select sf.id into fee from public.student_fees sf
  left join public.fee_instalments fi on fi.fee_schedule_id = sf.fee_schedule_id and fi.id = instalment
  where sf.student_id = student and (instalment is null or fi.id is not null)
  order by sf.created_at desc limit 1;
  if fee is null then raise exception 'this instalment is not on the student''s bill' using errcode = '23514'; end if;
  insert into public.payments (student_id, student_fee_id, instalment_id, amount_xaf, method, status, reference)
  values (student, fee, instalment, amount_xaf, 'cash', 'succeeded', trim(cash_reference))
  returning * into row;
  return row;
end;
$$;

create function public.refund_payment(payment uuid, reason text) returns public.payments
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  row public.payments;
begin
  if not private.is_admin() then raise exception 'only the bursar refunds' using errcode = '42501'; end if;
  if reason is null or char_length(trim(reason)) < 3 then
    raise exception 'give the reason for the refund' using errcode = '23514';
  end if;
  update public.payments p set status = 'refunded', note = trim(reason) where p.id = payment returning * into row;
  if not found then raise exception 'no such payment' using errcode = 'P0002'; end if;
  return row;
end;
$$;

-- A student (or applicant) cancels its own payment while it is still waiting.
create function public.cancel_my_payment(payment uuid) returns public.payments
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  row public.payments;
begin
  update public.payments p set status = 'cancelled', failure_reason = 'cancelled_by_payer'
  where p.id = payment and p.status in ('created', 'pending') and p.method in ('mtn_momo', 'orange_money', 'bank_transfer')
    and (p.student_id = (select auth.uid()) or exists (
      select 1 from public.applications a where a.id = p.application_id and a.applicant_id = (select auth.uid())))
  returning * into row;
  if not found then raise exception 'this payment cannot be cancelled' using errcode = '42501'; end if;
  return row;
end;
$$;

revoke all on function public.review_bank_slip(uuid, boolean, text), public.record_cash_payment(uuid, uuid, integer, text),
  public.refund_payment(uuid, text), public.cancel_my_payment(uuid) from public, anon;
grant execute on function public.review_bank_slip(uuid, boolean, text), public.record_cash_payment(uuid, uuid, integer, text),
  public.refund_payment(uuid, text), public.cancel_my_payment(uuid) to authenticated;

-- ---------------------------------------------------------------------------------
-- Live status on the student's page.
do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime')
     and not exists (select 1 from pg_publication_tables
                     where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'payments') then
    alter publication supabase_realtime add table public.payments;
  end if;
end
$$;
